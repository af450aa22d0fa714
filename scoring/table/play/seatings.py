"""A section's seatings as stored, kept by each server process while they stay
as they are: a section's rows are only ever deleted and made again, never
changed in place, so while their count and last id stay the same so do they.
Every phone's request asks where its pair sits and which rounds follow; one
small query tells whether the kept rows still hold.

The rows kept are shared between requests and threads: read them, never set
anything on them."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from functools import partial

from movements.models import Seating
from scoring.queries.reading import once
from scoring.queries.seatings import seatings_stamp

__all__ = ["SectionRows", "section_rows", "seatings_forget"]


@dataclass(frozen=True)
class SectionRows:
    """A section's seatings, by round and table, with what identifies them."""

    section_id: int
    stamp: tuple[int, int]  # rows stored, last row's id
    rows: tuple[Seating, ...]  # by round, then table
    rounds: tuple[int, ...] = ()
    # The rows that seat each pair (an individual's player), by its id.
    by_holder: dict[int, tuple[Seating, ...]] = field(default_factory=dict)

    @classmethod
    def read(cls, section_id: int, stamp: tuple[int, int]) -> SectionRows:
        found = Seating.objects.filter(section_id=section_id)
        rows = tuple(found.order_by("round", "table"))
        by_holder: dict[int, list[Seating]] = defaultdict(list)
        for row in rows:
            for pk in {row.ns_pair_id, row.ew_pair_id, row.south_id, row.west_id}:
                if pk is not None:
                    by_holder[pk].append(row)
        rounds = tuple(sorted({r.round for r in rows}))
        held = {pk: tuple(found) for pk, found in by_holder.items()}
        return cls(section_id, stamp, rows, rounds, held)

    def of_round(self, *numbers: int) -> list[Seating]:
        return [r for r in self.rows if r.round in numbers]

    def of_table(self, table: int) -> list[Seating]:
        """The table's rows, round by round."""
        return [r for r in self.rows if r.table == table]

    def holding(self, holders: frozenset[int]) -> list[Seating]:
        """The rows that seat every one of ``holders``."""
        if not holders:
            return []
        return [
            r
            for r in self.by_holder.get(min(holders), ())
            if holders <= {r.ns_pair_id, r.ew_pair_id, r.south_id, r.west_id}
        ]


_KEPT: dict[int, SectionRows] = {}
_KEPT_AT_MOST = 256


def seatings_forget() -> None:
    _KEPT.clear()


def section_rows(section_id: int) -> SectionRows:
    """The section's seatings as stored now (looked at once in
    ``queries.reading.one_reading``: a phone's request never makes them)."""
    read = partial(_section_rows, section_id)
    return once(("section rows", section_id), read, through_writes=True)


def _section_rows(section_id: int) -> SectionRows:
    stamp = seatings_stamp(section_id)
    kept = _KEPT.get(section_id)  # one look: another thread may clear it
    if kept is not None and kept.stamp == stamp:
        return kept
    kept = SectionRows.read(section_id, stamp)
    if len(_KEPT) >= _KEPT_AT_MOST:
        _KEPT.clear()
    _KEPT[section_id] = kept
    return kept
