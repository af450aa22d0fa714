"""A section's lines and a seat holder's, in plain SQL: read by every phone's
request (where its pair sits, its table's round, what it may see), each once a
request until it writes (``reading``)."""

from __future__ import annotations

from collections.abc import Iterable

from scoring.models import TravellerLine
from scoring.queries import _fits, _read
from scoring.queries.reading import once

__all__ = ["LineRow", "holders_lines", "section_line_rows"]

LineRow = tuple[int, int, int, int, int | None]
Row = tuple[int, ...]


def section_line_rows(section_id: int) -> tuple[LineRow, ...]:
    """A section's lines as (board number, North-South, East-West, table, round)
    (read once in ``reading.one_reading`` until it writes)."""
    return once(("section lines", section_id), lambda: _section_lines(section_id))


def _section_lines(section_id: int) -> tuple[LineRow, ...]:
    if not _fits(section_id):
        return ()
    sql = """SELECT b."number", l."ns_pair_id", l."ew_pair_id", l."table", l."round"
        FROM "scoring_travellerline" l
        JOIN "tournaments_board" b ON b."id" = l."board_id"
        WHERE l."section_id" = %s"""
    return tuple(tuple(row) for row in _read(TravellerLine, sql, [section_id]))


def holders_lines(
    session_id: int, holders: Iterable[int]
) -> tuple[tuple[int, ...], ...]:
    """A session's lines that seat one of ``holders`` (pairs, or an
    individual's players), as (id, board number, NS, EW, South, West) (read
    once in ``reading.one_reading`` until it writes)."""
    ids = tuple(sorted(holders))
    return once(
        ("holders lines", session_id, ids), lambda: _holders_lines(session_id, ids)
    )


def _holders_lines(
    session_id: int, ids: tuple[int, ...]
) -> tuple[tuple[int, ...], ...]:
    if not ids or not _fits(session_id, *ids):
        return ()
    marks = ", ".join(["%s"] * len(ids))
    sql = f"""SELECT l."id", b."number", l."ns_pair_id", l."ew_pair_id",
        l."south_id", l."west_id" FROM "scoring_travellerline" l
        JOIN "tournaments_section" s ON s."id" = l."section_id"
        JOIN "tournaments_board" b ON b."id" = l."board_id"
        WHERE s."session_id" = %s AND (l."ns_pair_id" IN ({marks})
        OR l."ew_pair_id" IN ({marks}) OR l."south_id" IN ({marks})
        OR l."west_id" IN ({marks}))"""
    params = [session_id, *ids, *ids, *ids, *ids]
    return tuple(tuple(row) for row in _read(TravellerLine, sql, params))
