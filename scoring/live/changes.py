"""Waiting for the next change of an event, whatever server process wrote it.

The change log is the one source: every result, adjustment, deletion and
setting writes a row, and an event's last row id says how far it has come. A
page asks "anything after change N?" and is answered at once when there is,
else when the next change arrives, else after a bounded wait.

On PostgreSQL a trigger announces each new row (``NOTIFY scoring_changes``,
migration 0004); one listening connection per process wakes the requests
waiting there. On SQLite one thread of the process reads the last ids of the
events waited on every ``POLL_SECONDS`` (one indexed query, however many
requests wait) and wakes theirs. No state that matters is kept in a process:
the answer is always the database's.
"""

from __future__ import annotations

import threading
import time
from typing import Any

from django.conf import settings
from django.db import connection
from django.db.models import Max

from scoring.models import ChangeLog

__all__ = ["CHANNEL", "Events", "last_change", "listener_stop", "wait_change"]

CHANNEL = "scoring_changes"
# An event, or several followed as one (a simultaneous and its heats' events).
Events = int | tuple[int, ...]


def _ids(events: Events) -> tuple[int, ...]:
    return events if isinstance(events, tuple) else (events,)


POLL_SECONDS = 0.25
RETRY_SECONDS = 1.0


def last_change(event_id: Events) -> int:
    """The id of the event's last change (0: none yet); of several events (a
    simultaneous' heats), the last of any."""
    events = _ids(event_id)
    found = (
        ChangeLog.objects.filter(event_id__in=events)
        if len(events) > 1
        else (ChangeLog.objects.filter(event_id=events[0]))
    )
    last = found.order_by("-id").values_list("id", flat=True).first()
    return last or 0


class _Listener:
    """One connection of the process listening on ``CHANNEL``; the last change
    announced for each event, and a condition to wait on for the next one."""

    def __init__(self) -> None:
        self.changed = threading.Condition()
        self.latest: dict[int, int] = {}
        self.ready = False
        self.stopping = False
        self.thread: threading.Thread | None = None

    def start(self) -> bool:
        """Start listening (once per process); whether it listens now."""
        with self.changed:
            if self.thread is None or not self.thread.is_alive():
                self.stopping = False
                self.thread = threading.Thread(
                    target=self._run, name="change-listener", daemon=True
                )
                self.thread.start()
            if not self.ready:
                self.changed.wait(RETRY_SECONDS)
            return self.ready

    def _run(self) -> None:
        import psycopg  # PostgreSQL's alone; a server on SQLite never loads it

        params = connection.get_connection_params()
        while not self.stopping:
            try:
                # Its own connection, never one of the pool's: it listens for
                # as long as the process lives.
                self._listen(psycopg.connect(**params))
            except Exception:  # noqa: BLE001  the server went away: listen again
                self._heard(ready=False)
                time.sleep(RETRY_SECONDS)
        self._heard(ready=False)

    def _listen(self, raw: Any) -> None:
        with raw:
            raw.autocommit = True
            raw.execute(f"LISTEN {CHANNEL}")
            self._heard(ready=True)
            while not self.stopping:
                for notice in raw.notifies(timeout=RETRY_SECONDS):
                    event, _sep, change = notice.payload.partition(":")
                    self._heard(int(event), int(change))

    def _heard(self, event: int = 0, change: int = 0, *, ready: bool = True) -> None:
        with self.changed:
            self.ready = ready
            if change > self.latest.get(event, 0):
                self.latest[event] = change
            self.changed.notify_all()

    def wait(self, events: tuple[int, ...], after: int, until: float) -> int | None:
        """The events' announced change after ``after``; None when the wait
        ended without one (time up, or the connection lost)."""
        with self.changed:
            while self.ready and time.monotonic() < until:
                latest = max(self.latest.get(event, 0) for event in events)
                if latest > after:
                    return latest
                self.changed.wait(until - time.monotonic())
        return None


_listener = _Listener()


class _Poller:
    """One thread of the process reading the last change of each event that a
    request waits on (SQLite), while any waits; a condition to wait on."""

    def __init__(self) -> None:
        self.changed = threading.Condition()
        self.latest: dict[int, int] = {}
        self.waiting: dict[int, int] = {}  # event: requests waiting on it
        self.thread: threading.Thread | None = None

    def _events(self) -> list[int]:
        """The events waited on; none: the thread ends (under the lock, so a
        new waiter starts another)."""
        with self.changed:
            if not self.waiting:
                self.thread = None
            return list(self.waiting)

    def _run(self) -> None:
        try:
            while events := self._events():
                try:
                    last = dict(
                        ChangeLog.objects.filter(event_id__in=events)
                        .values_list("event_id")
                        .annotate(last=Max("id"))
                        .values_list("event_id", "last")
                    )
                except Exception:  # noqa: BLE001  the database is busy: again later
                    last = {}
                with self.changed:
                    self.latest.update(last)
                    self.changed.notify_all()
                time.sleep(POLL_SECONDS)
        finally:
            connection.close()

    def wait(self, events: tuple[int, ...], after: int, until: float) -> int | None:
        """The events' change after ``after`` once read; None when the wait
        ended without one."""
        with self.changed:
            for event in events:
                self.waiting[event] = self.waiting.get(event, 0) + 1
            if self.thread is None:
                self.thread = threading.Thread(
                    target=self._run, name="change-poller", daemon=True
                )
                self.thread.start()
            try:
                while time.monotonic() < until:
                    latest = max(self.latest.get(event, 0) for event in events)
                    if latest > after:
                        return latest
                    self.changed.wait(until - time.monotonic())
            finally:
                self._done(events)
        return None

    def _done(self, events: tuple[int, ...]) -> None:
        for event in events:
            self.waiting[event] -= 1
            if not self.waiting[event]:
                del self.waiting[event]


_poller = _Poller()


def listener_stop() -> None:
    """Stop listening (the tests, before their database is dropped)."""
    thread = _listener.thread
    _listener.stopping = True
    if thread is not None:
        thread.join()


def _postgresql() -> bool:
    return bool(connection.vendor == "postgresql")


def _give_back() -> None:
    """A request about to wait returns a pooled connection (`make serve` on
    PostgreSQL sizes the pool for the working requests, not the waiting ones);
    its next query takes one again. A connection of its own it keeps."""
    if (
        connection.settings_dict["OPTIONS"].get("pool")
        and not connection.in_atomic_block
    ):
        connection.close()


def wait_change(event_id: Events, after: int, seconds: float) -> int:
    """The event's last change once it is after ``after``, waiting at most
    ``seconds`` for it (then the last change, maybe still ``after``); of
    several events, the last of any."""
    until = time.monotonic() + seconds
    events = _ids(event_id)
    listening = _postgresql() and _listener.start()
    last = last_change(events)
    while last <= after and time.monotonic() < until:
        _give_back()
        if listening:
            _listener.wait(events, after, until)
            listening = _listener.ready
        else:
            _poller.wait(events, after, until)
        last = last_change(events)
    return last


def waits_allowed() -> int:
    """How many requests of a process may wait at once (``LIVE_WAITS``)."""
    return int(getattr(settings, "LIVE_WAITS", 20))
