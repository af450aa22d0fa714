"""The overall ranking of a simultaneous pairs: every heat's lines of a board in
one pool, matchpointed across the whole field (Neuberg to the most results of
any board), ranked in one field or, with two winners, NS and EW apart; and the
simultaneous percentage (MP + 1) / (2n) of a board of n results, which an
event may also rank on (``with_sims_percentages``; the PBN standard's reference
file writes it).

Line and pair keys must be unique across the heats (the database's ids are).
"""

from __future__ import annotations

import operator
from collections import defaultdict
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import replace
from fractions import Fraction

from .policy import ScoringPolicy
from .pools import BoardPool, LinePoints
from .ranking import exact_sum, places, sort_key
from .session import SessionScore, score_matchpoints
from .tallies import PoolTallies

__all__ = [
    "FieldKept",
    "field_pools",
    "score_overall",
    "sims_percentages",
    "sims_share",
    "with_sims_percentages",
]


# Each board's field pool and the heats' pools it was made of (``field_pools``).
FieldKept = dict[int, tuple[tuple[BoardPool, ...], BoardPool]]


def field_pools(
    heats: Iterable[Iterable[BoardPool]], kept: FieldKept | None = None
) -> list[BoardPool]:
    """One pool a board number of every heat's lines; E left to the most played.
    With ``kept`` (the same dict at every call), a board made of the same heat
    pool objects as last time is the same field pool object: a scoring's
    tallies know it unchanged."""
    parts: dict[int, list[BoardPool]] = defaultdict(list)
    for pools in heats:
        for pool in pools:
            parts[pool.board].append(pool)
    was: FieldKept = {} if kept is None else kept
    now = {board: _field_pool(board, tuple(parts[board]), was) for board in parts}
    if kept is not None:
        kept.clear()
        kept.update(now)
    return [now[board][1] for board in sorted(now)]


def _field_pool(
    board: int, parts: tuple[BoardPool, ...], kept: FieldKept
) -> tuple[tuple[BoardPool, ...], BoardPool]:
    hit = kept.get(board)
    same = hit is not None and len(hit[0]) == len(parts)
    if hit is not None and same and all(map(operator.is_, hit[0], parts)):
        return hit
    return parts, BoardPool(board, tuple(line for p in parts for line in p.lines))


def score_overall(
    heats: Iterable[Iterable[BoardPool]],
    *,
    policy: ScoringPolicy,
    group: Callable[[Hashable], Hashable] | None = None,
    kept: FieldKept | None = None,
    tallies: PoolTallies | None = None,
) -> SessionScore:
    """The whole field scored as one session; ``group`` a pair's ranking group
    (None: one winner); ``kept`` and ``tallies`` (the same objects at every
    call) score again only the boards whose heats' pools changed."""
    pools = field_pools(heats, kept)
    return score_matchpoints(
        pools, policy=policy, ranking_group=group, pool_tallies=tallies
    )


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
