"""Handicapped pairs: raw percentage plus the pair's handicap (handicap.py)."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from scoring.engine.handicap import (
    handicapped_percentage,
    handicapped_places,
    pair_handicap,
)
from scoring.engine.policy import HandicapRule

# Worked by hand. Raw: A 62.5, B 55, C 48.75, D 41.
RAW = {
    "A": Fraction(125, 2),
    "B": Fraction(55),
    "C": Fraction(195, 4),
    "D": Fraction(41),
}
PLAYERS: dict[str, list[Decimal | None]] = {
    "A": [Decimal(-4), Decimal(-2)],
    "B": [Decimal(0), Decimal(1)],
    "C": [Decimal(8), Decimal(9)],
    "D": [Decimal(6), None],  # a player without a handicap is scratch (0)
}


def test_the_average_rule_worked_by_hand() -> None:
    # A −3 → 59.5; B 0.5 → 55.5; C 8.5 → 57.25; D 3 → 44.
    handicaps = {k: pair_handicap(v) for k, v in PLAYERS.items()}
    assert handicaps == {"A": -3, "B": Fraction(1, 2), "C": Fraction(17, 2), "D": 3}
    scores, places = handicapped_places(RAW, handicaps)
    assert scores == {
        "A": Fraction(119, 2), "B": Fraction(111, 2), "C": Fraction(229, 4), "D": 44,
    }  # fmt: skip
    assert places == {"A": "1", "C": "2", "B": "3", "D": "4"}


def test_the_sum_rule_worked_by_hand() -> None:
    # A −6 → 56.5; B 1 → 56; C 17 → 65.75; D 6 → 47.
    handicaps = {k: pair_handicap(v, rule=HandicapRule.SUM) for k, v in PLAYERS.items()}
    scores, places = handicapped_places(RAW, handicaps)
    assert scores["C"] == Fraction(263, 4) and scores["D"] == 47
    assert places == {"C": "1", "A": "2", "B": "3", "D": "4"}


def test_a_pairs_own_handicap_is_used_instead_of_its_players() -> None:
    assert pair_handicap([Decimal(8), Decimal(9)], own=Decimal("-1.5")) == Fraction(
        -3, 2
    )
    assert pair_handicap([], own=None) == 0


def test_equal_handicapped_percentages_share_a_place() -> None:
    scores, places = handicapped_places(
        {"A": Fraction(60), "B": Fraction(58)}, {"B": Fraction(2)}
    )
    assert scores == {"A": 60, "B": 60} and places == {"A": "1=", "B": "1="}


def test_the_handicapped_percentage_is_exact() -> None:
    assert handicapped_percentage(Fraction(1, 3), Fraction(1, 6)) == Fraction(1, 2)
