"""What the checks of a result sent from a table read, in plain SQL: how often
the table has sent the board, the board's results at the other tables, and
the leads refused at the table (``scoring.table.play.doubts``)."""

from __future__ import annotations

from scoring.models import ChangeLog, TableEntry, TravellerLine
from scoring.queries import Part, _columns, _fits, _instances, _read

__all__ = ["board_sends", "other_tables_results", "table_refusals"]


def board_sends(table_id: int, board_id: int) -> int:
    """How many results the table has sent for the board, replaced ones too."""
    if not _fits(table_id, board_id):
        return 0
    sql = """SELECT COUNT(*) FROM "scoring_tableentry" t
        WHERE t."table_id" = %s AND t."board_id" = %s"""
    return int(_read(TableEntry, sql, [table_id, board_id])[0][0])


def other_tables_results(
    section_id: int, board_id: int, table: int
) -> list[tuple[int | None, str, str]]:
    """The board's results in the section, but the table's own and the lines
    with no table result, as (NS score, declarer, strain), in the order made."""
    if not _fits(section_id, board_id, table):
        return []
    sql = """SELECT l."score_ns", l."declarer", l."strain"
        FROM "scoring_travellerline" l
        WHERE l."section_id" = %s AND l."board_id" = %s AND l."no_result" = %s
        AND (l."table" IS NULL OR l."table" <> %s) ORDER BY l."id" """
    rows = _read(TravellerLine, sql, [section_id, board_id, False, table])
    return [(score, declarer, strain) for score, declarer, strain in rows]


def table_refusals(session_id: int, board: int, action: str, table_id: int) -> int:
    """How many changes of ``action`` the session's log holds for the board
    from the table (``after``'s "table" names its code)."""
    if not _fits(session_id, board):
        return 0
    parts = (Part(ChangeLog, "g"),)
    sql = f"""SELECT {_columns(*parts)} FROM "scoring_changelog" g
        WHERE g."session_id" = %s AND g."board" = %s AND g."action" = %s"""
    found = _instances(parts, sql, [session_id, board, action])
    return sum(
        1
        for g in found
        if isinstance(g.after, dict) and g.after.get("table") == table_id
    )
