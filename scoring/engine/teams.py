"""Team matches board by board: IMPs across the two rooms, board-a-match, VPs.

scoring.md §10 (IMPs), §13 (VPs) and §14 (board-a-match). In a match the open room
has home NS against away EW and the closed room away NS against home EW, so a team's
result on a board is its NS side in one room against its EW side in the other
(both seen as NS scores). An artificial side scores its award (+3 / 0 / −3 IMPs);
with an adjusted room the board-a-match point goes to the side with more IMPs.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Final

from .bam import BAM_UNITS, bam_board
from .butler import artificial_imps
from .imps import imps
from .outcomes import Artificial, Outcome, Played, distribution
from .policy import ScoringPolicy
from .vp import scale_vp

__all__ = [
    "BoardResult",
    "Rooms",
    "bam_points",
    "board_result",
    "match_vps",
    "team_imps",
    "vp_margin",
]

# Board-a-match totals are halves at most: two places hold them exactly.
BAM_PLACES: Final = Decimal("0.00")


@dataclass(frozen=True, slots=True)
class Rooms:
    """The four sides of a board in a match, each as scored (NS view)."""

    open_ns: Outcome
    open_ew: Outcome
    closed_ns: Outcome
    closed_ew: Outcome


@dataclass(frozen=True, slots=True)
class BoardResult:
    """A board of a match: each team's IMPs and board-a-match points."""

    home_imps: Fraction
    away_imps: Fraction
    home_bam: Fraction
    away_bam: Fraction


def team_imps(own_ns: Outcome, own_ew: Outcome, *, policy: ScoringPolicy) -> Fraction:
    """A team's IMPs on a board from its NS side in one room and its EW side in
    the other; an artificial side gets its award and decides the board."""
    if isinstance(own_ns, Artificial):
        return Fraction(artificial_imps(own_ns.code, policy=policy))
    if isinstance(own_ew, Artificial):
        return Fraction(artificial_imps(own_ew.code, policy=policy))
    return sum(
        (
            w * v * imps(s - t)
            for w, s in distribution(own_ns)
            for v, t in distribution(own_ew)
        ),
        Fraction(0),
    )


def board_result(rooms: Rooms, *, policy: ScoringPolicy) -> BoardResult:
    """Score a board of a match, home NS in the open room."""
    home = team_imps(rooms.open_ns, rooms.closed_ew, policy=policy)
    away = team_imps(rooms.closed_ns, rooms.open_ew, policy=policy)
    if isinstance(rooms.open_ns, Played) and isinstance(rooms.closed_ew, Played):
        bam = bam_board(
            rooms.open_ns.ns_score,
            rooms.closed_ew.ns_score,
            units=policy.bam_units,
            tolerance=policy.bam_tolerance,
        )
    else:
        bam = _bam_by_imps(home, away, units=policy.bam_units)
    return BoardResult(home, away, *bam)


def _bam_by_imps(
    home: Fraction, away: Fraction, *, units: str
) -> tuple[Fraction, Fraction]:
    win, tie, loss = BAM_UNITS[units]
    if home == away:
        return tie, tie
    return (win, loss) if home > away else (loss, win)


def vp_margin(imps_home: Fraction, imps_away: Fraction) -> int:
    """The IMP margin the VP scale is read at: the exact margin rounded to a whole
    IMP, an exact half to even (weighted scores can give fractions)."""
    return round(imps_home - imps_away)


def match_vps(
    imps_home: Fraction, imps_away: Fraction, boards: int, *, policy: ScoringPolicy
) -> tuple[Decimal, Decimal]:
    """(home, away) VPs of a match of ``boards`` boards on the policy's scale."""
    margin = vp_margin(imps_home, imps_away)
    return scale_vp(margin, boards, scale=policy.vp_scale)


def bam_points(points: Iterable[Fraction]) -> Decimal:
    """A team's board-a-match points over a match, as an exact decimal."""
    total = sum(points, Fraction(0))
    exact = Decimal(total.numerator) / Decimal(total.denominator)
    return exact.quantize(BAM_PLACES)
