"""Team matches across two rooms (scoring.md §10, §13, §14)."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.engine.outcomes import Artificial, Average, Played, Weighted
from scoring.engine.policy import ScoringPolicy
from scoring.engine.teams import (
    Rooms,
    bam_points,
    board_result,
    match_vps,
    team_imps,
    vp_margin,
)

POLICY = ScoringPolicy()


def rooms(open_ns: int, closed_ns: int) -> Rooms:
    """Both rooms played: each line's EW side scores the same NS score."""
    return Rooms(Played(open_ns), Played(open_ns), Played(closed_ns), Played(closed_ns))


def test_it_imps_home_ns_in_the_open_room_against_home_ew_in_the_closed() -> None:
    result = board_result(rooms(420, -50), policy=POLICY)  # 470: 10 IMPs
    assert (result.home_imps, result.away_imps) == (10, -10)
    assert (result.home_bam, result.away_bam) == (1, 0)


def test_a_flat_board_is_halved_at_board_a_match() -> None:
    result = board_result(rooms(600, 600), policy=POLICY)
    assert (result.home_imps, result.home_bam, result.away_bam) == (
        0,
        Fraction(1, 2),
        Fraction(1, 2),
    )


def test_board_a_match_counts_the_board_not_the_size_of_the_win() -> None:
    small = board_result(rooms(120, 90), policy=POLICY)  # 1 IMP
    assert (small.home_imps, small.home_bam) == (1, 1)


def test_point_a_board_units_give_two_for_a_win() -> None:
    policy = ScoringPolicy(bam_units="2-1-0")
    assert board_result(rooms(-100, -200), policy=policy).home_bam == 2


def test_an_artificial_side_scores_its_award_and_decides_the_board() -> None:
    award = Artificial(Average.PLUS)
    assert team_imps(award, Played(-2000), policy=POLICY) == 3
    assert team_imps(Played(2000), Artificial(Average.MINUS), policy=POLICY) == -3


def test_with_an_adjusted_room_the_board_goes_to_the_side_with_more_imps() -> None:
    adjusted = Rooms(
        Played(420), Played(420), Artificial(Average.MINUS), Artificial(Average.PLUS)
    )
    result = board_result(adjusted, policy=POLICY)
    # closed room: away NS (A40) −3, home EW (A60) +3, whatever the open room made
    assert (result.home_imps, result.away_imps) == (3, -3)
    assert (result.home_bam, result.away_bam) == (1, 0)


def test_adjusted_rooms_with_equal_imps_halve_the_board() -> None:
    adjusted = Rooms(
        Artificial(Average.AVERAGE),
        Artificial(Average.AVERAGE),
        Played(100),
        Played(100),
    )
    result = board_result(adjusted, policy=POLICY)
    assert (result.home_bam, result.away_bam) == (Fraction(1, 2), Fraction(1, 2))


def test_a_weighted_side_imps_each_part_by_its_weight() -> None:
    weighted = Weighted(((Fraction(1, 2), 420), (Fraction(1, 2), -50)))
    # ½·IMPs(420 − 0) + ½·IMPs(−50 − 0) = ½·9 + ½·(−2)
    assert team_imps(weighted, Played(0), policy=POLICY) == Fraction(7, 2)


@pytest.mark.parametrize(
    ("home", "away", "margin"),
    [
        (Fraction(21, 2), Fraction(0), 10),  # 10.5 → 10: a half to even
        (Fraction(23, 2), Fraction(0), 12),  # 11.5 → 12
        (Fraction(3), Fraction(7), -4),
    ],
)
def test_the_imp_margin_is_rounded_to_a_whole_imp_half_to_even(
    home: Fraction, away: Fraction, margin: int
) -> None:
    assert vp_margin(home, away) == margin


def test_a_match_of_two_boards_won_by_ten_imps_gives_16_46_to_3_54() -> None:
    assert match_vps(Fraction(10), Fraction(0), 2, policy=POLICY) == (
        Decimal("16.46"),
        Decimal("3.54"),
    )


def test_board_a_match_points_total_exactly() -> None:
    assert bam_points([Fraction(1), Fraction(1, 2), Fraction(0)]) == Decimal("1.50")


@given(st.integers(-7600, 7600), st.integers(-7600, 7600))
def test_imps_across_two_rooms_are_antisymmetric(open_ns: int, closed_ns: int) -> None:
    result = board_result(rooms(open_ns, closed_ns), policy=POLICY)
    assert result.home_imps == -result.away_imps
    assert result.home_bam + result.away_bam == 1
