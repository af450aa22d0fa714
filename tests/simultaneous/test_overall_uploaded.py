"""The overall ranking against the independent computation when one of the three
heats (3, 5 and 7 tables) came as a USEBIO file: the 5-table heat scored
elsewhere, its file (the program's own USEBIO export) uploaded into the
simultaneous, gives the very overall its played results gave."""

from __future__ import annotations

from pathlib import Path

import orjson
import pytest

from scoring.interchange.exports import usebio_file
from scoring.interchange.heat_upload import heat_import
from scoring.models import TravellerLine
from scoring.reports.numbers import rounded_float
from scoring.standings import session_results
from tests.simultaneous.test_overall import expected_percentages, run, sims
from tournaments.models import Simultaneous

pytestmark = pytest.mark.django_db
__all__ = ["sims"]  # the fixture


def overall(made: Simultaneous) -> dict[tuple[str, str], float]:
    data = orjson.loads(run("results", str(made.event_id), "--json"))
    return {(row["club"], row["pair"]): row["percentage"] for row in data["overall"]}


def test_a_heat_uploaded_as_usebio_scores_as_if_played_here(
    sims: Simultaneous, tmp_path: Path
) -> None:
    before = overall(sims)
    beta = sims.heats.get(club__name="Beta")
    path = tmp_path / "beta.xml"
    path.write_bytes(usebio_file(session_results(beta.session)).content)
    beta.session.event.delete()  # the club scored it elsewhere
    heat_import(path=path, simultaneous=sims, club="Beta")
    uploaded = sims.heats.get(club__name="Beta").session
    assert uploaded.event.source
    lines = list(TravellerLine.objects.select_related("board", "ns_pair"))
    assert len(lines) == 3 * 12 + 5 * 20 + 7 * 13
    wanted = sorted(rounded_float(p) for p in expected_percentages(lines).values())
    after = overall(sims)
    assert sorted(after.values()) == wanted
    assert after == before
