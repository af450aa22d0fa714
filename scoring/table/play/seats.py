"""An individual at the table (``Event.individual``): the four players by seat,
the partners a result is stored with, and where each player goes next.

A result sent from a table names North and East (``TableEntry.ns_pair`` and
``ew_pair``); South and West are the ones the schedule seats with them at that
table in that round, so the line is stored with the four players of the seating.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from movements.models import Seating
from movements.moves import Schedule, board_move, boards_next, notes
from scoring.entry.players import seat_name
from scoring.entry.services import result_text
from scoring.models import TableCode, TableEntry
from scoring.table.play.rounds import TableRound, plays
from tournaments.models import Pair

__all__ = [
    "entry_text",
    "individual_next",
    "partners",
    "players_json",
]

SEATS = ("N", "E", "S", "W")


def partners(code: TableCode, round_no: int) -> tuple[Pair | None, Pair | None]:
    """South and West at the table in the round (None, None: a pairs table)."""
    seating = (
        Seating.objects.filter(
            section_id=code.section_id, table=code.table, round=round_no
        )
        .select_related("south", "west")
        .first()
    )
    return (seating.south, seating.west) if seating else (None, None)


def entry_text(entry: TableEntry, seating: Seating | None = None) -> str:
    """A sent result as the change log shows it: 'B5 3NS-4EW 4S N = +420' (in
    an individual 'B5 3&1-7&12 4S N = +420', North&South-East&West).
    ``seating``: the entry's own, read already with its South and West."""
    result = _("not played") if entry.not_played else result_text(entry)
    ns, ew = entry.ns_pair.label, entry.ew_pair.label
    if seating is None:
        south, west = partners(entry.table, entry.round)
    else:
        south, west = seating.south, seating.west
    if south is not None and west is not None:
        ns, ew = f"{ns}&{south.label}", f"{ew}&{west.label}"
    return f"B{entry.board.number} {ns}-{ew} {result}"


def players_json(state: TableRound) -> dict[str, Any] | None:
    """The four players by seat, as the round's answer names them."""
    players = state.players
    if players is None:
        return None
    return {
        seat: {"number": p.number, "label": p.label, "name": p.names}
        for seat, p in players.items()
    }


def _where(rows: list[Seating]) -> dict[int, tuple[int, str]]:
    """Each player's (table, seat) in the round of ``rows``."""
    where: dict[int, tuple[int, str]] = {}
    for s in rows:
        if not plays(s, individual=True):
            continue
        ids = (s.ns_pair_id, s.ew_pair_id, s.south_id, s.west_id)
        for seat, pk in zip(SEATS, ids, strict=True):
            if pk is not None:
                where[pk] = (s.table, seat)
    return where


def _move(seat: str, player: Pair, now: int, where: tuple[int, str] | None) -> str:
    values = {"seat": seat_name(seat), "player": player.label}
    if where is None:
        return _("%(seat)s, player %(player)s: sits out") % values
    table, new = where
    if (table, new) == (now, seat):
        return _("%(seat)s, player %(player)s: stays") % values
    return _("%(seat)s, player %(player)s: table %(table)s, %(new)s") % {
        **values,
        "table": table,
        "new": seat_name(new),
    }


def individual_next(state: TableRound) -> dict[str, Any] | None:
    """Where the table's four players and its boards go after this round
    (None: the last round)."""
    row, players = state.seating, state.players
    if row is None or players is None:
        return None
    rows = list(
        Seating.objects.filter(
            section_id=row.section_id, round__in=(row.round, row.round + 1)
        ).select_related("ns_pair", "ew_pair")
    )
    following = [s for s in rows if s.round == row.round + 1]
    if not following:
        return None
    where = _where(following)
    seats = {seat: _seat(where.get(player.pk)) for seat, player in players.items()}
    sched = Schedule(state.code.section, rows)
    return {
        "round": row.round + 1,
        "ns": seats["N"],
        "ew": seats["E"],
        "players": seats,
        "boards": boards_next(sched, row),
        "text": [
            *(_move(s, p, row.table, where.get(p.pk)) for s, p in players.items()),
            board_move(sched, row),
        ],
        "notes": notes(sched, row),
    }


def _seat(where: tuple[int, str] | None) -> dict[str, object] | None:
    return None if where is None else {"table": where[0], "seat": where[1]}
