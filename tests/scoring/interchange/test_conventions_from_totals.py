"""Conventions recognised from the totals. A Howell with a phantom goes out
through our USEBIO export and back unchanged: the export writes each board's
points on its own top (two results) and the totals factored to the three
results expected, so the import reads the results expected from the totals,
and says so. Totals not factored (BriAn) are recognised as no factoring."""

from __future__ import annotations

from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command

from scoring.interchange.pbn_import import pbn_results_import
from scoring.interchange.usebio import import_file
from tests.scoring.interchange.test_round_trips import (
    pairs_results,
    pbn_of,
    usebio_of,
)
from tests.usebio import DATA, edited
from tournaments.models import Event, Section

pytestmark = pytest.mark.django_db

PHANTOM = DATA / "nz_scorer_howell_phantom.xml"
UNROUNDED = DATA / "compscore_unrounded_neuberg.xml"


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


def test_totals_without_factoring_are_recognised(tmp_path: Path) -> None:
    """BriAn's shape: each board on its own top and totals not factored (the
    board short of results keeps its top); written here by our export of the
    same event scored without factoring."""
    first = import_file(path=UNROUNDED).event
    first.factoring = Event.Factoring.NONE
    first.save(update_fields=["factoring"])
    path = edited(usebio_of(first, tmp_path), tmp_path, ("bridgescore", "BriAn"))
    out = StringIO()
    call_command("import_usebio", str(path), stdout=out)
    assert "factoring: No factoring (the file's totals)" in out.getvalue()
    again = Event.objects.exclude(pk=first.pk).get()
    assert again.factoring == Event.Factoring.NONE
    assert pairs_results(again)["rankings"] == pairs_results(first)["rankings"]


def test_a_howell_with_a_phantom_comes_back_from_pbn(tmp_path: Path) -> None:
    first = import_file(path=PHANTOM).event
    again = pbn_results_import(path=pbn_of(first, tmp_path))
    assert again.convention.endswith("; 3 results expected per board")
    assert Section.objects.get(session__event=again.event).expected_results == 3
    ours, theirs = pairs_results(again.event), pairs_results(first)
    assert ours["lines"] == theirs["lines"]
    assert ours["rankings"] == theirs["rankings"]
