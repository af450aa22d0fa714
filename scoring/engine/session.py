"""Matchpoint scoring of a session: adjusted scores, totals and places.

Law 78A (matchpoints), Law 12C (adjusted scores) and Law 87 (fouled boards), Laws of
Duplicate Bridge 2017; Neuberg factoring (EBU); scoring.md §3–9. Every board pool (a
section, or the field across sections) is matchpointed and factored in ``pools``;
here artificial sides get their percentage of the full top (Law 12C2, with the
session percentage when better), and the pairs their totals and places. All points
are internal units (2 per result beaten, 1 per tie).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property

from .adjustments import artificial_percentage
from .policy import ScoringPolicy
from .pools import (
    BoardLine,
    BoardPool,
    LinePoints,
    Scored,
    SidePoints,
    line_points,
    own,
    score_pool,
)
from .ranking import exact_sum, percentage, places, sort_key
from .tallies import PairSums, PoolTallies, session_sums

__all__ = [
    "BoardLine",
    "BoardPool",
    "PoolTallies",
    "LinePoints",
    "PairScore",
    "SessionScore",
    "score_board",
    "score_matchpoints",
]


@dataclass(frozen=True)
class PairScore:
    """A pair's session: Σ points, Σ tops, boards played, pro-rated total, place."""

    pair: Hashable
    matchpoints: Fraction
    top: int
    boards: int
    total: Fraction
    percentage: Fraction
    rank: str


@dataclass(frozen=True)
class SessionScore:
    """Each pool's line points (in the order of the pools given) and each pair's
    session. A pool's mapping is the same object from one call to the next while
    neither the pool nor an artificial award on it changed."""

    boards: tuple[Mapping[Hashable, LinePoints], ...]
    pairs: Mapping[Hashable, PairScore]

    @cached_property
    def lines(self) -> Mapping[Hashable, LinePoints]:
        """Every line's points by its key."""
        return {key: points for board in self.boards for key, points in board.items()}


def score_board(
    pool: BoardPool, *, expected: int, policy: ScoringPolicy
) -> dict[Hashable, LinePoints]:
    """Score one board with ``expected`` results (E); averages at the flat percentages.

    Used for live display: the Law 12C2(c) session-percentage rule is not applied.
    ``pool.expected`` is ignored in favour of ``expected``.
    """
    points = {}
    for line, ns, ew in score_pool(pool, expected=expected, policy=policy):
        for side in (ns, ew):
            if side.code is not None:
                _award(side, policy=policy, session_percentage=None)
        points[line.key] = line_points(ns, ew)
    return points


def score_matchpoints(
    pools: Sequence[BoardPool],
    *,
    policy: ScoringPolicy,
    ranking_group: Callable[[Hashable], Hashable] | None = None,
    pool_tallies: PoolTallies | None = None,
) -> SessionScore:
    """Score a whole session: lines, pair totals and places within ranking groups.

    Applies Law 12C2(c) when ``policy.avg_plus_uses_session_pct``; pro-rates each
    pair's total to the most boards played in its ranking group (None: one group).
    With ``pool_tallies`` (the same object at every call), a pool object scored before
    to the same E under the same policy is not matchpointed again, and the pair
    totals are updated from the pools that changed: after a correction only the
    corrected board's pool is scored.
    """
    pool_tallies = PoolTallies() if pool_tallies is None else pool_tallies
    default_expected = max((len(pool.lines) for pool in pools), default=0)
    tallies = [
        pool_tallies.tally(pool, default_expected if pool.expected is None
                           else pool.expected, policy)
        for pool in pools
    ]  # fmt: skip
    pool_tallies.forget_others(pools)
    sums = session_sums(tallies, pool_tallies.sums)
    pool_tallies.sums = sums
    boards: list[Mapping[Hashable, LinePoints]] = []
    awarded: dict[Hashable, list[SidePoints]] = {}
    for tally in tallies:
        if tally.artificial:
            boards.append(_awarded(tally.lines, tally.artificial, sums.real, policy,
                                   awarded))  # fmt: skip
        else:
            boards.append(tally.lines)
    totals = {pair: _total(real, awarded.get(pair)) for pair, real in sums.real.items()}
    return SessionScore(
        tuple(boards), _pair_scores(totals, ranking_group, pool_tallies)
    )


def _awarded(
    real_lines: Mapping[Hashable, LinePoints],
    lines: list[Scored],
    real: Mapping[Hashable, PairSums],
    policy: ScoringPolicy,
    awarded: dict[Hashable, list[SidePoints]],
) -> dict[Hashable, LinePoints]:
    """A pool's line points with its artificial sides awarded (Law 12C2, §6),
    each pair's awarded sides added to ``awarded``."""
    points = dict(real_lines)
    for line, ns_kept, ew_kept in lines:
        ns, ew = own(ns_kept), own(ew_kept)
        for pair, side in ((line.ns_pair, ns), (line.ew_pair, ew)):
            if side.code is not None:
                _award(side, policy=policy, session_percentage=_session(real[pair],
                       policy))  # fmt: skip
                awarded.setdefault(pair, []).append(side)
        points[line.key] = line_points(ns, ew)
    return points


def _session(real: PairSums, policy: ScoringPolicy) -> Fraction | None:
    """The pair's percentage on its real boards, when Law 12C2(c) applies."""
    if not policy.avg_plus_uses_session_pct or not real.boards:
        return None
    return percentage(real.points, real.top)


def _award(
    side: SidePoints, *, policy: ScoringPolicy, session_percentage: Fraction | None
) -> None:
    """Give an artificial side its percentage of the top (Law 12C2, §6)."""
    assert side.code is not None
    share = artificial_percentage(
        side.code, policy=policy, session_percentage=session_percentage
    )
    side.points = share * side.top / 100
    side.raw = share * side.raw_top / 100
    side.percentage = percentage(side.points, side.top)


def _total(real: PairSums, artificial: list[SidePoints] | None) -> PairSums:
    """Add a pair's artificial sides to the sums of its real sides."""
    if not artificial:
        return real
    points = real.points + exact_sum([side.points for side in artificial])
    top = real.top + sum([side.top for side in artificial])
    return PairSums(points, top, real.boards + len(artificial))


def _pair_scores(
    totals: Mapping[Hashable, PairSums],
    ranking_group: Callable[[Hashable], Hashable] | None,
    pool_tallies: PoolTallies,
) -> dict[Hashable, PairScore]:
    """Pro-rate each pair's total to its group's most boards, and rank; a pair
    whose sums, group's most boards and place are as last time keeps its score."""
    members: dict[Hashable, list[Hashable]] = {}
    for pair in totals:
        group = None if ranking_group is None else ranking_group(pair)
        members.setdefault(group, []).append(pair)
    was, now = pool_tallies.scores, {}
    scores: dict[Hashable, PairScore] = {}
    for pairs in members.values():
        most = max(totals[pair].boards for pair in pairs)
        shares = {}
        for pair in pairs:
            hit = was.get(pair)
            if hit is None or hit[0] is not totals[pair] or hit[1] != most:
                hit = _pair_score(pair, totals[pair], most)
            now[pair] = hit
            shares[pair] = hit[3]
        for pair, place in places(shares).items():
            total, most, score, key = now[pair]
            scores[pair] = score if score.rank == place else _placed(score, place)
            now[pair] = (total, most, scores[pair], key)
    pool_tallies.scores = now
    return scores


def _placed(score: PairScore, place: str) -> PairScore:
    return PairScore(
        score.pair, score.matchpoints, score.top, score.boards, score.total,
        score.percentage, place,
    )  # fmt: skip


def _pro_rated(total: PairSums, most: int) -> Fraction:
    """The pair's points pro-rated to ``most`` boards (§4), made in one
    Fraction: a federation's field pro-rates thousands at each result."""
    if not total.boards or total.boards == most:
        # a pair whose every board was left out (played once) has no total
        return total.points
    points = total.points
    return Fraction(points.numerator * most, points.denominator * total.boards)


def _pair_score(
    pair: Hashable, total: PairSums, most: int
) -> tuple[PairSums, int, PairScore, tuple[float, Fraction]]:
    score = PairScore(
        pair=pair,
        matchpoints=total.points,
        top=total.top,
        boards=total.boards,
        total=_pro_rated(total, most),
        percentage=percentage(total.points, total.top),
        rank="",
    )
    return total, most, score, sort_key(score.percentage)
