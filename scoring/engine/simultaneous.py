"""The overall ranking of a simultaneous pairs: every heat's lines of a board in
one pool, matchpointed across the whole field (Neuberg to the most results of
any board), ranked in one field or, with two winners, NS and EW apart; and the
simultaneous percentage (MP + 1) / (2n) of a board of n results.

Line and pair keys must be unique across the heats (the database's ids are).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from fractions import Fraction

from .policy import ScoringPolicy
from .pools import BoardLine, BoardPool, LinePoints
from .ranking import exact_sum
from .session import SessionScore, score_matchpoints

__all__ = ["field_pools", "score_overall", "sims_percentages"]


def field_pools(heats: Iterable[Iterable[BoardPool]]) -> list[BoardPool]:
    """One pool a board number of every heat's lines; E left to the most played."""
    lines: dict[int, list[BoardLine]] = defaultdict(list)
    for pools in heats:
        for pool in pools:
            lines[pool.board].extend(pool.lines)
    return [BoardPool(board, tuple(lines[board])) for board in sorted(lines)]


def score_overall(
    heats: Iterable[Iterable[BoardPool]],
    *,
    policy: ScoringPolicy,
    group: Callable[[Hashable], Hashable] | None = None,
) -> SessionScore:
    """The whole field scored as one session; ``group`` a pair's ranking group
    (None: one winner)."""
    return score_matchpoints(field_pools(heats), policy=policy, ranking_group=group)


def sims_percentages(
    pools: Sequence[BoardPool], boards: Sequence[Mapping[Hashable, LinePoints]]
) -> dict[Hashable, Fraction]:
    """Each pair's mean over its boards of (MP + 1) / (2n), MP in units of 2 a
    result beaten against a top of 2(n - 1): never 0 nor 100 %."""
    shares: dict[Hashable, list[Fraction]] = defaultdict(list)
    for pool, points in zip(pools, boards, strict=True):
        for line in pool.lines:
            got = points[line.key]
            shares[line.ns_pair].append(_share(got.ns, got.top))
            shares[line.ew_pair].append(_share(got.ew, got.ew_top or got.top))
    return {pair: 100 * exact_sum(parts) / len(parts) for pair, parts in shares.items()}


def _share(points: Fraction, top: int) -> Fraction:
    return (points + 1) / (top + 2)
