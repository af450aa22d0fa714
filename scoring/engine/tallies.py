"""What a session's scoring keeps between calls, so that after a correction only
the corrected board's pool is matchpointed and the pair totals follow from it.

A pool scored once keeps its sides, the points of its lines that have no
artificial side, and its sums per pair. The session keeps each pair's sums over
the pools last added up; the next call subtracts the sums of the pools that
changed and adds their new ones (old total − old pool + new pool), in integer
numerators per denominator, so every total stays exact. Artificial sides are
never kept: their award follows the pair's session percentage (Law 12C2(c)).
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from .once_played import is_left_out
from .policy import ScoringPolicy
from .pools import BoardPool, LinePoints, Scored, line_points, score_pool

__all__ = ["PoolTallies", "PairSums", "PoolTally", "SessionSums", "session_sums"]


@dataclass(eq=False, slots=True)
class PoolTally:
    """One pool scored to E under a policy: its sides, the points of its lines
    without an artificial side, its lines with one, and its sums per pair."""

    pool: BoardPool
    expected: int
    policy: ScoringPolicy
    scored: list[Scored]
    lines: dict[Hashable, LinePoints]
    artificial: list[Scored]
    real: list[tuple[Hashable, int, int, int]]  # pair, numerator, denominator, top
    sides: list[Hashable]  # the pair of every side, real or artificial


def pool_tally(pool: BoardPool, expected: int, policy: ScoringPolicy) -> PoolTally:
    scored = score_pool(pool, expected=expected, policy=policy)
    tally = PoolTally(pool, expected, policy, scored, {}, [], [], [])
    # the lines of one result share their sides (alive in ``scored``), so their points
    shared: dict[tuple[int, int], LinePoints] = {}
    counted = not is_left_out(pool, policy)
    for line, ns, ew in scored:
        if ns.code is None and ew.code is None:
            points = shared.get((id(ns), id(ew)))
            if points is None:
                points = shared[id(ns), id(ew)] = line_points(ns, ew)
            tally.lines[line.key] = points
        else:
            tally.artificial.append((line, ns, ew))
        for pair, side in ((line.ns_pair, ns), (line.ew_pair, ew)):
            tally.sides.append(pair)
            if side.code is None and counted:
                value = side.points
                tally.real.append((pair, value.numerator, value.denominator, side.top))
    return tally


@dataclass(frozen=True, slots=True)
class PairSums:
    """A pair's sums over some of its sides: points, tops and boards (§4)."""

    points: Fraction
    top: int
    boards: int


@dataclass(slots=True)
class _Running:
    """A pair's running sums of real sides: numerators per denominator."""

    numerators: dict[int, int]
    top: int = 0
    boards: int = 0
    sides: int = 0  # real and artificial: the pair is in the session while > 0

    def sums(self) -> PairSums:
        common = math.lcm(*self.numerators)
        points = sum(n * (common // d) for d, n in self.numerators.items())
        return PairSums(Fraction(points, common), self.top, self.boards)


@dataclass(frozen=True, slots=True)
class SessionSums:
    """Each pair's sums of real sides over the pools ``tallies`` (never changed
    once made: a new call makes a new one from it)."""

    tallies: dict[int, PoolTally]
    keys: frozenset[Hashable]
    running: dict[Hashable, _Running]
    real: dict[Hashable, PairSums]


@dataclass(eq=False)
class PoolTallies:
    """What one caller keeps between scorings of one session (pass the same
    object each time): each pool's tally by the pool's id, the session's sums,
    and the pairs' scores as last ranked."""

    pools: dict[int, PoolTally] = field(default_factory=dict)
    sums: SessionSums | None = None
    scores: dict[Hashable, Any] = field(default_factory=dict)

    def tally(self, pool: BoardPool, expected: int, policy: ScoringPolicy) -> PoolTally:
        """The pool's tally, kept when this pool was scored to this E before."""
        hit = self.pools.get(id(pool))
        if (
            hit is None
            or hit.pool is not pool
            or (hit.expected, hit.policy)
            != (
                expected,
                policy,
            )
        ):
            hit = pool_tally(pool, expected, policy)
            self.pools[id(pool)] = hit
        return hit

    def forget_others(self, pools: Sequence[BoardPool]) -> None:
        # set(...) copies the keys in one step: another thread may be scoring too
        for key in set(self.pools) - {id(pool) for pool in pools}:
            self.pools.pop(key, None)


def session_sums(tallies: Sequence[PoolTally], was: SessionSums | None) -> SessionSums:
    """The pairs' sums over ``tallies``: from ``was`` by subtracting the pools
    gone and adding the new ones when few changed, else added up afresh."""
    now = {id(t): t for t in tallies}
    if was is None or 4 * len(now.keys() - was.tallies.keys()) > len(now):
        was = SessionSums({}, frozenset(), {}, {})
    gone = [t for key, t in was.tallies.items() if key not in now]
    new = [t for key, t in now.items() if key not in was.tallies]
    keys = set(was.keys)
    keys.difference_update(line.key for t in gone for line, _ns, _ew in t.scored)
    _check_unique_keys(new, keys)
    running, real = dict(was.running), dict(was.real)
    for pair, change in _changes(gone, new).items():
        sums = _changed(running.get(pair), change)
        if sums.sides:
            running[pair], real[pair] = sums, sums.sums()
        else:
            running.pop(pair, None)
            real.pop(pair, None)
    return SessionSums(now, frozenset(keys), running, real)


def _changes(
    gone: Sequence[PoolTally], new: Sequence[PoolTally]
) -> dict[Hashable, _Running]:
    """What the pools gone and new change in each pair's sums, pairs whose sums
    do not change left out. A board scored again with the same sides (a result
    corrected) is compared side by side: only the sides whose points moved count."""
    change: dict[Hashable, _Running] = {}
    left = list(gone)
    for tally in new:
        twin = next((g for g in left if _same_sides(g, tally)), None)
        if twin is None:
            _add(change, tally.sides, tally.real, 1)
            continue
        left.remove(twin)
        moved = [
            (was, now)
            for was, now in zip(twin.real, tally.real, strict=True)
            if was != now
        ]
        _add(change, (), [was for was, _now in moved], -1)
        _add(change, (), [now for _was, now in moved], 1)
    for tally in left:
        _add(change, tally.sides, tally.real, -1)
    return {
        pair: mine
        for pair, mine in change.items()
        if mine.sides or mine.top or mine.boards or any(mine.numerators.values())
    }


def _same_sides(was: PoolTally, now: PoolTally) -> bool:
    """The two tallies are of one board, with the same pairs' sides in order."""
    return (
        was.pool.board == now.pool.board
        and was.sides == now.sides
        and len(was.real) == len(now.real)
        and all(a[0] == b[0] for a, b in zip(was.real, now.real, strict=True))
    )


def _add(
    change: dict[Hashable, _Running],
    sides: Sequence[Hashable],
    real: Sequence[tuple[Hashable, int, int, int]],
    sign: int,
) -> None:
    for pair in sides:
        mine = change.get(pair) or change.setdefault(pair, _Running({}))
        mine.sides += sign
    for pair, numerator, denominator, top in real:
        mine = change.get(pair) or change.setdefault(pair, _Running({}))
        mine.numerators[denominator] = (
            mine.numerators.get(denominator, 0) + sign * numerator
        )
        mine.top += sign * top
        mine.boards += sign


def _changed(was: _Running | None, change: _Running) -> _Running:
    """New running sums: ``was`` (kept as it is) with ``change`` added."""
    numerators = {} if was is None else dict(was.numerators)
    for denominator, numerator in change.numerators.items():
        left = numerators.get(denominator, 0) + numerator
        if left:
            numerators[denominator] = left
        else:
            numerators.pop(denominator, None)
    if was is None:
        return _Running(numerators, change.top, change.boards, change.sides)
    return _Running(
        numerators,
        was.top + change.top,
        was.boards + change.boards,
        was.sides + change.sides,
    )


def _check_unique_keys(
    tallies: Sequence[PoolTally], seen: set[Hashable] | None = None
) -> None:
    """Add the tallies' line keys to ``seen``; a key found twice is an error."""
    seen = set() if seen is None else seen
    for tally in tallies:
        for line, _ns, _ew in tally.scored:
            if line.key in seen:
                raise ValueError(f"line key {line.key!r} is used twice")
            seen.add(line.key)
