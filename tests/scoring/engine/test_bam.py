"""Board-a-match (scoring.md §14)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from scoring.engine.bam import bam_board, bam_match

HALF = Fraction(1, 2)

# BAM-1: (A's NS in room 1, B's NS in room 2, A's points, B's points)
BAM_1 = [
    (620, 600, 1, 0),
    (420, 420, HALF, HALF),
    (-100, -130, 1, 0),
    (130, 120, 1, 0),
    (-50, 110, 0, 1),
]


@pytest.mark.parametrize(
    ("room1", "room2", "a", "b"), BAM_1, ids=[f"BAM-1 board {i}" for i in range(1, 6)]
)
def test_bam_1_board_by_board(room1: int, room2: int, a: Fraction, b: Fraction) -> None:
    assert bam_board(room1, room2) == (a, b)


def test_bam_1_match_total() -> None:
    boards = [(room1, room2) for room1, room2, _, _ in BAM_1]
    assert bam_match(boards) == (Fraction(7, 2), Fraction(3, 2))


def test_point_a_board_units_are_two_one_nought() -> None:
    boards = [(room1, room2) for room1, room2, _, _ in BAM_1]
    assert bam_match(boards, units="2-1-0") == (7, 3)


def test_without_tolerance_ten_points_win_the_board() -> None:
    assert bam_board(130, 120) == (1, 0)


def test_a_tolerance_turns_small_differences_into_ties() -> None:
    assert bam_board(130, 120, tolerance=10) == (HALF, HALF)
    assert bam_board(620, 600, tolerance=10) == (1, 0)


def test_it_refuses_unknown_units_and_negative_tolerances() -> None:
    with pytest.raises(ValueError):
        bam_board(1, 0, units="3-1-0")
    with pytest.raises(ValueError):
        bam_board(1, 0, tolerance=-1)
