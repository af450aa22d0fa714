"""Butler and cross-IMP pairs scored on read: adjusted scores, Butler against par,
totals and the JSON of an event typed at the keyboard."""

from __future__ import annotations

from fractions import Fraction

import pytest

from scoring.entry import services
from scoring.reports.results_json import event_json
from scoring.standings import ScoredLine, session_results
from scoring.standings.results import Points
from tests.factories import make_howell, make_result, section_of
from tournaments.models import Event

pytestmark = pytest.mark.django_db

# scoring.md §11 par vectors: board 1 (dealer N, none vulnerable) has par +110
DEAL = "N:AKQJ8..AT8632.43 T742.Q9543.J.QT8 63.AJT8.97.J7652 95.K762.KQ54.AK9"


def three_tables(scoring: str, **options: object) -> Event:
    event = make_howell(tables=3)
    Event.objects.filter(pk=event.pk).update(scoring=scoring, **options)
    return Event.objects.get(pk=event.pk)


def board_one(event: Event) -> None:
    s = section_of(event)
    make_result(s, 1, "1", "2", "2S N =")  # +110
    make_result(s, 1, "3", "4", "3S N =")  # +140
    make_result(s, 1, "5", "6", "2S N +2")  # +170


def points(event: Event) -> dict[str, tuple[Fraction, Fraction]]:
    board = session_results(event.sessions.get()).boards[0]
    return {
        s.line.ns_pair.label: (points_of(s).ns, points_of(s).ew) for s in board.lines
    }


def points_of(scored: ScoredLine) -> Points:
    """The line's points, which a line with a result or a score must have."""
    assert scored.points is not None, f"line {scored.line.pk} has no points"
    return scored.points


def test_butler_imps_each_line_against_the_field_datum() -> None:
    event = three_tables("butler")
    board_one(event)
    # three results: nothing dropped, mean 140 → datum 140
    assert points(event) == {"1": (-1, 1), "3": (0, 0), "5": (1, -1)}
    board = event_json(event)["boards"][0]
    assert (board["datum"], board["top"]) == (140, None)


def test_butler_against_par_uses_the_deal() -> None:
    event = three_tables("butler", datum_source="par")
    board_one(event)
    section_of(event).session.boards.filter(number=1).update(deal=DEAL)
    assert points(event) == {"1": (0, 0), "3": (1, -1), "5": (2, -2)}
    assert session_results(event.sessions.get()).boards[0].datum == 110


def test_an_artificial_score_gets_three_imps_and_stays_out_of_the_datum() -> None:
    event = three_tables("butler")
    board_one(event)
    line = section_of(event).lines.get(ns_pair__label="5")
    services.artificial_set(line=line, ns="A60", ew="A40")
    # datum of +110 and +140: 125 → 120 (to even)
    assert points(event) == {"1": (0, 0), "3": (1, -1), "5": (3, -3)}


def test_cross_imps_average_over_the_other_results() -> None:
    event = three_tables("cross_imps")
    board_one(event)
    # +110 v +140 (−1), v +170 (−2): −3 / 2
    assert points(event)["1"] == (Fraction(-3, 2), Fraction(3, 2))
    assert points(event)["5"] == (Fraction(3, 2), Fraction(-3, 2))


def test_cross_imp_totals_rank_the_pairs() -> None:
    event = three_tables("cross_imps", ximp_divisor="none")
    board_one(event)
    data = event_json(event)
    ranks = {
        r["pair"]: (r["score"], r["rank"], r["percentage"]) for r in data["rankings"]
    }
    assert ranks["5"] == (3.0, "1=", None)
    assert ranks["6"] == (-3.0, "5=", None)
