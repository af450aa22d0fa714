"""Dealer and vulnerability by board number, Law 2 (scoring.md §1)."""

from __future__ import annotations

from typing import Final

import pytest

from scoring.engine.boards import dealer, vulnerability
from scoring.engine.types import Seat, Vulnerability

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
NONE, NS, EW, BOTH = (
    Vulnerability.NONE,
    Vulnerability.NS,
    Vulnerability.EW,
    Vulnerability.BOTH,
)

# scoring.md §1: board -> (dealer, vulnerable).
LAW_2_TABLE: Final = {
    1: (N, NONE),
    2: (E, NS),
    3: (S, EW),
    4: (W, BOTH),
    5: (N, NS),
    6: (E, EW),
    7: (S, BOTH),
    8: (W, NONE),
    9: (N, EW),
    10: (E, BOTH),
    11: (S, NONE),
    12: (W, NS),
    13: (N, BOTH),
    14: (E, NONE),
    15: (S, NS),
    16: (W, EW),
}


@pytest.mark.parametrize(("board", "expected"), LAW_2_TABLE.items())
def test_it_gives_the_dealer_and_vulnerability_of_boards_1_to_16(
    board: int, expected: tuple[Seat, Vulnerability]
) -> None:
    assert (dealer(board), vulnerability(board)) == expected


@pytest.mark.parametrize(
    ("board", "expected"),
    [
        (17, (N, NONE)),
        (18, (E, NS)),
        (20, (W, BOTH)),
        (32, (W, EW)),
        (36, (W, BOTH)),
    ],
)
def test_it_repeats_the_cycle_after_board_16(
    board: int, expected: tuple[Seat, Vulnerability]
) -> None:
    assert (dealer(board), vulnerability(board)) == expected


def test_every_board_repeats_the_one_sixteen_boards_earlier() -> None:
    for board in range(1, 200):
        assert dealer(board + 16) == dealer(board)
        assert vulnerability(board + 16) == vulnerability(board)


@pytest.mark.parametrize("board", [0, -1])
def test_it_refuses_a_board_number_below_one(board: int) -> None:
    with pytest.raises(ValueError, match="board numbers start at 1"):
        dealer(board)
    with pytest.raises(ValueError, match="board numbers start at 1"):
        vulnerability(board)
