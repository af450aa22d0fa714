"""A section's seatings stamp in plain SQL: how many rows it has and the last
one's id, read by every phone's request to tell whether the seatings a process
keeps still hold (``table.play.seatings``); read with the table's code when the
request reads that (``table_code_by_token``), else on its own, once a request."""

from __future__ import annotations

from functools import partial

from movements.models import Seating
from scoring.queries import _fits, _read
from scoring.queries.reading import once

__all__ = ["SeatingsStamp", "seatings_stamp"]

SeatingsStamp = tuple[int, int]  # rows stored, last row's id


def seatings_stamp(section_id: int) -> SeatingsStamp:
    """The section's stamp, as it was when the request first read it."""
    read = partial(_stamp, section_id)
    return once(("seatings stamp", section_id), read, through_writes=True)


def _stamp(section_id: int) -> SeatingsStamp:
    if not _fits(section_id):
        return (0, 0)
    sql = """SELECT COUNT(*), MAX(g."id") FROM "movements_seating" g
        WHERE g."section_id" = %s"""
    count, top = _read(Seating, sql, [section_id])[0]
    return int(count), int(top or 0)
