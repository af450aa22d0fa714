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
    """Every line of the section as (board, NS pair, EW pair): read as tuples,
    each pair built once (a 60-table session has 1,620 lines, 120 pairs)."""
    rows = list(
        TravellerLine.objects.filter(section=section).values_list(
            "board__number", "ns_pair_id", "ew_pair_id"
        )
    )
    ids = {pair for _board, *pairs in rows for pair in pairs}
    pairs = Pair.objects.in_bulk(ids)
    return [PlayedBoard(board, pairs[ns], pairs[ew]) for board, ns, ew in rows]
