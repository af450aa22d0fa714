"""One board pool matchpointed and factored: Law 78A, Neuberg (scoring.md §3–8).

A pool (a section's lines on a board, or the field's) is split into comparison
groups, one per version of the deal (Law 87); each direction is matchpointed on
its own and factored to the expected number of results E. Each distinct result of
a group is matchpointed (in integers) and factored once, and its lines share the
Fractions. Artificial sides are left for the session to award (``session``).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from fractions import Fraction
from typing import Final, NamedTuple, TypeAlias

from .factoring import factor
from .matchpoints import class_matchpoints, top
from .outcomes import Artificial, Average, Distribution, Outcome, Played, distribution
from .policy import Factoring, ScoringPolicy
from .ranking import percentage

__all__ = [
    "BoardLine",
    "BoardPool",
    "LinePoints",
    "Scored",
    "SidePoints",
    "line_points",
    "own",
    "score_pool",
]


class BoardLine(NamedTuple):
    """One table's result on one board; ``ew`` differs from ``ns`` for a split score.

    A named tuple, not a frozen dataclass: a national field makes 26,000 at each
    scoring, and a frozen dataclass takes three times as long to make."""

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


# A column's view of one side's outcome: the score or weighted distribution in the
# column's direction (higher is better), or the code of an artificial score.
_Key: TypeAlias = int | Distribution | Average
_ZERO: Final = Fraction(0)


@dataclass(slots=True, eq=False)
class SidePoints:
    """Points of one side of one line, final Fractions. A real side is shared by
    every line of its comparison group with the same result; an artificial side is
    its own, filled in once the session percentages are known."""

    points: Fraction
    raw: Fraction
    top: int
    raw_top: int
    percentage: Fraction
    code: Average | None = None


Scored = tuple[BoardLine, SidePoints, SidePoints]


@dataclass(frozen=True)
class LinePoints:
    """The points of a line: the lines of a comparison group with the same result
    share one. ``top``/``raw_top`` are the NS column's tops and
    ``ew_top``/``ew_raw_top`` the EW column's (the engine always fills them; they differ
    only when one side of the line has an artificial score)."""

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


def line_points(ns: SidePoints, ew: SidePoints) -> LinePoints:
    return LinePoints(
        ns.points, ew.points, ns.raw, ew.raw, ns.top, ns.raw_top,
        ns.percentage, ew.percentage, ew.top, ew.raw_top,
    )  # fmt: skip


def own(side: SidePoints) -> SidePoints:
    """A real side as it is (shared); an artificial side copied, to be awarded."""
    if side.code is None:
        return side
    return SidePoints(
        side.points, side.raw, side.top, side.raw_top, side.percentage, side.code
    )


def score_pool(
    pool: BoardPool, *, expected: int, policy: ScoringPolicy
) -> list[Scored]:
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
) -> list[SidePoints]:
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
    sides: dict[int, SidePoints] = {}
    for version, indices in groups.items():
        group = [keys[i] for i in indices]
        scored = _score_group(
            group, expected, policy, larger_group=sizes[version] == largest
        )
        sides.update(zip(indices, scored, strict=True))
    return [sides[index] for index in range(len(keys))]


def _score_group(
    keys: list[_Key], expected: int, policy: ScoringPolicy, *, larger_group: bool
) -> list[SidePoints]:
    """Matchpoint the real results of one comparison group and factor them to E.

    Each distinct result is matchpointed and factored once; its lines share it.
    """
    real = [key for key in keys if not isinstance(key, Average)]
    actual, raw_top = len(real), top(len(real))
    if policy.factoring is Factoring.NONE:
        real_top, award_top = raw_top, raw_top or top(expected)
    else:
        real_top = award_top = top(expected)
    classes: dict[_Key, SidePoints] = {}
    for key, raw in class_matchpoints(real).items():
        points = factor(
            raw,
            actual=actual,
            expected=expected,
            policy=policy,
            larger_group=larger_group,
        )
        classes[key] = SidePoints(
            _fraction(points),
            _fraction(raw),
            real_top,
            raw_top,
            percentage(points, real_top),
        )
    return [classes.get(key) or _artificial(key, award_top, raw_top) for key in keys]


def _artificial(key: _Key, award_top: int, raw_top: int) -> SidePoints:
    assert isinstance(key, Average)
    return SidePoints(_ZERO, _ZERO, award_top, raw_top, _ZERO, key)


def _fraction(value: Fraction | int) -> Fraction:
    return value if isinstance(value, Fraction) else Fraction(value)
