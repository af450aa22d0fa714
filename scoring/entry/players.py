"""The players of a line: the four of an individual's line
(``Event.individual``), and the line-up of a team board.

Each ``Pair`` row of an individual is one player, as Bridgemate stores them: a
line's ``ns_pair`` is North, ``ew_pair`` East, ``south`` and ``west`` their
partners on that board. A line names four different players of its section,
each on no other line of the board.

A team board's line-up is kept when the table's result is accepted
(``LineupSeat``): the pairs' players then, who are the members signed in at the
table when the director asks for it, else the team's pair as seated.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence

from django.core.exceptions import ValidationError
from django.db.models import Q
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from scoring.models import LineupSeat, TravellerLine
from tournaments.models import Board, Pair, Player, Section

__all__ = [
    "SEAT_FIELDS",
    "LineTaken",
    "Lineup",
    "lineup_keep",
    "lineups",
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


Lineup = dict[str, tuple[str, str]]  # seat -> the player's name, member number


def lineups(line_ids: Sequence[int]) -> dict[int, Lineup]:
    """Each line's line-up: as kept when its result was accepted, else its
    pairs' players as seated now (a pair's first player North or East, its
    second South or West)."""
    found: dict[int, Lineup] = defaultdict(dict)
    for row in LineupSeat.objects.filter(line_id__in=line_ids):
        found[row.line_id][row.seat] = (row.name, row.national_id)
    rest = TravellerLine.objects.filter(pk__in=line_ids).exclude(pk__in=list(found))
    pairs = rest.values_list("pk", "ns_pair_id", "ew_pair_id")
    players: dict[int, list[tuple[str, str]]] = defaultdict(list)
    ids = {pair for _pk, ns, ew in pairs for pair in (ns, ew)}
    for player in Player.objects.filter(pair_id__in=ids).order_by("pair_id", "seat"):
        players[player.pair_id].append((player.name, player.national_id))
    for pk, ns, ew in pairs:
        found[pk] = _seated(players[ns], players[ew])
    return dict(found)


def _seated(ns: list[tuple[str, str]], ew: list[tuple[str, str]]) -> Lineup:
    seats = {"N": ns[:1], "E": ew[:1], "S": ns[1:2], "W": ew[1:2]}
    return {seat: taken[0] for seat, taken in seats.items() if taken}


def lineup_keep(line: TravellerLine) -> None:
    """Keep the line-up of ``line`` as its pairs' players are now."""
    LineupSeat.objects.filter(line=line).delete()
    LineupSeat.objects.bulk_create(
        LineupSeat(line=line, seat=seat, name=name, national_id=member)
        for seat, (name, member) in lineups([line.pk])[line.pk].items()
    )
