"""Board-a-match scoring (scoring.md §14; L. Cohen, "Board-a-Match").

On each board a team's net score is its NS score in room 1 plus its EW score in
room 2, i.e. room-1 NS score − room-2 NS score. A positive net wins the board, zero
ties and a negative net loses; the size of the difference does not count. Units
(``ScoringPolicy.bam_units``): ``"1-half-0"`` (default) or ``"2-1-0"``
(point-a-board). ``bam_tolerance`` t ≥ 0 treats |net| ≤ t as a tie (standard: 0).
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import Final

__all__ = ["BAM_UNITS", "bam_board", "bam_match"]

# scoring.md §14: points for (win, tie, loss) in each unit system.
BAM_UNITS: Final[dict[str, tuple[Fraction, Fraction, Fraction]]] = {
    "1-half-0": (Fraction(1), Fraction(1, 2), Fraction(0)),
    "2-1-0": (Fraction(2), Fraction(1), Fraction(0)),
}


def bam_board(
    room1_ns: int, room2_ns: int, *, units: str = "1-half-0", tolerance: int = 0
) -> tuple[Fraction, Fraction]:
    """Return (A, B) points for one board.

    Team A sits NS in room 1 and team B sits NS in room 2; both scores are NS
    scores (positive when NS gain).
    """
    if units not in BAM_UNITS:
        raise ValueError(f"unknown board-a-match units {units!r}")
    if tolerance < 0:
        raise ValueError(f"the tolerance must be ≥ 0, not {tolerance}")
    win, tie, loss = BAM_UNITS[units]
    net = room1_ns - room2_ns
    if abs(net) <= tolerance:
        return tie, tie
    return (win, loss) if net > 0 else (loss, win)


def bam_match(
    boards: Iterable[tuple[int, int]], *, units: str = "1-half-0", tolerance: int = 0
) -> tuple[Fraction, Fraction]:
    """Return (A, B) totals over the boards, each given as (room-1 NS, room-2 NS)."""
    total_a = total_b = Fraction(0)
    for room1_ns, room2_ns in boards:
        a, b = bam_board(room1_ns, room2_ns, units=units, tolerance=tolerance)
        total_a += a
        total_b += b
    return total_a, total_b
