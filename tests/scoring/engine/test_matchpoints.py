"""Matchpoints by the frequency method (scoring.md §3, §7): MP-1 … MP-4, WGT-1."""

from __future__ import annotations

from fractions import Fraction

import pytest

from scoring.engine.matchpoints import (
    column_matchpoints,
    matchpoints,
    plus_minus,
    to_presentation,
    top,
)
from scoring.engine.outcomes import Distribution, Played, Weighted, distribution
from scoring.engine.policy import MpPresentation


def expand(table: list[tuple[int, int]]) -> list[int]:
    """Turn (score, frequency) rows into a list of scores."""
    return [score for score, frequency in table for _ in range(frequency)]


MP_1 = [(400, 2), (150, 1), (120, 3), (-50, 4)]
MP_1_POINTS = {400: 17, 150: 14, 120: 10, -50: 3}
MP_2 = [(1430, 1), (690, 1), (680, 3), (660, 2), (650, 1), (-100, 2), (-200, 1)]
MP_2_POINTS = {1430: 20, 690: 18, 680: 14, 660: 9, 650: 6, -100: 3, -200: 0}


@pytest.mark.parametrize(
    ("table", "expected"),
    [
        pytest.param(MP_1, MP_1_POINTS, id="MP-1"),
        pytest.param(MP_2, MP_2_POINTS, id="MP-2"),
    ],
)
def test_it_matchpoints_the_published_frequency_tables(
    table: list[tuple[int, int]], expected: dict[int, int]
) -> None:
    scores = expand(table)
    assert matchpoints(scores) == [expected[score] for score in scores]


def test_mp_1_column_totals_n_times_n_minus_one() -> None:
    scores = expand(MP_1)
    assert sum(matchpoints(scores)) == 90 == 10 * 9
    assert top(len(scores)) == 18


@pytest.mark.parametrize(
    ("score", "acbl"),
    [(400, Fraction(17, 2)), (150, 7), (120, 5), (-50, Fraction(3, 2))],
    ids=["MP-1 +400", "MP-1 +150", "MP-1 +120", "MP-1 -50"],
)
def test_acbl_presentation_halves_the_internal_units(
    score: int, acbl: Fraction
) -> None:
    internal = MP_1_POINTS[score]
    presented = to_presentation(internal, presentation=MpPresentation.ACBL)
    assert presented == acbl
    assert to_presentation(internal, presentation=MpPresentation.EUROPEAN) == internal


def test_mp_3_acbl_units_for_both_directions() -> None:
    ns_scores = [150, 140, -100, -150]
    ns = matchpoints(ns_scores)
    ew = matchpoints([-score for score in ns_scores])
    acbl = MpPresentation.ACBL
    assert [to_presentation(m, presentation=acbl) for m in ns] == [3, 2, 1, 0]
    assert [to_presentation(m, presentation=acbl) for m in ew] == [0, 1, 2, 3]


def test_mp_4_scores_the_ew_view_with_the_ew_scores() -> None:
    ew_scores = expand([(710, 4), (680, 4), (650, 1), (500, 1)])
    points = dict(zip(ew_scores, matchpoints(ew_scores), strict=True))
    assert points == {710: 15, 680: 7, 650: 2, 500: 0}


def test_three_tied_scores_share_the_places_they_occupy() -> None:
    # Places worth 16, 14, 12 -> 14 each (scoring.md §3).
    scores = [9, 8, 7, 7, 7, 3, 2, 1, 0]
    assert matchpoints(scores)[2:5] == [10, 10, 10]
    scores = [7, 7, 7, 3, 2, 1, 0, -1, -2]
    assert matchpoints(scores)[:3] == [14, 14, 14]


def test_a_single_result_gets_zero_on_a_top_of_zero() -> None:
    assert matchpoints([420]) == [0]
    assert top(1) == 0
    assert top(0) == 0


def test_wgt_1_weighted_result_counts_as_fractional_frequencies() -> None:
    weighted = Weighted(((Fraction(2, 5), 420), (Fraction(3, 5), -50)))
    column: list[int | Distribution] = [distribution(weighted), 420, 170, -50]
    points = column_matchpoints(column)
    assert points == [Fraction(13, 5), Fraction(28, 5), Fraction(16, 5), Fraction(3, 5)]
    assert sum(points) == 12


def test_a_played_result_as_a_distribution_scores_like_the_score() -> None:
    column: list[int | Distribution] = [distribution(Played(420)), 420, 170, -50]
    assert column_matchpoints(column) == [5, 5, 2, 0]


def test_the_ew_distribution_negates_the_scores() -> None:
    weighted = Weighted(((Fraction(1, 2), 100), (Fraction(1, 2), -100)))
    assert distribution(weighted, sign=-1) == (
        (Fraction(1, 2), -100),
        (Fraction(1, 2), 100),
    )


@pytest.mark.parametrize(
    "parts",
    [
        (),
        ((Fraction(1, 2), 420),),
        ((Fraction(3, 2), 420), (Fraction(-1, 2), -50)),
        ((Fraction(0), 420), (Fraction(1), -50)),
    ],
    ids=["empty", "sum below one", "negative weight", "zero weight"],
)
def test_a_weighted_score_rejects_bad_weights(
    parts: tuple[tuple[Fraction, int], ...],
) -> None:
    with pytest.raises(ValueError, match="weight"):
        Weighted(parts)


def test_plus_minus_counts_each_comparison_plus_one_zero_or_minus_one() -> None:
    """Norway's scale, counted comparison by comparison, equals the internal
    points less half the top (MP-1: ten results, a top of 18)."""
    scores = expand(MP_1)
    for score, points in zip(scores, matchpoints(scores), strict=True):
        counted = sum((s < score) - (s > score) for s in scores)
        assert plus_minus(points, top(len(scores))) == counted
    assert plus_minus(MP_1_POINTS[400], 18) == 8  # beats 8, ties 1
    assert plus_minus(MP_1_POINTS[-50], 18) == -6  # beaten by 6, ties 3


def test_plus_minus_of_a_factored_line_and_of_a_total_is_exact() -> None:
    assert plus_minus(Fraction(31, 3), 12) == Fraction(13, 3)
    assert plus_minus(Fraction(25, 2), 34) == Fraction(-9, 2)  # a total of two tops
