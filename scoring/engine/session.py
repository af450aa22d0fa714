"""Matchpoint scoring of a session: adjusted scores, totals and places.

Law 78A (matchpoints), Law 12C (adjusted scores) and Law 87 (fouled boards), Laws of
Duplicate Bridge 2017; Neuberg factoring (EBU); scoring.md §3–9. Every board pool (a
section, or the field across sections) is matchpointed and factored in ``pools``;
here artificial sides get their percentage of the full top (Law 12C2, with the
session percentage when better), and the pairs their totals and places. All points
are internal units (2 per result beaten, 1 per tie).
"""

from __future__ import annotations

from collections.abc import (
    Callable,
    Hashable,
    Iterable,
    Mapping,
    Sequence,
)
from dataclasses import dataclass
from fractions import Fraction

from .adjustments import artificial_percentage
from .policy import ScoringPolicy
from .pools import (
    BoardLine,
    BoardPool,
    KeptPools,
    Scored,
    SidePoints,
    forget_others,
    pool_sides,
    score_pool,
)
from .ranking import exact_sum, percentage, rank

__all__ = [
    "BoardLine",
    "BoardPool",
    "KeptPools",
    "LinePoints",
    "PairScore",
    "SessionScore",
    "score_board",
    "score_matchpoints",
]


@dataclass(frozen=True)
class LinePoints:
    """The points of one line. ``top``/``raw_top`` are the NS column's tops and
    ``ew_top``/``ew_raw_top`` the EW column's (the engine always fills them; they differ
    only when one side of the line has an artificial score)."""

    key: Hashable
    ns: Fraction
    ew: Fraction
    ns_raw: Fraction
    ew_raw: Fraction
    top: int
    raw_top: int
    ns_percentage: Fraction
    ew_percentage: Fraction
    ew_top: int | None = None
    ew_raw_top: int | None = None


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
    lines: Mapping[Hashable, LinePoints]
    pairs: Mapping[Hashable, PairScore]


def score_board(
    pool: BoardPool, *, expected: int, policy: ScoringPolicy
) -> dict[Hashable, LinePoints]:
    """Score one board with ``expected`` results (E); averages at the flat percentages.

    Used for live display: the Law 12C2(c) session-percentage rule is not applied.
    ``pool.expected`` is ignored in favour of ``expected``.
    """
    scored = score_pool(pool, expected=expected, policy=policy)
    by_pair = _sides_by_pair(scored)
    _award_artificial(by_pair, policy=policy, session={})
    return {line.key: _line_points(line, ns, ew) for line, ns, ew in scored}


def score_matchpoints(
    pools: Sequence[BoardPool],
    *,
    policy: ScoringPolicy,
    ranking_group: Callable[[Hashable], Hashable] | None = None,
    kept: KeptPools | None = None,
) -> SessionScore:
    """Score a whole session: lines, pair totals and places within ranking groups.

    Applies Law 12C2(c) when ``policy.avg_plus_uses_session_pct``; pro-rates each
    pair's total to the most boards played in its ranking group (None: one group).
    With ``kept`` (the same mapping at every call), a pool object scored before
    to the same E under the same policy is not matchpointed again: after a
    correction only the corrected board's pool is.
    """
    default_expected = max((len(pool.lines) for pool in pools), default=0)
    scored: list[Scored] = []
    for pool in pools:
        expected = default_expected if pool.expected is None else pool.expected
        scored += pool_sides(pool, expected, policy, kept)
    if kept is not None:
        forget_others(kept, pools)
    _check_unique_keys(line for line, _, _ in scored)
    by_pair = _sides_by_pair(scored)
    real = {pair: _real_total(sides) for pair, sides in by_pair.items()}
    session: dict[Hashable, Fraction] = {}
    if policy.avg_plus_uses_session_pct:  # each pair's % on its real boards
        session = {p: percentage(t.points, t.top) for p, t in real.items() if t.boards}
    _award_artificial(by_pair, policy=policy, session=session)
    lines = {line.key: _line_points(line, ns, ew) for line, ns, ew in scored}
    totals = {pair: _total(real[pair], sides) for pair, sides in by_pair.items()}
    return SessionScore(lines=lines, pairs=_pair_scores(totals, ranking_group))


def _check_unique_keys(lines: Iterable[BoardLine]) -> None:
    seen: set[Hashable] = set()
    for line in lines:
        if line.key in seen:
            raise ValueError(f"line key {line.key!r} is used twice")
        seen.add(line.key)


def _sides_by_pair(scored: list[Scored]) -> dict[Hashable, list[SidePoints]]:
    """Return each pair's sides, pairs in the order they first appear."""
    by_pair: dict[Hashable, list[SidePoints]] = {}
    for line, ns, ew in scored:
        for pair, side in ((line.ns_pair, ns), (line.ew_pair, ew)):
            sides = by_pair.get(pair)
            if sides is None:
                by_pair[pair] = [side]
            else:
                sides.append(side)
    return by_pair


@dataclass(frozen=True, slots=True)
class _Total:
    """A pair's sums over some of its sides: points, tops and boards (§4)."""

    points: Fraction
    top: int
    boards: int


def _real_total(sides: list[SidePoints]) -> _Total:
    real = [side for side in sides if side.code is None]
    points = exact_sum([side.points for side in real])
    return _Total(points, sum([side.top for side in real]), len(real))


def _total(real: _Total, sides: list[SidePoints]) -> _Total:
    """Add a pair's artificial sides to the sums of its real sides."""
    if real.boards == len(sides):
        return real
    artificial = [side for side in sides if side.code is not None]
    points = real.points + exact_sum([side.points for side in artificial])
    top = real.top + sum([side.top for side in artificial])
    return _Total(points, top, len(sides))


def _award_artificial(
    by_pair: Mapping[Hashable, list[SidePoints]],
    *,
    policy: ScoringPolicy,
    session: Mapping[Hashable, Fraction],
) -> None:
    """Give every artificial side its percentage of the top (Law 12C2, §6)."""
    for pair, sides in by_pair.items():
        for side in sides:
            if side.code is not None:
                share = artificial_percentage(
                    side.code, policy=policy, session_percentage=session.get(pair)
                )
                side.points = share * side.top / 100
                side.raw = share * side.raw_top / 100
                side.percentage = percentage(side.points, side.top)


def _line_points(line: BoardLine, ns: SidePoints, ew: SidePoints) -> LinePoints:
    return LinePoints(
        line.key,
        ns.points,
        ew.points,
        ns.raw,
        ew.raw,
        ns.top,
        ns.raw_top,
        ns.percentage,
        ew.percentage,
        ew.top,
        ew.raw_top,
    )


def _pair_scores(
    totals: Mapping[Hashable, _Total],
    ranking_group: Callable[[Hashable], Hashable] | None,
) -> dict[Hashable, PairScore]:
    """Pro-rate each pair's total to its group's most boards, and rank."""
    members: dict[Hashable, list[Hashable]] = {}
    for pair in totals:
        group = None if ranking_group is None else ranking_group(pair)
        members.setdefault(group, []).append(pair)
    scores: dict[Hashable, PairScore] = {}
    for pairs in members.values():
        most = max(totals[pair].boards for pair in pairs)
        shares = {
            pair: percentage(totals[pair].points, totals[pair].top) for pair in pairs
        }
        places = rank(shares)
        for pair in pairs:
            total = totals[pair]
            scores[pair] = PairScore(
                pair=pair,
                matchpoints=total.points,
                top=total.top,
                boards=total.boards,
                total=total.points * most / total.boards,
                percentage=shares[pair],
                rank=places[pair],
            )
    return scores
