"""A session's results scored once per version, and after a correction only the
boards it changed read again.

The versions and the copies kept between requests are ``scoring.live``'s
(``results_cache``); what is read again is decided here, from the change log. On
PostgreSQL two writers commit in any order: a change may become visible after
one with a higher id, so the boards read again are those of every change since
a little before the last one the kept copy had seen (``LATE``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar, cast

from scoring.live.results_cache import cached, copy_of, keep
from scoring.queries import changes_since
from tournaments.models import Session

from .load import LoadedSession, load_session, reload_boards
from .results import ScoringMemo

__all__ = ["LATE", "scored"]

LATE = 100  # changes committed in another order than their ids, at most
T = TypeVar("T")


def scored(
    kind: str, session: Session, score: Callable[[LoadedSession, ScoringMemo], T]
) -> T:
    """``score`` of the session as loaded now; scored once per version. The
    loaded copy and its memo (changes seen, pools scored) go on to the next
    version, shared by every ``kind``."""
    return cached(kind, session, lambda version: score(*_loaded(session, version)))


def _changed_boards(
    session: Session,
    data: LoadedSession,
    memo: ScoringMemo,
    was: tuple[object, ...],
    now: tuple[object, ...],
) -> set[int] | None:
    """The boards whose lines alone changed between two versions (the change
    log names the board a line is on now; a line moved from another board
    changed that board too); None when anything else changed too. A change
    committed after a later id was seen (``LATE``) counts as new until seen."""
    lines_and_changes = (0, 1, 7)  # of ``results_version``: last change, lines, count
    if any(a != b for i, (a, b) in enumerate(zip(was, now, strict=True))
           if i not in lines_and_changes):  # fmt: skip
        return None
    seen = int(str(was[0] or 0))
    window = changes_since(session.event_id, seen - LATE)
    known = memo.changes_seen
    memo.changes_seen = {c[0] for c in window}
    fresh = [c for c in window if c[0] > seen or known is None or c[0] not in known]
    if any(s != session.pk or b is None for pk, s, b, _x in fresh if pk > seen):
        return None
    fresh = [c for c in fresh if c[1] == session.pk and c[2] is not None]
    moved = {x for *_c, x in fresh}
    boards = {b for _pk, _s, b, _x in fresh if b is not None} | {
        pool.number for pool in data.pools for x in pool.lines if x.id in moved
    }
    return boards or None


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
        boards = _changed_boards(session, data, memo, kept[0], version)
    if boards is None:
        data = load_session(Session.objects.select_related("event").get(pk=session.pk))
        loaded = (data, ScoringMemo())
    else:
        loaded = (reload_boards(data, boards), memo)
    keep(key, version, loaded)
    return loaded
