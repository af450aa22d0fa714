"""Table and pair guide cards of a section's schedule, as report Documents.

A table card tells the table, round by round, who sits where, which boards it
plays and where pairs and boards go next; a pair card tells a pair its table,
direction, opponents and boards each round. Pages and the PDF render the same
Documents (scoring.exports).
"""

from __future__ import annotations

from collections import defaultdict

from django.utils.translation import gettext as _

from scoring.documents.document import Column, Document, Kind, Table
from tournaments.models import Pair, Section

from .models import Seating

Seat = tuple[int, str]  # (table, "NS" | "EW")


class Schedule:
    """The stored rows of a section, indexed for the moves between rounds."""

    def __init__(self, section: Section) -> None:
        self.section = section
        self.rows = list(
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


def boards_text(row: Seating) -> str:
    boards = list(row.boards)
    k = row.rotation % len(boards)
    ordered = boards[k:] + boards[:k]
    if ordered == boards and len(boards) > 1:
        return f"{boards[0]}–{boards[-1]}"
    return ", ".join(map(str, ordered))


def _pair_move(sched: Schedule, row: Seating, pair: Pair | None, now: str) -> str:
    if pair is None:
        return ""
    where = sched.seat.get((row.round + 1, pair.pk))
    if where is None:
        return _("%(dir)s sit out") % {"dir": now}
    table, direction = where
    if (table, direction) == (row.table, now):
        return _("%(dir)s stay") % {"dir": now}
    if direction == now:
        return _("%(dir)s go to table %(table)s") % {"dir": now, "table": table}
    return _("%(dir)s go to table %(table)s %(new)s") % {
        "dir": now,
        "table": table,
        "new": direction,
    }


def _board_move(sched: Schedule, row: Seating) -> str:
    tables = sched.set_at.get((row.round + 1, row.board_set), [])
    if not tables:
        return _("boards go to the relay")
    tables = [t for t in tables if t != row.table] or tables
    return _("boards go to table %(table)s") % {"table": tables[0]}


def _notes(sched: Schedule, row: Seating) -> str:
    notes = []
    if row.ns_pair is None or row.ew_pair is None:
        notes.append(_("sit-out: no opponents this round"))
    shared = [t for t in sched.set_at[(row.round, row.board_set)] if t != row.table]
    if shared:
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


def _table_row(sched: Schedule, row: Seating) -> dict[str, str | int]:
    last = row.round == sched.rounds[-1]
    moves = [
        _pair_move(sched, row, row.ns_pair, "NS"),
        _pair_move(sched, row, row.ew_pair, "EW"),
    ]
    return {
        "round": row.round,
        "ns": row.ns_pair.label if row.ns_pair else "—",
        "ew": row.ew_pair.label if row.ew_pair else "—",
        "boards": boards_text(row),
        "players": "" if last else "; ".join(m for m in moves if m),
        "next_boards": "" if last else _board_move(sched, row),
        "notes": _notes(sched, row),
    }


def _document(section: Section, title: str, blocks: list[Table]) -> Document:
    event = section.session.event
    return Document(
        title=f"{title} · {section}",
        club=event.club.name if event.club else "",
        event=event.name,
        day=section.session.date or event.date,
        blocks=tuple(blocks),
    )


def table_cards(section: Section) -> Document:
    """One card per table: each round's pairs, boards and moves."""
    sched = Schedule(section)
    columns = (
        Column("round", _("Round"), Kind.INT),
        Column("ns", _("NS")),
        Column("ew", _("EW")),
        Column("boards", _("Boards")),
        Column("players", _("Next round")),
        Column("next_boards", _("Boards go")),
        Column("notes", _("Notes")),
    )
    cards = [
        Table(
            title=_("Table %(table)s") % {"table": table},
            columns=columns,
            rows=tuple(
                _table_row(sched, sched.at[(r, table)])
                for r in sched.rounds
                if (r, table) in sched.at
            ),
            keep_together=True,
        )
        for table in sched.tables
    ]
    return _document(section, _("Table guide cards"), cards)


def _pair_row(sched: Schedule, pair: Pair, rnd: int) -> dict[str, str | int]:
    where = sched.seat.get((rnd, pair.pk))
    if where is None:
        return {"round": rnd, "table": "—", "sits": "", "against": _("sits out")}
    table, direction = where
    row = sched.at[(rnd, table)]
    other = row.ew_pair if direction == "NS" else row.ns_pair
    return {
        "round": rnd,
        "table": table,
        "sits": direction,
        "against": other.label if other else _("sits out"),
        "boards": boards_text(row) if other else "",
    }


def pair_cards(section: Section) -> Document:
    """One card per pair: each round's table, direction, opponents and boards."""
    sched = Schedule(section)
    columns = (
        Column("round", _("Round"), Kind.INT),
        Column("table", _("Table")),
        Column("sits", _("Sits")),
        Column("against", _("Against")),
        Column("boards", _("Boards")),
    )
    seated = {pair_id for (_r, pair_id) in sched.seat}
    pairs = [p for p in section.pairs.all() if p.pk in seated]
    cards = [
        Table(
            title=_("Pair %(pair)s %(names)s") % {"pair": p.label, "names": p.names},
            columns=columns,
            rows=tuple(_pair_row(sched, p, r) for r in sched.rounds),
            keep_together=True,
        )
        for p in pairs
    ]
    return _document(section, _("Pair guide cards"), cards)
