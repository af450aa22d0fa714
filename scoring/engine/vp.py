"""Victory points: the WBF 2013 continuous 20-VP scale and data-driven short scales.

Source: WBF Scoring Panel, "The New WBF IMP to VP Scales" (Bavin, Bethe, Bramley,
Buchen, 2013) for the continuous scale; ACBL Swiss scales for short matches
(server.bridgehands.com "Victory Points"). Rules and test tables: scoring.md §13.

The continuous scale is computed with ``decimal`` at 40 significant digits,
rounded half-up to 2 decimals, then repaired so that each extra IMP gains a
non-increasing number of VPs (``VpRounding.MONOTONE``, scoring.md §13.1). The WBF
2013 *discrete* scales are not provided: their boundaries need the official WBF
tables (the spec's "concavity adjustment" is not defined precisely enough to
derive them), and shipping guessed boundaries would mis-score matches.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_CEILING, ROUND_HALF_UP, Decimal, localcontext
from functools import lru_cache
from typing import Final

from .policy import VpRounding

__all__ = [
    "ACBL_SCALES",
    "CENT",
    "StepScale",
    "WBF2013_CONTINUOUS",
    "blitz_margin",
    "scale_vp",
    "vp",
    "wbf_table",
]

WBF2013_CONTINUOUS: Final = "wbf2013_continuous"
CENT: Final = Decimal("0.01")
_TWENTY: Final = Decimal(20)
_PRECISION: Final = 40  # significant digits; the spec asks for at least 30


def blitz_margin(boards: int) -> Decimal:
    """Return X = 15·√N, the margin from which the winner scores 20 VPs."""
    _check_boards(boards)
    with localcontext() as ctx:
        ctx.prec = _PRECISION
        return 15 * Decimal(boards).sqrt()


def _exact_vp(margin: int, boards: int) -> Decimal:
    """Return V(I) = 10 + 10·(1 − τ^(3I/X)) / (1 − τ³), unrounded (I < X)."""
    with localcontext() as ctx:
        ctx.prec = _PRECISION
        tau = (Decimal(5).sqrt() - 1) / 2
        x = 15 * Decimal(boards).sqrt()
        power = (3 * margin / x * tau.ln()).exp()
        return 10 + 10 * (1 - power) / (1 - tau**3)


@lru_cache(maxsize=64)
def wbf_table(boards: int, *, repair: bool = True) -> tuple[Decimal, ...]:
    """Return the winner's VPs for margins 0 … ⌈X⌉ (the last entry is 20.00).

    ``repair=False`` gives plain half-up rounding; ``repair=True`` applies the
    monotone repair of scoring.md §13.1.
    """
    last = int(blitz_margin(boards).to_integral_value(rounding=ROUND_CEILING))
    plain = [
        _exact_vp(i, boards).quantize(CENT, rounding=ROUND_HALF_UP) for i in range(last)
    ]
    plain.append(_TWENTY.quantize(CENT))
    return tuple(_repair(plain) if repair else plain)


def _repair(values: list[Decimal]) -> list[Decimal]:
    """At the first I with Δ(I) > Δ(I − 1) add 0.01 to VP(I − 1); rescan till stable."""
    table = list(values)
    changed = True
    while changed:
        changed = False
        for i in range(2, len(table)):
            if table[i] - table[i - 1] > table[i - 1] - table[i - 2]:
                table[i - 1] += CENT
                changed = True
                break
    return table


def vp(
    margin: int, boards: int, *, rounding: VpRounding = VpRounding.MONOTONE
) -> tuple[Decimal, Decimal]:
    """Return the WBF 2013 continuous VPs as (home, away) for a signed IMP margin.

    ``margin`` is home IMPs minus away IMPs; with a non-negative margin the pair
    is (winner, loser). The two always sum to 20.
    """
    if rounding is not VpRounding.MONOTONE:
        raise ValueError("the official WBF tables are not shipped; use MONOTONE")
    table = wbf_table(boards)
    won = table[min(abs(margin), len(table) - 1)]
    return (won, _TWENTY - won) if margin >= 0 else (_TWENTY - won, won)


def _check_boards(boards: int) -> None:
    if boards < 1:
        raise ValueError(f"a match has at least one board, not {boards}")


@dataclass(frozen=True, slots=True)
class StepScale:
    """A VP scale given as steps: (lowest IMP margin, winner's VP), margins rising."""

    total: int
    boards: range
    steps: tuple[tuple[int, int], ...]

    def winner_vp(self, margin: int) -> int:
        return max(v for low, v in self.steps if low <= margin)


# ACBL Swiss scales for short matches, server.bridgehands.com "Victory Points"
# (scoring.md §13.2): each column is (lowest IMP margin, winner's VP).
ACBL_SCALES: Final[dict[str, tuple[StepScale, ...]]] = {
    "acbl_30vp": (
        StepScale(30, range(6, 9), (
            (0, 15), (1, 18), (2, 19), (3, 20), (4, 21), (5, 22), (7, 23),
            (9, 24), (11, 25), (14, 26), (17, 27), (20, 28), (24, 29), (28, 30),
        )),
        StepScale(30, range(9, 12), (
            (0, 15), (1, 18), (2, 19), (3, 20), (5, 21), (7, 22), (9, 23),
            (12, 24), (15, 25), (18, 26), (22, 27), (26, 28), (31, 29), (36, 30),
        )),
    ),
    "acbl_20vp": (
        StepScale(20, range(6, 9), (
            (0, 10), (1, 11), (3, 12), (5, 13), (8, 14), (11, 15), (14, 16),
            (17, 17), (20, 18), (24, 19), (28, 20),
        )),
        StepScale(20, range(9, 12), (
            (0, 10), (1, 11), (3, 12), (6, 13), (10, 14), (14, 15), (18, 16),
            (22, 17), (26, 18), (31, 19), (36, 20),
        )),
    ),
}  # fmt: skip


def scale_vp(
    margin: int,
    boards: int,
    *,
    scale: str = WBF2013_CONTINUOUS,
    rounding: VpRounding = VpRounding.MONOTONE,
) -> tuple[Decimal, Decimal]:
    """Return (home, away) VPs on the named scale (``ScoringPolicy.vp_scale``)."""
    if scale == WBF2013_CONTINUOUS:
        return vp(margin, boards, rounding=rounding)
    if scale not in ACBL_SCALES:
        raise ValueError(f"unknown VP scale {scale!r}")
    column = next((s for s in ACBL_SCALES[scale] if boards in s.boards), None)
    if column is None:
        raise ValueError(f"scale {scale!r} has no column for {boards} boards")
    won = Decimal(column.winner_vp(abs(margin)))
    lost = column.total - won
    return (won, lost) if margin >= 0 else (lost, won)
