"""The overall ranking of a simultaneous pairs: every heat's lines of a board in
one pool, matchpointed across the whole field (Neuberg to the most results of
any board), ranked in one field or, with two winners, NS and EW apart; and the
simultaneous percentage (MP + 1) / (2n) of a board of n results, which an
event may also rank on (``with_sims_percentages``; the PBN standard's reference
file writes it).

Line and pair keys must be unique across the heats (the database's ids are).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import replace
from fractions import Fraction

from .policy import ScoringPolicy
from .pools import BoardLine, BoardPool, LinePoints
from .ranking import exact_sum, places, sort_key
from .session import SessionScore, score_matchpoints

__all__ = [
    "field_pools",
    "score_overall",
    "sims_percentages",
    "sims_share",
    "with_sims_percentages",
]


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
            shares[line.ns_pair].append(sims_share(got.ns, got.top))
            shares[line.ew_pair].append(sims_share(got.ew, got.ew_top or got.top))
    return {pair: exact_sum(parts) / len(parts) for pair, parts in shares.items()}


def sims_share(points: Fraction, top: int) -> Fraction:
    """The percentage (MP + 1) / (2n) of a side's internal ``points`` on a
    ``top`` of 2(n − 1)."""
    return 100 * (points + 1) / (top + 2)


def with_sims_percentages(
    score: SessionScore,
    pools: Sequence[BoardPool],
    ranking_group: Callable[[Hashable], Hashable] | None = None,
) -> SessionScore:
    """The session with each pair's percentage the mean of its boards'
    (MP + 1) / (2n), and placed on it within its ranking group."""
    shares = sims_percentages(pools, score.boards)
    groups: dict[Hashable, dict[Hashable, tuple[float, Fraction]]] = defaultdict(dict)
    for pair in score.pairs:
        group = None if ranking_group is None else ranking_group(pair)
        groups[group][pair] = sort_key(shares[pair])
    placed = {p: place for keys in groups.values() for p, place in places(keys).items()}
    pairs = {
        pair: replace(old, percentage=shares[pair], rank=placed[pair])
        for pair, old in score.pairs.items()
    }
    return SessionScore(score.boards, pairs)
