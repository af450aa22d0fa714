"""A session's results scored once per version, and after a correction only the
boards it changed read again.

The versions (the database's stamps of the event, the session and each board)
and the copies kept between requests are ``scoring.live``'s
(``results_cache``); what is read again is decided here: the boards whose
stamps alone moved, or the whole session.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar, cast

from scoring.live.results_cache import Stamp, cached, copy_of, keep
from scoring.models.freshness import EVENT_WIDE, SESSION_WIDE
from tournaments.models import Session

from .load import LoadedSession, load_session, reload_boards
from .results import ScoringMemo

__all__ = ["changed_boards", "scored"]

T = TypeVar("T")


def scored(
    kind: str, session: Session, score: Callable[[LoadedSession, ScoringMemo], T]
) -> T:
    """``score`` of the session as loaded now; scored once per version. The
    loaded copy and its memo (pools scored) go on to the next
    version, shared by every ``kind``."""
    return cached(kind, session, lambda version: score(*_loaded(session, version)))


def changed_boards(was: tuple[object, ...], now: tuple[object, ...]) -> set[int] | None:
    """The boards whose stamps alone moved between two versions; None when the
    event's or the session's own stamp moved too."""
    before = {(s, b): stamp for s, b, stamp in cast(tuple[Stamp, ...], was)}
    after = {(s, b): stamp for s, b, stamp in cast(tuple[Stamp, ...], now)}
    moved = {k for k in before.keys() | after.keys() if before.get(k) != after.get(k)}
    if not moved or any(s == EVENT_WIDE or b == SESSION_WIDE for s, b in moved):
        return None
    return {b for _s, b in moved}


def _loaded(
    session: Session, version: tuple[object, ...]
) -> tuple[LoadedSession, ScoringMemo]:
    """The session loaded at ``version`` with its scoring memo: read again only
    for the boards that changed since the copy kept (the memo goes on), or whole
    (with a new memo)."""
    key = ("loaded", session.pk)
    kept = copy_of(key)
    if kept is not None and kept[0] == version:
        return cast(tuple[LoadedSession, ScoringMemo], kept[1])
    boards = None
    if kept is not None:
        data, memo = cast(tuple[LoadedSession, ScoringMemo], kept[1])
        boards = changed_boards(kept[0], version)
    if boards is None:
        data = load_session(Session.objects.select_related("event").get(pk=session.pk))
        loaded = (data, ScoringMemo())
    else:
        loaded = (reload_boards(data, boards), memo)
    keep(key, version, loaded)
    return loaded
