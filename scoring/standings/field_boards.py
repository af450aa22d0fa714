"""A simultaneous' boards across the whole field as the overall shows them:
each heat's pool of a board with its lines' overall points, and how many lines
scored each result with each points (the board's frequencies before they are
presented). The counts are kept from one overall to the next while the board's
heat pools and its points are the same objects (``Counted``): a result arriving
counts its board's lines again, not the field's 62,400."""

from __future__ import annotations

import operator
from collections import Counter
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass

from scoring.engine.pools import LinePoints
from tournaments.models import Heat

from .lines import Line
from .load import Pool

__all__ = ["BoardCounts", "Counted", "FieldBoard", "field_boards"]

# A board's results, each with the points its lines share and how many they are
# (None: an artificial score), in the order first met.
BoardCounts = tuple[tuple[int | None, LinePoints, int], ...]
# Each board's counts by number, with the heat pools and points counted.
Counted = dict[int, tuple[tuple[Pool, ...], Mapping[Hashable, LinePoints], BoardCounts]]


@dataclass(frozen=True)
class FieldBoard:
    """One board across the field: each heat's pool of it, its lines' overall
    points (by line id) and their ``counts``."""

    number: int
    parts: tuple[tuple[Heat, Pool], ...]
    points: Mapping[Hashable, LinePoints]
    counts: BoardCounts

    def lines(self) -> list[tuple[Heat, Line, LinePoints]]:
        """Each line scored, with its heat and its overall points."""
        return [
            (heat, line, got)
            for heat, pool in self.parts
            for line in pool.lines
            if (got := self.points.get(line.id)) is not None
        ]


def field_boards(
    parts: Mapping[int, list[tuple[Heat, Pool]]],
    points: Sequence[Mapping[Hashable, LinePoints]],
    counted: Counted,
) -> list[FieldBoard]:
    """Each board (``parts``: its heats' pools by number; ``points``: the
    boards' line points in number order) with a line scored, counted again only
    where its pools or points changed; ``counted`` (the same dict at every call)
    keeps the counts."""
    numbers = sorted(parts)
    now: Counted = {}
    for number, mine in zip(numbers, points, strict=True):
        pools = tuple(pool for _heat, pool in parts[number])
        hit = counted.get(number)
        if hit is None or not _same(hit, pools, mine):
            hit = (pools, mine, _counts(pools, mine))
        now[number] = hit
    counted.clear()
    counted.update(now)
    return [
        FieldBoard(n, tuple(parts[n]), now[n][1], now[n][2])
        for n in numbers
        if now[n][2]
    ]


def _same(
    hit: tuple[tuple[Pool, ...], Mapping[Hashable, LinePoints], BoardCounts],
    pools: tuple[Pool, ...],
    points: Mapping[Hashable, LinePoints],
) -> bool:
    was, was_points, _counts = hit
    return (
        was_points is points
        and len(was) == len(pools)
        and all(map(operator.is_, was, pools))
    )


def _counts(
    pools: Sequence[Pool], points: Mapping[Hashable, LinePoints]
) -> BoardCounts:
    """The lines of one result share their points object: counted by it."""
    shared: Counter[tuple[int | None, int]] = Counter()
    by_id: dict[int, LinePoints] = {}
    for pool in pools:
        for line in pool.lines:
            got = points.get(line.id)
            if got is None:
                continue
            score = None if line.ns_artificial or line.ew_artificial else line.score_ns
            shared[(score, id(got))] += 1
            by_id[id(got)] = got
    return tuple((score, by_id[key], n) for (score, key), n in shared.items())
