"""Scored sessions kept in memory between requests.

A session is scored once per version of what its results are made of; every
later request (sixty phones polling, the director's pages) reads the scored
copy. The version is a fact of the database: triggers on every table the
results are made of give a part of them (the event, the session, one board) a
new stamp at each write, whoever makes it (``scoring.models.freshness``), and
the version is those stamps, read in one query. It also serves as the pages'
ETag. What is read again when only boards' stamps moved is the read side's
(``scoring.standings.reloading``).
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar, cast

from scoring.queries.stamps import Stamp, results_stamps
from tournaments.models import Session

__all__ = [
    "Stamp",
    "cached",
    "copy_of",
    "field_memo",
    "fields_forget",
    "keep",
    "results_version",
    "version_tag",
]

SCORED_SESSIONS = (
    48  # loaded and scored sessions kept per process, least recent dropped
)
_lock = threading.Lock()
_scored_sessions: OrderedDict[tuple[str, int], tuple[tuple[object, ...], Any]] = (
    OrderedDict()
)
_scorings: dict[int, threading.Lock] = {}  # session: its copy being brought up to date
FIELDS = 2  # simultaneous' fields kept per process: a federation's holds 62,400 lines
_fields: OrderedDict[int, object] = OrderedDict()
_fielding: dict[int, threading.Lock] = {}  # simultaneous: its memo being used
T = TypeVar("T")


def results_version(session: Session) -> tuple[Stamp, ...]:
    """The stamps of the event and of the session and its boards, as they
    stand now (one query)."""
    return results_stamps(session.event_id, session.pk)


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


@contextmanager
def field_memo(simultaneous_id: int, make: Callable[[], T]) -> Iterator[T]:
    """What a simultaneous' overall keeps between scorings (``make``: a new
    one), this thread's alone meanwhile: one thread at a time brings it up to
    date, and those waiting then find it so."""
    with _lock:
        fielding = _fielding.setdefault(simultaneous_id, threading.Lock())
    with fielding:
        with _lock:
            memo = _fields.get(simultaneous_id)
            if memo is None:
                memo = _fields[simultaneous_id] = make()
            _fields.move_to_end(simultaneous_id)
            while len(_fields) > FIELDS:
                _fields.popitem(last=False)
        yield cast(T, memo)


def fields_forget() -> None:
    """Drop every simultaneous' kept field (a test's start: on SQLite a rolled
    back test's ids come again)."""
    with _lock:
        _fields.clear()
