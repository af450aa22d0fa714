"""The four players of an individual's line (``Event.individual``).

Each ``Pair`` row of an individual is one player, as Bridgemate stores them: a
line's ``ns_pair`` is North, ``ew_pair`` East, ``south`` and ``west`` their
partners on that board. A line names four different players of its section,
each on no other line of the board.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.core.exceptions import ValidationError
from django.db.models import Q
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from scoring.models import TravellerLine
from tournaments.models import Board, Pair, Section

__all__ = [
    "SEAT_FIELDS",
    "LineTaken",
    "check_players",
    "check_players_not_twice",
    "line_players_text",
    "seat_name",
]

# The line's field of each seat, in the order N, E, S, W.
SEAT_FIELDS = {"N": "ns_pair", "E": "ew_pair", "S": "south", "W": "west"}
_SEAT_NAMES: dict[str, Promise] = {
    "N": _("North"),
    "E": _("East"),
    "S": _("South"),
    "W": _("West"),
}

Seats = Mapping[str, Pair | None]  # seat letter -> player


class LineTaken(ValidationError):
    """A pair (an individual's player) has a line on the board already."""


def seat_name(seat: str) -> str:
    return str(_SEAT_NAMES[seat])


def check_players(section: Section, seats: Seats) -> None:
    """Four different players of the section; the error names the seat."""
    seen: dict[int, str] = {}
    for seat, player in seats.items():
        if player is None:
            raise ValidationError(
                _("Type the player sitting %(seat)s.") % {"seat": seat_name(seat)}
            )
        if player.section_id != section.pk:
            raise ValidationError(
                _(
                    "Player %(player)s (%(seat)s) plays in section %(other)s, "
                    "not in section %(this)s."
                )
                % {
                    "player": player.label,
                    "seat": seat_name(seat),
                    "other": player.section.letter,
                    "this": section.letter,
                }
            )
        if player.pk in seen:
            raise ValidationError(
                _("Player %(player)s cannot sit both %(first)s and %(second)s.")
                % {
                    "player": player.label,
                    "first": seat_name(seen[player.pk]),
                    "second": seat_name(seat),
                }
            )
        seen[player.pk] = seat


def _on_board(board: Board, player: Pair) -> Q:
    query = Q()
    for field in SEAT_FIELDS.values():
        query |= Q(**{field: player})
    return query & Q(board=board)


def check_players_not_twice(
    board: Board, seats: Seats, editing: TravellerLine | None
) -> None:
    """No player on another line of the board, in whatever seat."""
    for seat, player in seats.items():
        if player is None:
            continue
        clash = TravellerLine.objects.filter(_on_board(board, player))
        if editing is not None:
            clash = clash.exclude(pk=editing.pk)
        other = clash.select_related("ns_pair", "ew_pair", "south", "west").first()
        if other is not None:
            raise LineTaken(
                _(
                    "Player %(player)s (%(seat)s) already has a result on board "
                    "%(board)s (%(players)s). Correct that line instead."
                )
                % {
                    "player": player.label,
                    "seat": seat_name(seat),
                    "board": board.number,
                    "players": line_players_text(other),
                }
            )


def line_players_text(line: TravellerLine) -> str:
    """The line's sides, each as its two partners: '3&1-7&12' (North&South -
    East&West); a pairs line as '3NS-4EW'."""
    ns, ew = line.ns_pair.label, line.ew_pair.label
    if line.south is not None and line.west is not None:
        ns, ew = f"{ns}&{line.south.label}", f"{ew}&{line.west.label}"
    return f"{ns}-{ew}"
