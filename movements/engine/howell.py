"""Howell movements (movements.md §2).

Complete Howells for 4–10 tables come from the cyclic construction of §2.2: one
stationary pair 2T, the other pairs and every set advance by one each round (modulo
2T − 1). The starter rounds HOW-4/5/6/8/10 are those of movements.md; 7 and 9 tables
use the circle method with the first valid base sets of `circle_base_sets` and the
orientation of best comparison balance (found by exhaustive search of the 2^(T−1)
orientations: spread 5–7 and 7–9). 2 and 3 tables have no solution without shares;
their schedules were found by exhaustive search (every solution needs shares; the
3-table one shares one set among all three tables in round 1, so needs 3 boards a
round). A phantom (odd number of pairs) is the highest-numbered pair, 2T. The 3/4
Howell (§2.4) plays the first ~3/4 of the rounds of the complete cyclic Howell.
Sources: Ian McKinnon, bridgecentral.com (derivinghowellmovements, ReducedHowell);
devenezia.com round-robin forum, topic 277.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from movements.engine.model import (
    Movement,
    MovementError,
    MovementKind,
    Pair,
    Round,
    Seating,
    Share,
    Variant,
)
from movements.engine.problems import gettext_noop

__all__ = [
    "HOWELL_STARTERS",
    "SMALL_HOWELLS",
    "THREE_QUARTER_ROUNDS",
    "circle_base_sets",
    "howell",
    "three_quarter_howell",
]

Starter = tuple[tuple[int, int, int], ...]  # (NS pair, EW pair, set), 1-based

# movements.md §2.2 (HOW-4, 5, 6, 8, 10); 7 and 9: circle method, see module docstring.
HOWELL_STARTERS: Final[dict[int, Starter]] = {
    4: ((8, 1, 1), (2, 7, 3), (3, 6, 5), (5, 4, 2)),
    5: ((10, 1, 1), (2, 3, 6), (4, 8, 5), (7, 5, 3), (6, 9, 8)),
    6: ((12, 1, 1), (2, 11, 4), (10, 3, 6), (4, 9, 10), (5, 8, 2), (6, 7, 5)),
    7: (
        (14, 1, 1),
        (2, 13, 4),
        (3, 12, 6),
        (4, 11, 10),
        (10, 5, 2),
        (6, 9, 7),
        (7, 8, 3),
    ),  # fmt: skip
    8: (
        (16, 1, 1),
        (15, 2, 3),
        (3, 14, 8),
        (13, 4, 12),
        (5, 12, 7),
        (11, 6, 2),
        (7, 10, 14),
        (9, 8, 6),
    ),  # fmt: skip
    9: (
        (18, 1, 1),
        (2, 17, 3),
        (3, 16, 7),
        (4, 15, 9),
        (5, 14, 4),
        (13, 6, 8),
        (7, 12, 5),
        (8, 11, 17),
        (9, 10, 6),
    ),  # fmt: skip
    10: (
        (20, 1, 1),
        (2, 19, 3),
        (18, 3, 7),
        (17, 4, 11),
        (5, 16, 15),
        (6, 15, 8),
        (7, 14, 12),
        (13, 8, 5),
        (9, 12, 18),
        (10, 11, 6),
    ),  # fmt: skip
}

# Whole schedules (rounds of (NS, EW, set)) found by exhaustive search; a set listed at
# several tables in one round is shared, each table starting one board further on.
SMALL_HOWELLS: Final[dict[int, tuple[Starter, ...]]] = {
    2: (
        ((4, 1, 1), (2, 3, 1)),
        ((4, 2, 2), (3, 1, 2)),
        ((4, 3, 3), (1, 2, 3)),
    ),
    3: (
        ((6, 1, 1), (2, 5, 1), (3, 4, 1)),
        ((6, 2, 2), (3, 1, 3), (4, 5, 4)),
        ((6, 3, 4), (4, 2, 3), (5, 1, 5)),
        ((6, 4, 5), (5, 3, 2), (1, 2, 4)),
        ((6, 5, 3), (1, 4, 2), (2, 3, 5)),
    ),
}

# About 3/4 of the 2T − 1 rounds of the complete Howell (movements.md §2.4).
THREE_QUARTER_ROUNDS: Final[dict[int, int]] = {5: 7, 6: 8, 7: 10, 8: 11}


def howell(
    tables: int,
    *,
    boards_per_round: int = 2,
    rounds: int | None = None,
    phantom: bool = False,
) -> Movement:
    """A complete Howell for 2–10 tables (2T pairs, 2T − 1 rounds and sets).

    `phantom` makes pair 2T missing (2T − 1 pairs); `rounds` stops early.
    """
    schedule = _full_schedule(tables)
    full = len(schedule)
    if rounds is not None and not 1 <= rounds <= full:
        raise MovementError(
            gettext_noop("this Howell has 1 to %(full)s rounds, not %(rounds)s"),
            full=full,
            rounds=rounds,
        )
    played = full if rounds is None else rounds
    needed = max(_most_shared(rnd) for rnd in schedule[:played])
    if boards_per_round < needed:
        raise MovementError(
            gettext_noop(
                "a %(tables)s-table Howell shares a set among %(needed)s tables, so "
                "it needs at least %(needed)s boards per round"
            ),
            tables=tables,
            needed=needed,
        )
    return _movement(
        tables, schedule[:played], boards_per_round, phantom, complete=played == full
    )


def three_quarter_howell(
    tables: int, *, boards_per_round: int = 2, phantom: bool = False
) -> Movement:
    """A 3/4 Howell for 5–8 tables: the first rounds of the cyclic complete Howell."""
    if tables not in THREE_QUARTER_ROUNDS:
        raise MovementError(
            gettext_noop("a 3/4 Howell is for 5 to 8 tables, not %(tables)s"),
            tables=tables,
        )
    full = howell(
        tables,
        boards_per_round=boards_per_round,
        rounds=THREE_QUARTER_ROUNDS[tables],
        phantom=phantom,
    )
    return replace(full, variant=Variant.THREE_QUARTER, complete=True)


def circle_base_sets(tables: int) -> tuple[int, ...] | None:
    """First valid 0-based base sets for the circle-method starter, or None (§2.2).

    Starter tables hold {∞, 0} and {k, −k}; valid iff x ↦ s(x) − x is a permutation.
    """
    m = 2 * tables - 1
    holders = [(0,)] + [(k, m - k) for k in range(1, tables)]
    chosen: list[int] = []

    def extend(used_diffs: frozenset[int]) -> bool:
        if len(chosen) == tables:
            return True
        for s in range(m):
            diffs = {(s - x) % m for x in holders[len(chosen)]}
            if s in chosen or len(diffs) < len(holders[len(chosen)]):
                continue
            if diffs & used_diffs:
                continue
            chosen.append(s)
            if extend(used_diffs | diffs):
                return True
            chosen.pop()
        return False

    return tuple(chosen) if extend(frozenset()) else None


def _full_schedule(tables: int) -> tuple[Starter, ...]:
    if tables in SMALL_HOWELLS:
        return SMALL_HOWELLS[tables]
    if tables not in HOWELL_STARTERS:
        raise MovementError(
            gettext_noop("a complete Howell is for 2 to 10 tables, not %(tables)s"),
            tables=tables,
        )
    m = 2 * tables - 1

    def move(x: int, r: int) -> int:
        return x if x == m + 1 else (x - 1 + r) % m + 1

    starter = HOWELL_STARTERS[tables]
    return tuple(
        tuple((move(ns, r), move(ew, r), (s - 1 + r) % m + 1) for ns, ew, s in starter)
        for r in range(m)
    )


def _most_shared(rnd: Starter) -> int:
    """How many tables play the most-shared set of the round (1 when none shares)."""
    return max(sum(1 for _, _, s in rnd if s == mine) for _, _, mine in rnd)


def _movement(
    tables: int,
    schedule: tuple[Starter, ...],
    boards_per_round: int,
    phantom: bool,
    *,
    complete: bool,
) -> Movement:
    missing = 2 * tables if phantom else None
    m = 2 * tables - 1
    return Movement(
        kind=MovementKind.HOWELL,
        tables=tables,
        boards_per_round=boards_per_round,
        sets=m,
        rounds=tuple(
            _round(number, rnd, m, missing) for number, rnd in enumerate(schedule, 1)
        ),
        pairs=tuple(Pair(p) for p in range(1, 2 * tables + 1) if p != missing),
        variant=Variant.COMPLETE,
        complete=complete,
        phantom=Pair(missing) if missing else None,
    )


def _round(number: int, rnd: Starter, sets: int, missing: int | None) -> Round:
    seatings: list[Seating] = []
    tables_of: dict[int, list[int]] = {}
    for table, (ns, ew, s) in enumerate(rnd, 1):
        seatings.append(
            Seating(
                table=table,
                ns=None if ns == missing else Pair(ns),
                ew=None if ew == missing else Pair(ew),
                board_set=s,
                rotation=len(tables_of.get(s, [])),
            )
        )
        tables_of.setdefault(s, []).append(table)
    shares = tuple(Share(s, tuple(t)) for s, t in tables_of.items() if len(t) > 1)
    relays = tuple(s for s in range(1, sets + 1) if s not in tables_of)
    return Round(number, tuple(seatings), relays=relays, shares=shares)
