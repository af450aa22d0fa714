"""The results' freshness stamps (``scoring.models.freshness``) in plain SQL:
read by every request that serves kept results (a phone's board shown, the
live pages), where Django compiling the queryset cost more than the query."""

from __future__ import annotations

from scoring.models import ResultsVersion
from scoring.models.freshness import EVENT_WIDE
from scoring.queries import _fits, _read

__all__ = ["results_stamps"]

Stamp = tuple[int, int, int]  # session (0: the event's own), board (0: none), stamp


def results_stamps(event_id: int, session_id: int) -> tuple[Stamp, ...]:
    """The stamps of the event and of the session and its boards, in the
    order of session and board."""
    if not _fits(event_id, session_id):
        return ()
    sql = """SELECT v."session_id", v."board", v."stamp"
        FROM "scoring_resultsversion" v
        WHERE v."event_id" = %s AND v."session_id" IN (%s, %s)
        ORDER BY v."session_id", v."board" """
    rows = _read(ResultsVersion, sql, [event_id, EVENT_WIDE, session_id])
    return tuple((int(s), int(b), int(stamp)) for s, b, stamp in rows)
