"""An individual's stored schedule as the director reads it: the movement page's
rounds (who sits North, East, South and West at each table), the players who sit
out, and the guide cards (one per player, one per table), as report Documents
that the pages and the PDF render alike (scoring.documents)."""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.translation import gettext as _

from movements.engine.individual import (
    SEATS,
    IndividualMovement,
    IndividualSeating,
    PlayerRound,
    player_card,
)
from scoring.documents.document import Cell, Column, Document, Kind, Table, folding
from tournaments.models import Section

from .adapters import stored_individual
from .guide_cards import cards_document

__all__ = [
    "individual_table_cards",
    "player_cards",
    "player_names",
    "schedule_table",
    "sit_outs",
]


def player_names(section: Section) -> dict[int, str]:
    """Each player's number with his name when he has one: "8 Ann Lee"."""
    named = {}
    for pair in section.pairs.prefetch_related("players"):
        names = " ".join(p.name for p in pair.players.all())
        named[pair.number] = f"{pair.label} {names}".strip()
    return named


def _boards(movement: IndividualMovement, board_set: int) -> str:
    boards = movement.boards(board_set)
    if len(boards) == 1:
        return str(boards[0])
    return f"{boards[0]}–{boards[-1]}"


def _seat_columns() -> tuple[Column, ...]:
    labels = (_("North"), _("East"), _("South"), _("West"))
    return tuple(Column(seat, label) for seat, label in zip(SEATS, labels, strict=True))


def _who(names: Mapping[int, str], player: int | None) -> str:
    return "—" if player is None else names.get(player, str(player))


def _seats(names: Mapping[int, str], seating: IndividualSeating) -> dict[str, Cell]:
    """The four players by seat: {"N": "8 Ann Lee", "E": …}."""
    return {
        seat: _who(names, player)
        for seat, player in zip(SEATS, seating.players, strict=True)
    }


def schedule_table(movement: IndividualMovement, names: Mapping[int, str]) -> Table:
    """Every table that plays, round by round: its boards and its four players
    (on a phone the players fold under the round, table and boards)."""
    columns = (
        Column("round", _("Round"), Kind.INT),
        Column("table", _("Table"), Kind.INT),
        Column("boards", _("Boards")),
        *_seat_columns(),
    )
    rows = tuple(
        {
            "round": rnd.number,
            "table": seating.table,
            "boards": _boards(movement, seating.board_set),
            **_seats(names, seating),
        }
        for rnd, seating in movement.played()
    )
    kept = {"round", "table", "boards"}
    return Table(_("Schedule"), tuple(folding(columns, kept)), rows)


def sit_outs(
    movement: IndividualMovement, names: Mapping[int, str]
) -> list[tuple[int, str]]:
    """The rounds in which someone sits out, and who."""
    found = []
    for rnd in movement.rounds:
        out = movement.sitting_out(rnd)
        if out:
            found.append((rnd.number, ", ".join(_who(names, p) for p in out)))
    return found


def _player_row(
    movement: IndividualMovement, names: Mapping[int, str], step: PlayerRound
) -> dict[str, Cell]:
    if step.table is None or step.board_set is None:
        return {"round": step.round, "table": "—", "opponents": _("sits out")}
    return {
        "round": step.round,
        "table": step.table,
        "seat": step.seat,
        "partner": _who(names, step.partner),
        "opponents": ", ".join(_who(names, p) for p in step.opponents),
        "boards": _boards(movement, step.board_set),
    }


def player_cards(section: Section) -> Document:
    """One card per player: each round's table, seat, partner, opponents and
    boards, or that he sits out."""
    movement = stored_individual(section)
    if movement is None:
        return cards_document(section, _("Player guide cards"), [])
    names = player_names(section)
    columns = (
        Column("round", _("Round"), Kind.INT),
        Column("table", _("Table")),
        Column("seat", _("Seat")),
        Column("partner", _("Partner")),
        Column("opponents", _("Opponents")),
        Column("boards", _("Boards")),
    )
    cards = [
        Table(
            title=_("Player %(player)s") % {"player": names.get(p, p)},
            columns=columns,
            rows=tuple(
                _player_row(movement, names, step) for step in player_card(movement, p)
            ),
            keep_together=True,
        )
        for p in movement.players
    ]
    return cards_document(
        section, _("Player guide cards"), cards, copies=movement.board_copies()
    )


def _table_row(
    movement: IndividualMovement,
    names: Mapping[int, str],
    rnd: int,
    seating: IndividualSeating | None,
) -> dict[str, Cell]:
    if seating is None:
        return {"round": rnd, "boards": "—", "N": _("no play this round")}
    return {
        "round": rnd,
        "boards": _boards(movement, seating.board_set),
        **_seats(names, seating),
    }


def individual_table_cards(section: Section) -> Document:
    """One card per table: each round's boards and which seat each player
    takes."""
    movement = stored_individual(section)
    if movement is None:
        return cards_document(section, _("Table guide cards"), [])
    names = player_names(section)
    at = {(r.number, s.table): s for r, s in movement.played()}
    columns = (
        Column("round", _("Round"), Kind.INT),
        Column("boards", _("Boards")),
        *_seat_columns(),
    )
    cards = [
        Table(
            title=_("Table %(table)s") % {"table": table},
            columns=columns,
            rows=tuple(
                _table_row(movement, names, r.number, at.get((r.number, table)))
                for r in movement.rounds
            ),
            keep_together=True,
        )
        for table in sorted({s.table for _r, s in movement.played()})
    ]
    return cards_document(
        section, _("Table guide cards"), cards, copies=movement.board_copies()
    )
