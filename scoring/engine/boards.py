"""Dealer and vulnerability from the board number.

Law 2, Laws of Duplicate Bridge 2017.
"""

from __future__ import annotations

from typing import Final

from .types import Seat, Vulnerability

__all__ = ["dealer", "vulnerability"]

_DEALERS: Final = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)

# Law 2: the vulnerability cycle of boards 1-16, repeated for every 16 boards.
_N, _NS, _EW, _B = (
    Vulnerability.NONE,
    Vulnerability.NS,
    Vulnerability.EW,
    Vulnerability.BOTH,
)
_VULNERABILITY: Final = (
    _N, _NS, _EW, _B, _NS, _EW, _B, _N, _EW, _B, _N, _NS, _B, _N, _NS, _EW,
)  # fmt: skip


def _check(board: int) -> None:
    if board < 1:
        raise ValueError(f"board numbers start at 1, not {board}")


def dealer(board: int) -> Seat:
    _check(board)
    return _DEALERS[(board - 1) % 4]


def vulnerability(board: int) -> Vulnerability:
    _check(board)
    return _VULNERABILITY[(board - 1) % 16]
