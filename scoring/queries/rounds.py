"""How far a session's round has come, in plain SQL: read at every result
accepted at a table, to know whether the room may move on. One row of two
numbers, not the round's seatings and lines themselves: building every table's
seating of the room cost more than the rest of the acceptance."""

from __future__ import annotations

from movements.models import Seating
from scoring.queries import _fits, _read

__all__ = ["round_progress"]

# The seatings that play (``rounds.plays``, ``playing_seatings``): both pairs,
# and in an individual (the flag bound) South and West too.
_PLAYING = """g."ns_pair_id" IS NOT NULL AND g."ew_pair_id" IS NOT NULL
    AND (%s = 0 OR (g."south_id" IS NOT NULL AND g."west_id" IS NOT NULL))"""


def round_progress(session_id: int, round_no: int, individual: bool) -> tuple[int, int]:
    """The boards the tables that play round ``round_no`` of every section of
    the session are scheduled to play, and the lines of that round entered."""
    if not _fits(session_id, round_no):
        return 0, 0
    sql = f"""SELECT
        (SELECT SUM(g."last_board" - g."first_board" + 1) FROM "movements_seating" g
            JOIN "tournaments_section" s ON s."id" = g."section_id"
            WHERE s."session_id" = %s AND g."round" = %s AND {_PLAYING}),
        (SELECT COUNT(*) FROM "scoring_travellerline" l
            JOIN "tournaments_section" s ON s."id" = l."section_id"
            WHERE s."session_id" = %s AND l."round" = %s)"""
    params = [session_id, round_no, int(individual), session_id, round_no]
    scheduled, entered = _read(Seating, sql, params)[0]
    return int(scheduled or 0), int(entered)
