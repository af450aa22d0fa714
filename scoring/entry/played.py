"""The results of a section as its schedule sees them (``movements.played``)."""

from __future__ import annotations

from movements.played import PlayedBoard
from scoring.models import TravellerLine
from tournaments.models import Section

__all__ = ["played_board", "played_boards"]


def played_board(line: TravellerLine) -> PlayedBoard:
    return PlayedBoard(line.board.number, line.ns_pair, line.ew_pair)


def played_boards(section: Section) -> list[PlayedBoard]:
    lines = TravellerLine.objects.filter(section=section).select_related(
        "board", "ns_pair", "ew_pair"
    )
    return [played_board(line) for line in lines]
