"""The change feed (long polling on the change log): 304 while nothing changes,
the new change at once after one, and a waiting request woken by a change that
another connection commits (PostgreSQL: its NOTIFY; SQLite: polling the log)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connection, connections
from django.test import Client
from django.urls import reverse
from pytest_django.fixtures import Settings

from scoring.entry.services import log_event
from scoring.live import changes, feed
from scoring.live.changes import CHANNEL, last_change
from scoring.live.displays import display_key
from scoring.models import ChangeLog
from tests.factories import join, make_event
from tests.paths import ROOT
from tournaments.models import Event


@pytest.fixture(autouse=True)
def _listener_stopped() -> Iterator[None]:
    """The process's listening connection closed after each test, so that the
    test database can be dropped."""
    yield
    changes.listener_stop()


def _feed(client: Client, event: Event, after: int, wait: int) -> Any:
    url = reverse("public:changes", args=[event.pk])
    return client.get(url, {"after": after, "wait": wait})


@pytest.mark.django_db
def test_nothing_new_is_304_with_the_last_change_as_etag() -> None:
    event = make_event(published=True)
    log_event(event.pk, None, "settings", "a setting")
    last = last_change(event.pk)
    response = _feed(Client(), event, last, 0)
    assert response.status_code == 304
    assert response["ETag"] == f'"{last}"'


@pytest.mark.django_db
@pytest.mark.parametrize("after", ["nan", "inf", "-3", "seven", ""])
def test_a_number_it_cannot_use_counts_as_nothing_seen(after: str) -> None:
    event = make_event(published=True)
    log_event(event.pk, None, "settings", "a setting")
    url = reverse("public:changes", args=[event.pk])
    response = Client().get(url, {"after": after, "wait": "nan"})
    assert response.status_code == 200
    assert response.json() == {"change": last_change(event.pk)}


@pytest.mark.django_db
def test_a_change_after_the_one_asked_is_answered_at_once() -> None:
    event = make_event(published=True)
    was = last_change(event.pk)
    log_event(event.pk, None, "settings", "a setting")
    response = _feed(Client(), event, was, 20)
    assert response.status_code == 200
    assert response.json() == {"change": last_change(event.pk)} and was < last_change(
        event.pk
    )


@pytest.mark.django_db
def test_another_events_change_is_not_this_ones() -> None:
    event, other = make_event(published=True), make_event(club="Other club")
    last = last_change(event.pk)
    log_event(other.pk, None, "settings", "a setting")
    assert _feed(Client(), event, last, 0).status_code == 304


@pytest.mark.django_db
def test_no_such_event_is_404() -> None:
    url = reverse("public:changes", args=[987654])
    assert Client().get(url, {"after": 0}).status_code == 404


@pytest.mark.django_db
def test_a_server_with_no_waiting_slot_left_answers_at_once(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With no waiting place left the feed never waits: it answers a 304 at
    once instead of the 20 seconds asked."""
    settings.LIVE_WAITS = 0
    event = make_event(published=True)
    waits = _counting_waits(monkeypatch)
    response = _feed(Client(), event, last_change(event.pk), 20)
    assert response.status_code == 304
    assert waits == []


@pytest.mark.django_db
def test_a_server_with_a_waiting_place_left_waits_for_a_change(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The counterpart: with a place left, the same request waits (the 20
    seconds it asked for), so the test above observes the limit."""
    settings.LIVE_WAITS = 1
    event = make_event(published=True)
    waits = _counting_waits(monkeypatch)
    last = last_change(event.pk)
    assert _feed(Client(), event, last, 20).status_code == 304
    assert waits == [(event.pk, last, 20.0)]


def _counting_waits(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, int, float]]:
    """The feed's waits, recorded instead of waited."""
    waits: list[tuple[int, int, float]] = []

    def wait(event_id: int, after: int, seconds: float) -> int:
        waits.append((event_id, after, seconds))
        return after

    monkeypatch.setattr(feed, "wait_change", wait)
    return waits


@pytest.mark.django_db
def test_an_unpublished_events_changes_are_its_clubs_and_its_room_displays() -> None:
    event = make_event()
    log_event(event.pk, None, "settings", "a setting")
    url = reverse("public:changes", args=[event.pk])
    # Found by the access matrix: anyone followed a private event's changes.
    assert Client().get(url, {"wait": 0}).status_code == 404
    display = display_key(event.sessions.get())
    assert Client().get(url, {"wait": "0", "key": display}).status_code == 200
    another = display_key(make_event(club="Other club").sessions.get())
    assert Client().get(url, {"wait": "0", "key": another}).status_code == 404
    director, other = Client(), Client()
    director.force_login(User.objects.create_user("td"))
    join(User.objects.get(username="td"))
    assert director.get(url, {"wait": 0}).status_code == 200
    other.force_login(User.objects.create_user("other"))
    join(User.objects.get(username="other"), "Other club")
    assert other.get(url, {"wait": 0}).status_code == 404


@pytest.mark.django_db
def test_the_room_display_follows_the_feed_with_its_key() -> None:
    event = make_event()
    key = display_key(event.sessions.get())
    page = Client().get(reverse("public:room", args=[key])).content.decode()
    feed = reverse("public:changes", args=[event.pk])
    assert f'data-live-feed="{feed}?key={key.replace(":", "%3A")}"' in page


def _waiting(event: Event, after: int) -> tuple[threading.Thread, list[Any]]:
    """A request waiting on the feed in a thread of its own; its answer."""
    answers: list[Any] = []
    started = threading.Event()

    def ask() -> None:
        try:
            started.set()
            answers.append(_feed(Client(), event, after, 20))
        finally:
            connections.close_all()

    thread = threading.Thread(target=ask)
    thread.start()
    started.wait()
    return thread, answers


@pytest.mark.django_db(transaction=True)
def test_a_waiting_request_is_answered_by_a_change_committed_meanwhile() -> None:
    event = make_event(published=True)
    was = last_change(event.pk)
    thread, answers = _waiting(event, was)
    log_event(event.pk, None, "adjusted", "board 7 corrected")
    thread.join(timeout=15)
    assert not thread.is_alive()
    assert answers[0].status_code == 200
    assert answers[0].json() == {"change": last_change(event.pk)}
    assert last_change(event.pk) > was


def _postgres_only() -> None:
    if connection.vendor != "postgresql":
        pytest.skip("NOTIFY is PostgreSQL's (make test runs it there)")


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_each_change_is_announced_on_postgresql_when_committed() -> None:
    _postgres_only()
    event = make_event(published=True)
    params = connection.get_connection_params()
    with connection.get_new_connection(params) as listening:
        listening.autocommit = True
        listening.execute(f"LISTEN {CHANNEL}")
        log_event(event.pk, None, "settings", "a setting")
        heard = [n.payload for n in listening.notifies(timeout=10, stop_after=1)]
    change = ChangeLog.objects.filter(event=event).latest("id")
    assert heard == [f"{event.pk}:{change.pk}"]


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_the_notify_reaches_a_request_waiting_on_postgresql() -> None:
    _postgres_only()
    event = make_event(published=True)
    was = last_change(event.pk)
    thread, answers = _waiting(event, was)
    assert changes._listener.start()
    log_event(event.pk, None, "adjusted", "board 7 corrected")
    thread.join(timeout=15)
    now = last_change(event.pk)
    assert answers[0].status_code == 200 and answers[0].json() == {"change": now}
    assert changes._listener.latest[event.pk] == now  # heard, not polled


# Three requests wait on the feed of a server whose pool has two connections
# (`make serve` sizes it for the working requests); another then reads the
# database, and a change wakes the three. Printed: whether the read came while
# all three still waited, and what each woken request answered.
POOLED_WAITS = """
import json, threading
from django.db import connections
from scoring.entry.services import log_event
from scoring.live import changes
from scoring.live.displays import display_key
from scoring.live import feed
from tests.factories import join, make_event
from tests.paths import ROOT
event = make_event(published=True)
was = changes.last_change(event.pk)
asked, answers = threading.Semaphore(0), []
read = changes.last_change
def counted(event_id):
    found = read(event_id)
    asked.release()
    return found
changes.last_change = counted
def wait():
    answers.append(changes.wait_change(event.pk, was, 30))
    connections.close_all()
waiting = [threading.Thread(target=wait) for _ in range(3)]
for thread in waiting:
    thread.start()
for _ in waiting:
    asked.acquire()
all_waiting = read(event.pk) == was and not answers
log_event(event.pk, None, "adjusted", "board 7 corrected")
for thread in waiting:
    thread.join()
print(json.dumps([all_waiting, answers == [read(event.pk)] * 3]))
changes.listener_stop()
"""


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_requests_waiting_on_the_feed_hold_no_pooled_connection() -> None:
    _postgres_only()
    db = connection.settings_dict
    url = f"postgres://{db['USER']}@{db['HOST']}:{db['PORT'] or 5432}/{db['NAME']}"
    done = subprocess.run(
        [sys.executable, "manage.py", "shell", "-v", "0", "-c", POOLED_WAITS],
        cwd=ROOT, capture_output=True, text=True, check=False, timeout=120,
        env={**os.environ, "DATABASE_URL": url, "DATABASE_POOL": "2"},
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.strip().splitlines()[-1]) == [True, True]
