"""The results' freshness stamps (``scoring.models.freshness``) in plain SQL:
read by every request that serves kept results (a phone's board shown, the
live pages), where Django compiling the queryset cost more than the query."""

from __future__ import annotations

from scoring.models import ResultsVersion
from scoring.models.freshness import EVENT_WIDE
from scoring.queries import _fits, _read

__all__ = ["heats_stamps", "results_stamps", "simultaneous_stamps"]

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


def simultaneous_stamps(event_id: int) -> tuple[int, ...]:
    """A digest of every heat's stamps of the simultaneous ``event_id``, in one
    row however many heats: their count and two sums of the stamps modulo
    primes (a stamp changed changes them but for a chance in ~10^18)."""
    if not _fits(event_id):
        return ()
    sql = """SELECT COUNT(*), SUM(v."stamp" %% 1000000007), SUM(v."stamp" %% 998244353)
        FROM "scoring_resultsversion" v
        WHERE v."event_id" IN (
            SELECT s."event_id" FROM "tournaments_session" s
            JOIN "tournaments_heat" h ON h."session_id" = s."id"
            JOIN "tournaments_simultaneous" m ON m."id" = h."simultaneous_id"
            WHERE m."event_id" = %s)"""
    rows = _read(ResultsVersion, sql, [event_id])
    return tuple(int(x or 0) for x in rows[0])


def heats_stamps(event_id: int) -> dict[int, tuple[Stamp, ...]]:
    """Each heat's ``results_stamps`` (its event's and its session's) by the
    heat's session id, for every heat of the simultaneous ``event_id`` in one
    query; a heat without a stamp yet is absent."""
    if not _fits(event_id):
        return {}
    sql = """SELECT h."session_id", v."session_id", v."board", v."stamp"
        FROM "tournaments_heat" h
        JOIN "tournaments_simultaneous" m ON m."id" = h."simultaneous_id"
        JOIN "tournaments_session" s ON s."id" = h."session_id"
        JOIN "scoring_resultsversion" v ON v."event_id" = s."event_id"
            AND v."session_id" IN (%s, h."session_id")
        WHERE m."event_id" = %s
        ORDER BY h."session_id", v."session_id", v."board" """
    found: dict[int, list[Stamp]] = {}
    for heat, session, board, stamp in _read(
        ResultsVersion, sql, [EVENT_WIDE, event_id]
    ):
        found.setdefault(int(heat), []).append((int(session), int(board), int(stamp)))
    return {heat: tuple(stamps) for heat, stamps in found.items()}
