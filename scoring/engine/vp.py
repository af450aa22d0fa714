"""Victory points: the WBF 2013 continuous 20-VP scale and data-driven short scales.

Source: WBF Scoring Panel, "The New WBF IMP to VP Scales" (Bavin, Bethe, Bramley,
Buchen, 2013) for the continuous scale, kept here as the exact formula; discrete
scales (the ACBL Swiss scales for short matches, a federation's own tables) are
data files read by ``vp_tables``. Rules and test tables: scoring.md §13.

The continuous scale is computed with ``decimal`` at 40 significant digits,
rounded half-up to 2 decimals, then repaired so that each extra IMP gains a
non-increasing number of VPs (``VpRounding.MONOTONE``, scoring.md §13.1). The WBF
2013 *discrete* scales are not provided: their boundaries need the official WBF
tables (the spec's "concavity adjustment" is not defined precisely enough to
derive them), and shipping guessed boundaries would mis-score matches.
"""

from __future__ import annotations

from decimal import ROUND_CEILING, ROUND_HALF_UP, Decimal, localcontext
from functools import lru_cache
from typing import Final

from .policy import VpRounding
from .vp_tables import scale_table

__all__ = [
    "CENT",
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


def scale_vp(
    margin: int,
    boards: int,
    *,
    scale: str = WBF2013_CONTINUOUS,
    rounding: VpRounding = VpRounding.MONOTONE,
) -> tuple[Decimal, Decimal]:
    """Return (home, away) VPs on the named scale (``ScoringPolicy.vp_scale``):
    the continuous formula, or a discrete scale shipped as data (``vp_tables``)."""
    if scale == WBF2013_CONTINUOUS:
        return vp(margin, boards, rounding=rounding)
    column = scale_table(scale).column(boards)
    if column is None:
        raise ValueError(f"scale {scale!r} has no column for {boards} boards")
    won = column.winner_vp(abs(margin))
    lost = column.total - won
    return (won, lost) if margin >= 0 else (lost, won)
