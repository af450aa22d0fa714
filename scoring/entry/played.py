"""The results of a section as its schedule sees them (``movements.played``)."""

from __future__ import annotations

from typing import Protocol

from movements.played import PlayedBoard
from scoring.models import TravellerLine
from tournaments.models import Board, Pair, Section

__all__ = ["played_board", "played_boards"]


class _Line(Protocol):
    """A stored line or the read side's row of one."""

    @property
    def board(self) -> Board: ...
    @property
    def ns_pair(self) -> Pair: ...
    @property
    def ew_pair(self) -> Pair: ...


def played_board(line: _Line) -> PlayedBoard:
    return PlayedBoard(line.board.number, line.ns_pair, line.ew_pair)


def played_boards(section: Section) -> list[PlayedBoard]:
    lines = TravellerLine.objects.filter(section=section).select_related(
        "board", "ns_pair", "ew_pair"
    )
    return [played_board(line) for line in lines]
