"""The seatings of a session's round in plain SQL: read at every result
accepted at a table, to know whether the room may move on."""

from __future__ import annotations

from movements.models import Seating
from scoring.queries import Part, _columns, _fits, _instances

__all__ = ["round_seatings"]


def round_seatings(session_id: int, round_no: int) -> list[Seating]:
    """The seatings of every section of the session in round ``round_no``."""
    if not _fits(session_id, round_no):
        return []
    parts = (Part(Seating, "g"),)
    sql = f"""SELECT {_columns(*parts)} FROM "movements_seating" g
        JOIN "tournaments_section" s ON s."id" = g."section_id"
        WHERE s."session_id" = %s AND g."round" = %s"""
    return _instances(parts, sql, [session_id, round_no])
