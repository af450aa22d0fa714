"""Scored sessions kept in memory between requests.

A session is scored once per version of what its results are made of; every
later request (sixty phones polling, the director's pages) reads the scored
copy. The version is a fact of the database: triggers on every table the
results are made of give a part of them (the event, the session, one board) a
new stamp at each write, whoever makes it (``scoring.models.freshness``), and
the version is those stamps, read in one query. It also serves as the pages'
ETag. When only boards' stamps moved, only those boards are read again.
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, TypeVar, cast

from scoring.models import ResultsVersion
from scoring.models.freshness import EVENT_WIDE, SESSION_WIDE
from tournaments.models import Session

from .load import LoadedSession, load_session, reload_boards

__all__ = ["cached", "results_version", "version_tag"]

KEPT = 48  # loaded and scored sessions kept per process, least recent dropped
_lock = threading.Lock()
_kept: OrderedDict[tuple[str, int], tuple[tuple[object, ...], Any]] = OrderedDict()
_scorings: dict[int, threading.Lock] = {}  # session: its copy being brought up to date
T = TypeVar("T")
Stamp = tuple[int, int, int]  # session (0: the event's own), board (0: none), stamp


def results_version(session: Session) -> tuple[Stamp, ...]:
    """The stamps of the event and of the session and its boards, as they
    stand now (one query)."""
    found = ResultsVersion.objects.filter(
        event_id=session.event_id, session_id__in=(EVENT_WIDE, session.pk)
    ).order_by("session_id", "board")
    return tuple(found.values_list("session_id", "board", "stamp"))


def version_tag(version: tuple[object, ...]) -> str:
    """The version as a short ETag value."""
    return hashlib.blake2s(repr(version).encode(), digest_size=8).hexdigest()


def _changed_boards(
    was: tuple[object, ...], now: tuple[object, ...]
) -> set[int] | None:
    """The boards whose stamps alone moved between two versions; None when the
    event's or the session's own stamp moved too."""
    before = {(s, b): stamp for s, b, stamp in cast(tuple[Stamp, ...], was)}
    after = {(s, b): stamp for s, b, stamp in cast(tuple[Stamp, ...], now)}
    moved = {k for k in before.keys() | after.keys() if before.get(k) != after.get(k)}
    if not moved or any(s == EVENT_WIDE or b == SESSION_WIDE for s, b in moved):
        return None
    return {b for _s, b in moved}


def _loaded(session: Session, version: tuple[object, ...]) -> LoadedSession:
    """The session loaded at ``version``: read again only for the boards that
    changed since the copy kept, or whole."""
    key = ("loaded", session.pk)
    with _lock:
        kept = _kept.get(key)
    if kept is not None and kept[0] == version:
        data: LoadedSession = kept[1]
        return data
    boards = None if kept is None else _changed_boards(kept[0], version)
    if kept is None or boards is None:
        data = load_session(Session.objects.select_related("event").get(pk=session.pk))
    else:
        data = reload_boards(kept[1], boards)
    _keep(key, version, data)
    return data


def _keep(key: tuple[str, int], version: tuple[object, ...], value: object) -> None:
    with _lock:
        _kept[key] = (version, value)
        _kept.move_to_end(key)
        while len(_kept) > KEPT:
            _kept.popitem(last=False)


_MISSING = object()


def _hit(key: tuple[str, int], version: tuple[object, ...]) -> Any:
    with _lock:
        hit = _kept.get(key)
        if hit is None or hit[0] != version:
            return _MISSING
        _kept.move_to_end(key)
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
