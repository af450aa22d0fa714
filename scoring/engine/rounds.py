"""The round in play: the latest round that has some but not all of its results.

A round should have, in each section, one result per table and board of the round:
the section's tables (or the tables seen, when not set) times the boards a table
plays in a round (the most results one table has in any round). Results without a
round number never make a round "in play". Used by live standings (the barometer
way: the round in play stays hidden until it ends).

With barometer boards (individual-and-social.md §2) the rule is exact: each round
expects the results its schedule seats, and the standings show the rounds up to
the last one every table has finished.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass
from typing import Generic, TypeVar

__all__ = ["Played", "first_unfinished_round", "round_in_play"]

S = TypeVar("S", bound=Hashable)  # a section, however the caller names it


@dataclass(frozen=True, slots=True)
class Played(Generic[S]):
    """Where one result was played: its section, round and table."""

    section: S
    round: int
    table: int | None


def round_in_play(played: Iterable[Played[S]], tables: Mapping[S, int]) -> int | None:
    """The latest incomplete round, or None when every round seen is complete.

    ``tables`` gives each section's number of tables (0 or missing: count the
    tables seen in its results)."""
    results = list(played)
    per_table = Counter((p.section, p.round, p.table) for p in results)
    boards_per_round = max(per_table.values(), default=0)
    seen: dict[S, set[int | None]] = {}
    for p in results:
        seen.setdefault(p.section, set()).add(p.table)
    expected = sum(
        (tables.get(section) or len(at)) * boards_per_round
        for section, at in seen.items()
    )
    per_round = Counter(p.round for p in results)
    incomplete = [r for r, n in per_round.items() if n < expected]
    return max(incomplete, default=None)


def first_unfinished_round(
    played: Iterable[int], expected: Mapping[int, int]
) -> int | None:
    """The earliest round with fewer results than ``expected`` (results a round
    by its schedule) when some result of it or a later round is in; None when
    every round with a result is complete. ``played``: each result's round."""
    counts = Counter(played)
    latest = max(counts, default=0)
    for number in sorted(expected):
        if number > latest:
            return None
        if counts[number] < expected[number]:
            return number
    return None
