"""The overall ranking against the independent computation when one of the three
heats (3, 5 and 7 tables) came as a USEBIO or a PBN file: the 5-table heat
scored elsewhere, its file (the program's own USEBIO or PBN export) uploaded
into the simultaneous, gives the very overall its played results gave."""

from __future__ import annotations

from pathlib import Path

import orjson
import pytest

from scoring.formats.pbn_write import write_pbn
from scoring.interchange.exports import event_session, scored_session, usebio_file
from scoring.interchange.heat_upload import heat_file_import
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


@pytest.mark.parametrize("kind", ["usebio", "pbn"])
def test_a_heat_uploaded_as_a_file_scores_as_if_played_here(
    sims: Simultaneous, tmp_path: Path, kind: str
) -> None:
    before = overall(sims)
    beta = sims.heats.get(club__name="Beta")
    path = tmp_path / "beta"
    if kind == "usebio":
        path.write_bytes(usebio_file(session_results(beta.session)).content)
    else:
        scored = scored_session(event_session(beta.session.event))
        path.write_bytes(write_pbn(scored, "test").content)
    beta.session.event.delete()  # the club scored it elsewhere
    heat_file_import(path=path, simultaneous=sims, club="Beta")
    uploaded = sims.heats.get(club__name="Beta").session
    assert uploaded.event.source
    lines = list(TravellerLine.objects.select_related("board", "ns_pair"))
    assert len(lines) == 3 * 12 + 5 * 20 + 7 * 13
    wanted = sorted(rounded_float(p) for p in expected_percentages(lines).values())
    after = overall(sims)
    assert sorted(after.values()) == wanted
    assert after == before
