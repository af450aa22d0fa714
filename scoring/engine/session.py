"""Matchpoint scoring of a session: boards, adjusted scores, totals and places.

Law 78A (matchpoints), Law 12C (adjusted scores) and Law 87 (fouled boards), Laws of
Duplicate Bridge 2017; Neuberg factoring (EBU); scoring.md §3–9. Every board pool (a
section, or the field across sections) is split into comparison groups (one per
version of the deal); each direction is matchpointed separately, factored to the
expected number of results E, and artificial sides get a percentage of the full top.
All points are internal units (2 per result beaten, 1 per tie).

Each distinct result of a comparison group is matchpointed (in integers) and factored
once; its lines share the resulting Fractions, so a large field costs little more than
a pass over its lines.
"""

from __future__ import annotations

from collections.abc import (
    Callable,
    Hashable,
    Iterable,
    Mapping,
    MutableMapping,
    Sequence,
)
from dataclasses import dataclass
from fractions import Fraction
from typing import Final, TypeAlias

from .adjustments import artificial_percentage
from .factoring import factor
from .matchpoints import class_matchpoints, top
from .outcomes import (
    Artificial,
    Average,
    Distribution,
    Outcome,
    Played,
    distribution,
)
from .policy import Factoring, ScoringPolicy
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
class BoardLine:
    """One table's result on one board; ``ew`` differs from ``ns`` for a split score."""

    key: Hashable
    ns_pair: Hashable
    ew_pair: Hashable
    ns: Outcome
    ew: Outcome
    version: Hashable = None  # fouled board: the version of the deal played (§8)


@dataclass(frozen=True)
class BoardPool:
    """Every line compared on one board: a section, or the whole field (§9)."""

    board: int
    lines: tuple[BoardLine, ...]
    expected: int | None = None  # E; None: the most lines of any pool in the call


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


# A column's view of one side's outcome: the score or weighted distribution in the
# column's direction (higher is better), or the code of an artificial score.
_Key: TypeAlias = int | Distribution | Average
_ZERO: Final = Fraction(0)


@dataclass(slots=True, eq=False)
class _Side:
    """Points of one side of one line, final Fractions. A real side is shared by
    every line of its comparison group with the same result; an artificial side is
    its own, filled in once the session percentages are known."""

    points: Fraction
    raw: Fraction
    top: int
    raw_top: int
    percentage: Fraction
    code: Average | None = None


_Scored = tuple[BoardLine, _Side, _Side]
# What a caller keeps between scorings of one session: each pool object already
# scored, by its id, with the E and the policy it was scored under, and its sides.
KeptPools = MutableMapping[int, tuple[BoardPool, int, ScoringPolicy, list[_Scored]]]


def score_board(
    pool: BoardPool, *, expected: int, policy: ScoringPolicy
) -> dict[Hashable, LinePoints]:
    """Score one board with ``expected`` results (E); averages at the flat percentages.

    Used for live display: the Law 12C2(c) session-percentage rule is not applied.
    ``pool.expected`` is ignored in favour of ``expected``.
    """
    scored = _score_pool(pool, expected=expected, policy=policy)
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
    scored: list[_Scored] = []
    for pool in pools:
        expected = default_expected if pool.expected is None else pool.expected
        scored += _pool_sides(pool, expected, policy, kept)
    if kept is not None:
        _forget_others(kept, pools)
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


def _pool_sides(
    pool: BoardPool, expected: int, policy: ScoringPolicy, kept: KeptPools | None
) -> list[_Scored]:
    """The pool's sides, from ``kept`` when this pool was scored to this E before;
    artificial sides are always new, their points being the session's to award."""
    hit = None if kept is None else kept.get(id(pool))
    if hit is None or hit[0] is not pool or hit[1:3] != (expected, policy):
        hit = (
            pool,
            expected,
            policy,
            _score_pool(pool, expected=expected, policy=policy),
        )
        if kept is not None:
            kept[id(pool)] = hit
    return [(line, _own(ns), _own(ew)) for line, ns, ew in hit[3]]


def _own(side: _Side) -> _Side:
    if side.code is None:
        return side
    return _Side(
        side.points, side.raw, side.top, side.raw_top, side.percentage, side.code
    )


def _forget_others(kept: KeptPools, pools: Sequence[BoardPool]) -> None:
    # set(kept) copies the keys in one step: another thread may be scoring too
    for key in set(kept) - {id(pool) for pool in pools}:
        kept.pop(key, None)


def _score_pool(
    pool: BoardPool, *, expected: int, policy: ScoringPolicy
) -> list[_Scored]:
    if len(pool.lines) > expected:
        raise ValueError(
            f"board {pool.board}: {len(pool.lines)} lines but {expected} expected"
        )
    versions = [line.version for line in pool.lines]
    ns_keys = _keys([line.ns for line in pool.lines], 1)
    ew_keys = _keys([line.ew for line in pool.lines], -1)
    ns = _score_column(ns_keys, versions, expected, policy)
    ew = _score_column(ew_keys, versions, expected, policy)
    return list(zip(pool.lines, ns, ew, strict=True))


def _keys(outcomes: list[Outcome], sign: int) -> list[_Key]:
    """Return each outcome's key in the column of direction ``sign`` (1 NS, −1 EW)."""
    return [
        sign * outcome.ns_score if type(outcome) is Played else _key(outcome, sign)
        for outcome in outcomes
    ]


def _key(outcome: Outcome, sign: int) -> _Key:
    if isinstance(outcome, Artificial):
        return outcome.code
    if isinstance(outcome, Played):
        return sign * outcome.ns_score
    return distribution(outcome, sign=sign)


def _score_column(
    keys: list[_Key], versions: list[Hashable], expected: int, policy: ScoringPolicy
) -> list[_Side]:
    """Score one direction of a pool: each version of the deal is its own group."""
    if len(set(versions)) < 2:
        return _score_group(keys, expected, policy, larger_group=True)
    groups: dict[Hashable, list[int]] = {}
    for index, version in enumerate(versions):
        groups.setdefault(version, []).append(index)
    sizes = {
        version: sum(not isinstance(keys[i], Average) for i in indices)
        for version, indices in groups.items()
    }
    largest = max(sizes.values())
    sides: dict[int, _Side] = {}
    for version, indices in groups.items():
        group = [keys[i] for i in indices]
        scored = _score_group(
            group, expected, policy, larger_group=sizes[version] == largest
        )
        sides.update(zip(indices, scored, strict=True))
    return [sides[index] for index in range(len(keys))]


def _score_group(
    keys: list[_Key], expected: int, policy: ScoringPolicy, *, larger_group: bool
) -> list[_Side]:
    """Matchpoint the real results of one comparison group and factor them to E.

    Each distinct result is matchpointed and factored once; its lines share it.
    """
    real = [key for key in keys if not isinstance(key, Average)]
    actual, raw_top = len(real), top(len(real))
    if policy.factoring is Factoring.NONE:
        real_top, award_top = raw_top, raw_top or top(expected)
    else:
        real_top = award_top = top(expected)
    classes: dict[_Key, _Side] = {}
    for key, raw in class_matchpoints(real).items():
        points = factor(
            raw,
            actual=actual,
            expected=expected,
            policy=policy,
            larger_group=larger_group,
        )
        classes[key] = _Side(
            _fraction(points),
            _fraction(raw),
            real_top,
            raw_top,
            percentage(points, real_top),
        )
    return [classes.get(key) or _artificial(key, award_top, raw_top) for key in keys]


def _artificial(key: _Key, award_top: int, raw_top: int) -> _Side:
    assert isinstance(key, Average)
    return _Side(_ZERO, _ZERO, award_top, raw_top, _ZERO, key)


def _check_unique_keys(lines: Iterable[BoardLine]) -> None:
    seen: set[Hashable] = set()
    for line in lines:
        if line.key in seen:
            raise ValueError(f"line key {line.key!r} is used twice")
        seen.add(line.key)


def _sides_by_pair(scored: list[_Scored]) -> dict[Hashable, list[_Side]]:
    """Return each pair's sides, pairs in the order they first appear."""
    by_pair: dict[Hashable, list[_Side]] = {}
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


def _real_total(sides: list[_Side]) -> _Total:
    real = [side for side in sides if side.code is None]
    points = exact_sum([side.points for side in real])
    return _Total(points, sum([side.top for side in real]), len(real))


def _total(real: _Total, sides: list[_Side]) -> _Total:
    """Add a pair's artificial sides to the sums of its real sides."""
    if real.boards == len(sides):
        return real
    artificial = [side for side in sides if side.code is not None]
    points = real.points + exact_sum([side.points for side in artificial])
    top = real.top + sum([side.top for side in artificial])
    return _Total(points, top, len(sides))


def _award_artificial(
    by_pair: Mapping[Hashable, list[_Side]],
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


def _fraction(value: Fraction | int) -> Fraction:
    return value if isinstance(value, Fraction) else Fraction(value)


def _line_points(line: BoardLine, ns: _Side, ew: _Side) -> LinePoints:
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
