"""Percentages, session sums and places (scoring.md §4)."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest

from scoring.engine.ranking import Tally, percentage, rank


def test_the_section_4_session_percentage_is_75_not_the_mean_73_33() -> None:
    tally = Tally()
    for points, top in ((7, 10), (4, 8), (10, 10)):
        tally.add(points, top=top)
    assert (tally.points, tally.top, tally.boards) == (21, 28, 3)
    assert tally.percentage == 75
    mean = sum(percentage(p, t) for p, t in ((7, 10), (4, 8), (10, 10))) / 3
    assert round(mean, 2) == Fraction("73.33")


def test_a_tally_adds_fractions_exactly() -> None:
    tally = Tally()
    for points in (Fraction(1, 3), Fraction("4.8"), 2, Fraction(2, 3)):
        tally.add(points, top=8)
    assert tally.points == Fraction("7.8")


@pytest.mark.parametrize(
    ("points", "top", "expected"),
    [(7, 10, 70), (Fraction(29, 6), 12, Fraction(725, 18)), (0, 0, 50), (3, 4, 75)],
    ids=["board 1", "N-2 percent", "top zero is average", "three of four"],
)
def test_percentage_is_a_hundred_times_points_over_top(
    points: Fraction | int, top: int, expected: Fraction
) -> None:
    assert percentage(points, top) == expected


def test_equal_values_share_a_place_and_the_next_is_skipped() -> None:
    values: dict[str, int | Fraction] = {
        "a": 60,
        "b": Fraction(55),
        "c": 55,
        "d": 50,
        "e": 70,
    }
    assert rank(values) == {"e": "1", "a": "2", "b": "3=", "c": "3=", "d": "5"}


def test_it_ranks_decimals_and_fractions_together() -> None:
    values: dict[str, Decimal | Fraction] = {
        "a": Decimal("52.5"),
        "b": Fraction(105, 2),
        "c": Decimal("52.49"),
    }
    assert rank(values) == {"a": "1=", "b": "1=", "c": "3"}


def test_an_empty_field_has_no_places() -> None:
    assert rank({}) == {}
