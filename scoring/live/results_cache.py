"""Scored sessions kept in memory between requests.

A session is scored once per version of what its results are made of; every
later request (sixty phones polling, the director's pages) reads the scored
copy. The version is read in one query: the event's settings, its last change
(every result, adjustment and setting is logged), and counts and highest ids of
the session's lines, pairs, players, teams and matches, with the sections'
sizes, so a row added or removed without a log entry still moves it. The
version also serves as the pages' ETag.

On PostgreSQL two writers commit in any order: a change may become visible
after one with a higher id. The version therefore also counts the changes (a
late one moves it), and the boards read again are those of every change since
a little before the last one the kept copy had seen (``LATE``).
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, TypeVar, cast

from django.db import connection

from scoring.models import ChangeLog, KeptLookup, TravellerLine
from scoring.standings.load import LoadedSession, load_session, reload_boards
from tournaments.models import Event, Match, Pair, Player, Section, Session, Team

__all__ = ["cached", "results_version", "version_tag"]

SCORED_SESSIONS = (
    48  # loaded and scored sessions kept per process, least recent dropped
)
LATE = 100  # changes committed in another order than their ids, at most
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


# The changes of an event after a given one, read at each new version.
_SINCE = KeptLookup(
    ChangeLog.objects.values_list("pk", "session_id", "board", "line_id"),
    ("event", "pk__gt"),
)


def _changed_boards(
    session: Session,
    data: LoadedSession,
    was: tuple[object, ...],
    now: tuple[object, ...],
) -> set[int] | None:
    """The boards whose lines alone changed between two versions (the change
    log names the board a line is on now; a line moved from another board
    changed that board too); None when anything else changed too. A change
    committed after a later id was seen (``LATE``) counts as new until seen."""
    lines_and_changes = (0, 1, 7)  # the last change, the lines, the count
    if any(a != b for i, (a, b) in enumerate(zip(was, now, strict=True))
           if i not in lines_and_changes):  # fmt: skip
        return None
    seen = int(str(was[0] or 0))
    window = _SINCE.tuples(session.event_id, seen - LATE)
    known: set[int] | None = data.kept.get("changes_seen")
    data.kept["changes_seen"] = {c[0] for c in window}
    fresh = [c for c in window if c[0] > seen or known is None or c[0] not in known]
    if any(s != session.pk or b is None for pk, s, b, _x in fresh if pk > seen):
        return None
    fresh = [c for c in fresh if c[1] == session.pk and c[2] is not None]
    moved = {x for *_c, x in fresh}
    boards = {b for _pk, _s, b, _x in fresh if b is not None} | {
        pool.number for pool in data.pools for x in pool.lines if x.id in moved
    }
    return boards or None


def _loaded(session: Session, version: tuple[object, ...]) -> LoadedSession:
    """The session loaded at ``version``: read again only for the boards that
    changed since the copy kept, or whole."""
    key = ("loaded", session.pk)
    with _lock:
        kept = _scored_sessions.get(key)
    if kept is not None and kept[0] == version:
        data: LoadedSession = kept[1]
        return data
    boards = (
        None if kept is None else _changed_boards(session, kept[1], kept[0], version)
    )
    if kept is None or boards is None:
        data = load_session(Session.objects.select_related("event").get(pk=session.pk))
    else:
        data = reload_boards(kept[1], boards)
    _keep(key, version, data)
    return data


def _keep(key: tuple[str, int], version: tuple[object, ...], value: object) -> None:
    with _lock:
        _scored_sessions[key] = (version, value)
        _scored_sessions.move_to_end(key)
        while len(_scored_sessions) > SCORED_SESSIONS:
            _scored_sessions.popitem(last=False)


_MISSING = object()


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


def cached(kind: str, session: Session, score: Callable[[LoadedSession], T]) -> T:
    """``score`` of the session as loaded now; scored once per version. One
    thread at a time brings a session's copy up to date: the copy and what it
    keeps for the next correction (changes seen, pools scored) are shared, and
    the others then take the version it scored."""
    version = results_version(session)
    key = (kind, session.pk)
    kept = _hit(key, version)
    if kept is not _MISSING:
        return cast(T, kept)
    with _scoring(session.pk):
        kept = _hit(key, version)
        if kept is not _MISSING:
            return cast(T, kept)
        results = score(_loaded(session, version))
        _keep(key, version, results)
    return results
