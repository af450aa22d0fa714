"""A Howell with a phantom goes out through our USEBIO export and back
unchanged: the export writes each board's points on its own top (two results)
and the totals factored to the three results expected, so the import reads the
results expected from the totals, and says so."""

from __future__ import annotations

from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command

from scoring.interchange.usebio import import_file
from tests.scoring.interchange.test_round_trips import pairs_results, usebio_of
from tests.usebio import DATA
from tournaments.models import Section

pytestmark = pytest.mark.django_db

PHANTOM = DATA / "nz_scorer_howell_phantom.xml"


def test_a_howell_with_a_phantom_comes_back_from_usebio(tmp_path: Path) -> None:
    first = import_file(path=PHANTOM)
    assert first.expected == {"A": 3}  # NZ Scorer's factored tops
    again = import_file(path=usebio_of(first.event, tmp_path))
    assert (again.expected, again.expected_by_totals) == ({}, {"A": 3})
    assert again.agreement.disagreements == []
    section = Section.objects.get(session__event=again.event)
    assert section.expected_results == 3
    ours, theirs = pairs_results(again.event), pairs_results(first.event)
    assert ours["lines"] == theirs["lines"]
    assert ours["rankings"] == theirs["rankings"]


def test_the_command_says_the_totals_gave_the_results_expected(
    tmp_path: Path,
) -> None:
    first = import_file(path=PHANTOM)
    out = StringIO()
    call_command("import_usebio", str(usebio_of(first.event, tmp_path)), stdout=out)
    assert (
        "section A: 3 results expected per board (the file's totals)" in out.getvalue()
    )
