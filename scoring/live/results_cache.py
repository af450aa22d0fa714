"""Scored sessions kept in memory between requests, by the results' version.

A session is scored once per version of what its results are made of; every
later request (sixty phones polling, the director's pages) reads the scored
copy. The version is read in one query: the event's settings, its last change
(every result, adjustment and setting is logged), and counts and highest ids of
the session's lines, pairs, players, teams and matches, with the sections'
sizes, so a row added or removed without a log entry still moves it. The
version also serves as the pages' ETag.

On PostgreSQL two writers commit in any order: a change may become visible
after one with a higher id. The version therefore also counts the changes (a
late one moves it). What is read again after a change is the read side's
(``scoring.standings.reloading``).
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, TypeVar, cast

from django.db import connection

from scoring.models import ChangeLog, TravellerLine
from tournaments.models import Event, Match, Pair, Player, Section, Session, Team

__all__ = ["cached", "copy_of", "keep", "results_version", "version_tag"]

SCORED_SESSIONS = (
    48  # loaded and scored sessions kept per process, least recent dropped
)
_lock = threading.Lock()
_scored_sessions: OrderedDict[tuple[str, int], tuple[tuple[object, ...], Any]] = (
    OrderedDict()
)
_scorings: dict[int, threading.Lock] = {}  # session: its copy being brought up to date
T = TypeVar("T")


def _sql() -> str:
    t = {
        m.__name__: connection.ops.quote_name(m._meta.db_table)
        for m in (ChangeLog, TravellerLine, Pair, Player, Section, Team, Match, Event)
    }
    settings = ", ".join(
        connection.ops.quote_name(f.column) for f in Event._meta.concrete_fields
    )
    return f"""SELECT
      (SELECT MAX(id) FROM {t["ChangeLog"]} WHERE event_id = %(event)s),
      (SELECT COUNT(*) || ':' || COALESCE(MAX(l.id), 0) FROM {t["TravellerLine"]} l
         JOIN {t["Section"]} s ON l.section_id = s.id WHERE s.session_id = %(session)s),
      (SELECT COUNT(*) || ':' || COALESCE(MAX(p.id), 0) || ':'
         || COALESCE(SUM(LENGTH(p.label) + LENGTH(p.direction)), 0) FROM {t["Pair"]} p
         JOIN {t["Section"]} s ON p.section_id = s.id WHERE s.session_id = %(session)s),
      (SELECT COUNT(*) || ':' || COALESCE(MAX(x.id), 0) || ':'
         || COALESCE(SUM(LENGTH(x.name)), 0) FROM {t["Player"]} x
         JOIN {t["Pair"]} p ON x.pair_id = p.id
         JOIN {t["Section"]} s ON p.section_id = s.id WHERE s.session_id = %(session)s),
      (SELECT COUNT(*) || ':' || COALESCE(SUM(tables), 0) || ':'
         || COALESCE(SUM(expected_results), 0) FROM {t["Section"]}
         WHERE session_id = %(session)s),
      (SELECT COUNT(*) || ':' || COALESCE(MAX(id), 0) FROM {t["Team"]}
         WHERE event_id = %(event)s),
      (SELECT COUNT(*) || ':' || COALESCE(MAX(id), 0) FROM {t["Match"]}
         WHERE session_id = %(session)s),
      (SELECT COUNT(*) FROM {t["ChangeLog"]} WHERE event_id = %(event)s),
      {settings} FROM {t["Event"]} WHERE id = %(event)s"""


COUNTS = 8  # the values before the event's settings in a version


def results_version(session: Session) -> tuple[object, ...]:
    """What the session's results are made of, as it stands now: the rows above
    and the event's settings (one query)."""
    with connection.cursor() as cursor:
        cursor.execute(_sql(), {"event": session.event_id, "session": session.pk})
        row = cursor.fetchone()
    return (*row[:COUNTS], tuple(row[COUNTS:]))


def version_tag(version: tuple[object, ...]) -> str:
    """The version as a short ETag value."""
    return hashlib.blake2s(repr(version).encode(), digest_size=8).hexdigest()


def keep(key: tuple[str, int], version: tuple[object, ...], value: object) -> None:
    with _lock:
        _scored_sessions[key] = (version, value)
        _scored_sessions.move_to_end(key)
        while len(_scored_sessions) > SCORED_SESSIONS:
            _scored_sessions.popitem(last=False)


_MISSING = object()


def copy_of(key: tuple[str, int]) -> tuple[tuple[object, ...], Any] | None:
    """The copy kept under ``key`` and its version, whatever the version."""
    with _lock:
        return _scored_sessions.get(key)


def _hit(key: tuple[str, int], version: tuple[object, ...]) -> Any:
    with _lock:
        hit = _scored_sessions.get(key)
        if hit is None or hit[0] != version:
            return _MISSING
        _scored_sessions.move_to_end(key)
        return hit[1]


def _scoring(session_id: int) -> threading.Lock:
    with _lock:
        return _scorings.setdefault(session_id, threading.Lock())


def cached(
    kind: str, session: Session, compute: Callable[[tuple[object, ...]], T]
) -> T:
    """``compute`` of the session's results at their version now, once per
    version. One thread at a time brings a session's copies up to date (what it
    keeps for the next correction is shared), and the others then take the
    version it computed."""
    version = results_version(session)
    key = (kind, session.pk)
    kept = _hit(key, version)
    if kept is not _MISSING:
        return cast(T, kept)
    with _scoring(session.pk):
        kept = _hit(key, version)
        if kept is not _MISSING:
            return cast(T, kept)
        results = compute(version)
        keep(key, version, results)
    return results
