"""Table and pair guide cards of a section's schedule, as report Documents.

A table card tells the table, round by round, who sits where, which boards it
plays and where pairs and boards go next; a pair card tells a pair its table,
direction, opponents and boards each round. Pages and the PDF render the same
Documents (scoring.exports).
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring.documents.document import Column, Document, Kind, Table
from tournaments.models import Pair, Section

from .models import Seating
from .moves import Schedule, board_move, boards_text, notes, pair_moves
from .selectors import board_copies_of


def _table_row(sched: Schedule, row: Seating) -> dict[str, str | int]:
    last = row.round == sched.rounds[-1]
    return {
        "round": row.round,
        "ns": row.ns_pair.label if row.ns_pair else "—",
        "ew": row.ew_pair.label if row.ew_pair else "—",
        "boards": boards_text(row),
        "players": "" if last else "; ".join(pair_moves(sched, row)),
        "next_boards": "" if last else board_move(sched, row),
        "notes": notes(sched, row),
    }


def barometer_copies(sched: Schedule) -> int:
    """Copies of each board a barometer needs (0: the boards move as usual)."""
    return board_copies_of(sched.section) if sched.barometer else 0


def cards_document(
    section: Section, title: str, blocks: list[Table], *, copies: int = 0
) -> Document:
    """The cards under one title, which names the copies of each board a
    barometer needs."""
    event = section.session.event
    if copies:
        title += " · " + ngettext(
            "barometer boards: %(copies)s copy of each board",
            "barometer boards: %(copies)s copies of each board",
            copies,
        ) % {"copies": copies}
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
    return cards_document(
        section, _("Table guide cards"), cards, copies=barometer_copies(sched)
    )


def _pair_row(sched: Schedule, pair: Pair, rnd: int) -> dict[str, str | int]:
    where = sched.seat.get((rnd, pair.pk))
    if where is None:
        return {"round": rnd, "table": "—", "sits": "", "against": _("sits out")}
    table, direction = where
    row = sched.at[(rnd, table)]
    other = row.ew_pair if direction == "NS" else row.ns_pair
    sits = direction
    if row.arrow_switched:
        cards = "EW" if direction == "NS" else "NS"
        sits = _("%(seat)s (plays the %(cards)s cards)") % {
            "seat": direction,
            "cards": cards,
        }
    return {
        "round": rnd,
        "table": table,
        "sits": sits,
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
    return cards_document(
        section, _("Pair guide cards"), cards, copies=barometer_copies(sched)
    )
