"""The conventions of real PBN results files recognised from their numbers,
each proved by a small file shaped like the real ones and the line that says
which convention explained it."""

from __future__ import annotations

import json
from fractions import Fraction
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import CommandError, call_command

from scoring.models import TravellerLine
from scoring.standings.families import session_results
from tests.paths import ROOT
from tournaments.models import Event, Pair

pytestmark = pytest.mark.django_db

DATA = ROOT / "tests" / "data" / "pbn"


def run(*args: str) -> list[str]:
    out = StringIO()
    call_command(*args, stdout=out)
    return out.getvalue().splitlines()


def results_json(event_id: int) -> dict[str, Any]:
    out = StringIO()
    call_command("results", str(event_id), "--json", stdout=out)
    data: dict[str, Any] = json.loads(out.getvalue())
    return data


def test_norways_plus_minus_matchpoints_are_recognised() -> None:
    """Ruter i Norge: each line's points +1/0/−1 per comparison, negative
    allowed; totals the sums; percentages as 2/1/0 gives them."""
    out = run("import_pbn", str(DATA / "results_ruter_plus_minus.pbn"))
    event = Event.objects.get()
    assert out[1] == (
        "the file's conventions: +1 / 0 / −1 per comparison "
        "(plus/minus, Ruter i Norge); "
        "Neuberg (EBU: nearest 0.1); totals summed over the boards played"
    )
    assert out[2] == (
        "checked against the file: the matchpoints of 9 lines and the totals "
        "of 6 pairs agree"
    )
    assert event.mp_presentation == Event.Presentation.EUROPEAN
    results = session_results(event.sessions.get())
    by_pair = {s.pair.label: (s.points, s.percentage) for s in results.standings}
    assert by_pair["3"] == (8, Fraction(200, 3))  # +2 on plus/minus: 8 − 12/2
    assert by_pair["4"] == (3, 25)  # −3 on plus/minus


def test_a_plus_minus_file_with_a_wrong_line_is_refused(tmp_path: Path) -> None:
    text = (DATA / "results_ruter_plus_minus.pbn").read_text(encoding="utf-8")
    old = '"50" -2.0  2.0   0 100'
    assert old in text
    path = tmp_path / "altered.pbn"
    path.write_text(text.replace(old, '"50" -1.0  2.0   0 100', 1), encoding="utf-8")
    with pytest.raises(CommandError, match="line 34: NS matchpoints"):
        run("import_pbn", str(path))
    assert not Event.objects.exists()


def test_jfrs_median_butler_datum_is_recognised() -> None:
    """JFR Pary: each board's datum the median of its results (board 1: 110
    of 120, 110, −50; the mean would be 60 and give 2, 2, −3 IMPs)."""
    out = run("import_pbn", str(DATA / "results_jfr_butler_median.pbn"))
    event = Event.objects.get()
    assert out[1] == (
        "the file's conventions: Butler pairs (IMPs against a datum); "
        "Median of the field (JFR); An exact …5 to the even ten (425 → 420)"
    )
    assert out[2] == (
        "checked against the file: the IMPs of 9 lines and the totals of 6 pairs agree"
    )
    assert (event.scoring, event.datum_source) == (
        Event.Scoring.BUTLER,
        Event.DatumSource.MEDIAN,
    )
    results = session_results(event.sessions.get())
    assert [b.datum for b in results.boards] == [110, 0, -600]
    by_pair = {s.pair.label: s.points for s in results.standings}
    assert (by_pair["3"], by_pair["1"], by_pair["6"]) == (10, -9, 4)


def test_a_totalscoretable_of_players_becomes_an_individual() -> None:
    """Ruter's individual: PlayerId_North … on each line, PlayerId in the
    totals; each player credited his side's points on every board."""
    out = run("import_pbn", str(DATA / "results_ruter_individual.pbn"))
    event = Event.objects.get()
    assert out[0] == "imported 'Club individual': 3 boards, 8 players"
    assert out[1] == (
        "the file's conventions: an individual: each player credited his "
        "side's points; 2 / 1 / 0 per comparison; "
        "Neuberg (EBU: nearest 0.1); totals pro-rated to the full session"
    )
    assert out[2] == (
        "checked against the file: the matchpoints of 6 lines and the totals "
        "of 8 players agree"
    )
    assert (event.individual, event.two_winners) == (True, False)
    line = TravellerLine.objects.get(board__number=3, table=2)
    seats = (line.ns_pair, line.ew_pair, line.south, line.west)
    assert [p.label if p else "" for p in seats] == ["3", "7", "4", "8"]
    results = session_results(event.sessions.get())
    by_player = {s.pair.label: (s.points, s.percentage) for s in results.standings}
    assert by_player["3"] == (4, Fraction(200, 3))  # with 1, then 4 as partner
    assert by_player["8"] == (2, Fraction(100, 3))
    assert len(by_player) == 8
    names = {p.name: p.national_id for p in Pair.objects.get(label="5").players.all()}
    assert names == {"Eve Lund": "105"}


def test_simultaneous_percentages_are_recognised_and_kept() -> None:
    """The standard's reference shape: each line (MP + 1) / (2n) (a top of 4
    of three results: 83.33, not 100), each pair the mean of its boards'."""
    out = run("import_pbn", str(DATA / "results_sims_percentage.pbn"))
    event = Event.objects.get()
    assert out[1] == (
        "the file's conventions: 2 / 1 / 0 per comparison; "
        "Neuberg (EBU: nearest 0.1); totals pro-rated to the full session; "
        "simultaneous percentage (MP + 1) / (2n)"
    )
    assert event.sims_percentage is True
    results = session_results(event.sessions.get())
    by_pair = {s.pair.label: (s.percentage, s.rank) for s in results.standings}
    assert by_pair["3"] == (Fraction(550, 9), "1")  # (1 + 5 + 5) / 18
    assert by_pair["4"] == (Fraction(100, 3), "3")  # (1 + 1 + 4) / 18
    assert by_pair["1"] == (Fraction(400, 9), "2=")
