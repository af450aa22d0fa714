"""Matchpoint scoring of a session: boards, adjusted scores, totals and places.

Law 78A (matchpoints), Law 12C (adjusted scores) and Law 87 (fouled boards), Laws of
Duplicate Bridge 2017; Neuberg factoring (EBU); scoring.md §3–9. Every board pool (a
section, or the field across sections) is split into comparison groups (one per
version of the deal); each direction is matchpointed separately, factored to the
expected number of results E, and artificial sides get a percentage of the full top.
All points are internal units (2 per result beaten, 1 per tie).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from .adjustments import artificial_percentage
from .factoring import factor
from .matchpoints import column_matchpoints, top
from .outcomes import (
    Artificial,
    Average,
    Distribution,
    Outcome,
    Played,
    Weighted,
    distribution,
)
from .policy import Factoring, ScoringPolicy
from .ranking import Tally, percentage, rank

__all__ = [
    "BoardLine",
    "BoardPool",
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


@dataclass(slots=True)
class _Side:
    """Working record for one side of one line; an artificial side is filled later."""

    points: Fraction | int
    raw: Fraction | int
    top: int
    raw_top: int
    code: Average | None = None


_Scored = tuple[BoardLine, _Side, _Side]


def score_board(
    pool: BoardPool, *, expected: int, policy: ScoringPolicy
) -> dict[Hashable, LinePoints]:
    """Score one board with ``expected`` results (E); averages at the flat percentages.

    Used for live display: the Law 12C2(c) session-percentage rule is not applied.
    ``pool.expected`` is ignored in favour of ``expected``.
    """
    scored = _score_pool(pool, expected=expected, policy=policy)
    _award_artificial(scored, policy=policy, session={})
    return {line.key: _line_points(line, ns, ew) for line, ns, ew in scored}


def score_matchpoints(
    pools: Sequence[BoardPool],
    *,
    policy: ScoringPolicy,
    ranking_group: Callable[[Hashable], Hashable] | None = None,
) -> SessionScore:
    """Score a whole session: lines, pair totals and places within ranking groups.

    Applies Law 12C2(c) when ``policy.avg_plus_uses_session_pct``; pro-rates each
    pair's total to the most boards played in its ranking group (None: one group).
    """
    default_expected = max((len(pool.lines) for pool in pools), default=0)
    scored: list[_Scored] = []
    for pool in pools:
        expected = default_expected if pool.expected is None else pool.expected
        scored += _score_pool(pool, expected=expected, policy=policy)
    _check_unique_keys(line for line, _, _ in scored)
    session = _session_percentages(scored) if policy.avg_plus_uses_session_pct else {}
    _award_artificial(scored, policy=policy, session=session)
    lines = {line.key: _line_points(line, ns, ew) for line, ns, ew in scored}
    return SessionScore(lines=lines, pairs=_pair_scores(scored, ranking_group))


def _score_pool(
    pool: BoardPool, *, expected: int, policy: ScoringPolicy
) -> list[_Scored]:
    if len(pool.lines) > expected:
        raise ValueError(
            f"board {pool.board}: {len(pool.lines)} lines but {expected} expected"
        )
    ns = _score_column([line.ns for line in pool.lines], pool, 1, expected, policy)
    ew = _score_column([line.ew for line in pool.lines], pool, -1, expected, policy)
    return list(zip(pool.lines, ns, ew, strict=True))


def _score_column(
    outcomes: list[Outcome],
    pool: BoardPool,
    sign: int,
    expected: int,
    policy: ScoringPolicy,
) -> list[_Side]:
    """Score one direction of a pool: each version of the deal is its own group."""
    groups: dict[Hashable, list[int]] = {}
    for index, line in enumerate(pool.lines):
        groups.setdefault(line.version, []).append(index)
    sizes = {
        version: sum(not isinstance(outcomes[i], Artificial) for i in indices)
        for version, indices in groups.items()
    }
    largest = max(sizes.values(), default=0)
    sides: dict[int, _Side] = {}
    for version, indices in groups.items():
        group = [outcomes[i] for i in indices]
        scored = _score_group(
            group, sign, expected, policy, larger_group=sizes[version] == largest
        )
        sides.update(zip(indices, scored, strict=True))
    return [sides[index] for index in range(len(outcomes))]


def _score_group(
    outcomes: list[Outcome],
    sign: int,
    expected: int,
    policy: ScoringPolicy,
    *,
    larger_group: bool,
) -> list[_Side]:
    """Matchpoint the real results of one comparison group and factor them to E."""
    real = [outcome for outcome in outcomes if not isinstance(outcome, Artificial)]
    actual, raw_top = len(real), top(len(real))
    if policy.factoring is Factoring.NONE:
        real_top, award_top = raw_top, raw_top or top(expected)
    else:
        real_top = award_top = top(expected)
    raws = iter(column_matchpoints([_column_result(o, sign) for o in real]))
    factored: dict[Fraction | int, Fraction | int] = {}
    sides: list[_Side] = []
    for outcome in outcomes:
        if isinstance(outcome, Artificial):
            sides.append(_Side(0, 0, award_top, raw_top, outcome.code))
            continue
        raw = next(raws)
        if raw not in factored:
            factored[raw] = factor(
                raw,
                actual=actual,
                expected=expected,
                policy=policy,
                larger_group=larger_group,
            )
        sides.append(_Side(factored[raw], raw, real_top, raw_top))
    return sides


def _column_result(outcome: Played | Weighted, sign: int) -> int | Distribution:
    if isinstance(outcome, Played):
        return sign * outcome.ns_score
    return distribution(outcome, sign=sign)


def _check_unique_keys(lines: Iterable[BoardLine]) -> None:
    seen: set[Hashable] = set()
    for line in lines:
        if line.key in seen:
            raise ValueError(f"line key {line.key!r} is used twice")
        seen.add(line.key)


def _pair_sides(scored: list[_Scored]) -> Iterable[tuple[Hashable, _Side]]:
    for line, ns, ew in scored:
        yield line.ns_pair, ns
        yield line.ew_pair, ew


def _session_percentages(scored: list[_Scored]) -> dict[Hashable, Fraction]:
    """Return each pair's percentage on its boards without artificial scores."""
    tallies = _tallies(scored, real_only=True)
    return {pair: tally.percentage for pair, tally in tallies.items()}


def _tallies(scored: list[_Scored], *, real_only: bool) -> dict[Hashable, Tally]:
    tallies: dict[Hashable, Tally] = {}
    for pair, side in _pair_sides(scored):
        if not (real_only and side.code is not None):
            tally = tallies.get(pair)
            if tally is None:
                tally = tallies[pair] = Tally()
            tally.add(side.points, top=side.top)
    return tallies


def _award_artificial(
    scored: list[_Scored],
    *,
    policy: ScoringPolicy,
    session: Mapping[Hashable, Fraction],
) -> None:
    """Give every artificial side its percentage of the top (Law 12C2, §6)."""
    for pair, side in _pair_sides(scored):
        if side.code is not None:
            share = artificial_percentage(
                side.code, policy=policy, session_percentage=session.get(pair)
            )
            side.points = share * side.top / 100
            side.raw = share * side.raw_top / 100


def _fraction(value: Fraction | int) -> Fraction:
    return value if isinstance(value, Fraction) else Fraction(value)


def _line_points(line: BoardLine, ns: _Side, ew: _Side) -> LinePoints:
    return LinePoints(
        key=line.key,
        ns=_fraction(ns.points),
        ew=_fraction(ew.points),
        ns_raw=_fraction(ns.raw),
        ew_raw=_fraction(ew.raw),
        top=ns.top,
        raw_top=ns.raw_top,
        ns_percentage=percentage(ns.points, ns.top),
        ew_percentage=percentage(ew.points, ew.top),
        ew_top=ew.top,
        ew_raw_top=ew.raw_top,
    )


def _pair_scores(
    scored: list[_Scored], ranking_group: Callable[[Hashable], Hashable] | None
) -> dict[Hashable, PairScore]:
    """Sum each pair's boards, pro-rate to its group's most boards, and rank."""
    tallies = _tallies(scored, real_only=False)
    members: dict[Hashable, list[Hashable]] = {}
    for pair in tallies:
        group = None if ranking_group is None else ranking_group(pair)
        members.setdefault(group, []).append(pair)
    scores: dict[Hashable, PairScore] = {}
    for pairs in members.values():
        most = max(tallies[pair].boards for pair in pairs)
        points = {pair: tallies[pair].points for pair in pairs}
        shares = {pair: percentage(points[pair], tallies[pair].top) for pair in pairs}
        places = rank(shares)
        for pair in pairs:
            tally = tallies[pair]
            scores[pair] = PairScore(
                pair=pair,
                matchpoints=points[pair],
                top=tally.top,
                boards=tally.boards,
                total=points[pair] * most / tally.boards,
                percentage=shares[pair],
                rank=places[pair],
            )
    return scores
