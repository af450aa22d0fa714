"""Where pairs and boards go between rounds, read from a section's stored schedule.

The table guide cards print it and the tables' phones show it, from these same
rules.
"""

from __future__ import annotations

from collections import defaultdict

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.models import Pair, Section

from .adapters import copies_of
from .models import Seating, SectionMovement

__all__ = [
    "LINE_NAMES",
    "Schedule",
    "board_move",
    "boards_next",
    "boards_text",
    "notes",
    "pair_moves",
    "pair_next",
]

Seat = tuple[int, str]  # (table, "NS" | "EW")
# The lines as a language writes them: Spanish and Italian "EO" (Este-Oeste).
LINE_NAMES = {"NS": gettext_lazy("NS"), "EW": gettext_lazy("EW")}


class Schedule:
    """The stored rows of a section, indexed for the moves between rounds."""

    def __init__(self, section: Section, rows: list[Seating] | None = None) -> None:
        self.section = section
        self.rows = rows or list(
            Seating.objects.filter(section=section).select_related("ns_pair", "ew_pair")
        )
        self.at = {(s.round, s.table): s for s in self.rows}
        self.seat: dict[tuple[int, int], Seat] = {}
        self.set_at: dict[tuple[int, int], list[int]] = defaultdict(list)
        for s in self.rows:
            self.set_at[(s.round, s.board_set)].append(s.table)
            for pair_id, direction in ((s.ns_pair_id, "NS"), (s.ew_pair_id, "EW")):
                if pair_id is not None:
                    self.seat[(s.round, pair_id)] = (s.table, direction)
        self.rounds = sorted({s.round for s in self.rows})
        self.tables = sorted({s.table for s in self.rows})
        stored = SectionMovement.objects.filter(section=section).first()
        self.barometer = stored is not None and stored.barometer
        # Tables up to this many hold their own copy of a set, not a shared one.
        self.copies = 1 if stored is None else copies_of(stored, self.rows)
        # A Web Mitchell's boards go round within each half of the room.
        web = stored is not None and stored.variant == SectionMovement.Variant.WEB
        self.half = stored.tables // 2 if web and stored else 0


def boards_text(row: Seating) -> str:
    boards = list(row.boards)
    k = row.rotation % len(boards)
    ordered = boards[k:] + boards[:k]
    if ordered == boards and len(boards) > 1:
        return f"{boards[0]}–{boards[-1]}"
    return ", ".join(map(str, ordered))


def pair_next(sched: Schedule, row: Seating, pair: Pair | None) -> Seat | None:
    """Where the pair sits in the next round (None: it sits out)."""
    return None if pair is None else sched.seat.get((row.round + 1, pair.pk))


def boards_next(sched: Schedule, row: Seating) -> int | None:
    """The table the row's boards go to next (None: to the relay)."""
    tables = sched.set_at.get((row.round + 1, row.board_set), [])
    if sched.half:
        tables = [t for t in tables if (t > sched.half) == (row.table > sched.half)]
    tables = [t for t in tables if t != row.table] or tables
    return tables[0] if tables else None


def _line(direction: str) -> str:
    return str(LINE_NAMES.get(direction, direction))


def _pair_move(sched: Schedule, row: Seating, pair: Pair | None, now: str) -> str:
    if pair is None:
        return ""
    where = pair_next(sched, row, pair)
    if where is None:
        return _("%(dir)s sit out") % {"dir": _line(now)}
    table, direction = where
    if (table, direction) == (row.table, now):
        return _("%(dir)s stay") % {"dir": _line(now)}
    if direction == now:
        return _("%(dir)s go to table %(table)s") % {"dir": _line(now), "table": table}
    return _("%(dir)s go to table %(table)s %(new)s") % {
        "dir": _line(now),
        "table": table,
        "new": _line(direction),
    }


def board_move(sched: Schedule, row: Seating) -> str:
    if sched.barometer:
        following = sched.at.get((row.round + 1, row.table))
        if following is None:
            return _("boards are collected")
        return _("boards are collected; next round boards %(boards)s") % {
            "boards": boards_text(following)
        }
    table = boards_next(sched, row)
    if table is None:
        return _("boards go to the relay")
    return _("boards go to table %(table)s") % {"table": table}


def pair_moves(sched: Schedule, row: Seating) -> list[str]:
    """What each pair of the row does next round, in words."""
    moves = [
        _pair_move(sched, row, row.ns_pair, "NS"),
        _pair_move(sched, row, row.ew_pair, "EW"),
    ]
    return [m for m in moves if m]


def notes(sched: Schedule, row: Seating) -> str:
    notes = []
    if row.ns_pair is None or row.ew_pair is None:
        notes.append(_("sit-out: no opponents this round"))
    holding = sched.set_at[(row.round, row.board_set)]
    shared = [t for t in holding if t != row.table]
    if sched.barometer:
        notes.append(_("barometer: every table plays these boards this round"))
    elif shared and len(holding) > sched.copies:
        notes.append(
            _("share boards with table %(tables)s")
            % {"tables": ", ".join(map(str, shared))}
        )
    before = row.round - 1
    if before >= 1 and not sched.set_at.get((before, row.board_set)):
        notes.append(_("take the boards from the relay"))
    if row.arrow_switched:
        notes.append(_("arrow switch: EW play the NS cards"))
    return "; ".join(notes)
