"""A table's scorecards in plain SQL: the rounds its pairs have confirmed and a
round's lines, read by a phone's round once its pairs have played one (where
the pair waits, the scorecard it shows), where Django compiling the querysets
cost more than the rest of the scorecard."""

from __future__ import annotations

from scoring.models import RoundConfirmation, TravellerLine
from scoring.queries import Part, _columns, _fits, _instances, _read
from scoring.queries.reading import once
from tournaments.models import Board

__all__ = ["round_lines", "table_confirmations"]


def table_confirmations(table_id: int) -> frozenset[tuple[int, str]]:
    """The (round, side) of each confirmation of a table's scorecards (read
    once in ``reading.one_reading`` until it writes)."""
    return once(("confirmations", table_id), lambda: _confirmations(table_id))


def _confirmations(table_id: int) -> frozenset[tuple[int, str]]:
    if not _fits(table_id):
        return frozenset()
    sql = """SELECT r."round", r."side" FROM "scoring_roundconfirmation" r
        WHERE r."table_id" = %s"""
    rows = _read(RoundConfirmation, sql, [table_id])
    return frozenset((int(number), str(side)) for number, side in rows)


def round_lines(section_id: int, table: int, round_no: int) -> list[TravellerLine]:
    """A table's lines of a round, with their boards, board by board."""
    if not _fits(section_id, table, round_no):
        return []
    parts = (Part(TravellerLine, "l"), Part(Board, "b", "board"))
    sql = f"""SELECT {_columns(*parts)} FROM "scoring_travellerline" l
        JOIN "tournaments_board" b ON b."id" = l."board_id"
        WHERE l."section_id" = %s AND l."table" = %s AND l."round" = %s
        ORDER BY b."number", l."id" """
    return _instances(parts, sql, [section_id, table, round_no])
