"""Phones racing each other on a real PostgreSQL server: a retry sent while the
first try is still in flight, and two phones of one table sending one board."""

from __future__ import annotations

import threading
from collections.abc import Callable

import pytest
from django.db import connection, connections, transaction

from scoring.models import TableEntry, TravellerLine
from scoring.table.play import services
from scoring.table.play.codes import code_lock, codes_ensure
from scoring.table.play.sent import sent_read
from tests.factories import make_event

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def _postgres_only() -> None:
    if connection.vendor != "postgresql":
        pytest.skip("concurrency is tested on PostgreSQL (make test runs it there)")


def _at_once(*calls: Callable[[], object]) -> list[object]:
    start = threading.Barrier(len(calls), timeout=10)
    outcomes: list[object] = []

    def run(call: Callable[[], object]) -> None:
        try:
            start.wait()
            outcomes.append(call())
        except Exception as error:  # noqa: BLE001 - the outcome is the test's
            outcomes.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(c,)) for c in calls]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    return outcomes


def test_a_retry_racing_its_first_try_stores_one_entry() -> None:
    session = make_event(tables=3, boards_per_round=2).sessions.get()
    code = codes_ensure(session)[0]
    body = {"board": 1, "contract": "4S", "declarer": "N", "tricks": 10, "lead": "C2"}
    sent = sent_read({**body, "client_id": "once"})
    outcomes = _at_once(*[lambda: services.entry_send(code, sent)] * 4)
    ids = {o[0].pk for o in outcomes if isinstance(o, tuple)}
    assert len(outcomes) == 4
    assert len(ids) == 1 and TableEntry.objects.count() == 1


def test_two_phones_accepting_at_once_make_one_line() -> None:
    session = make_event(tables=3, boards_per_round=2).sessions.get()
    code = codes_ensure(session)[0]
    body = {"board": 1, "contract": "4S", "declarer": "N", "tricks": 10, "lead": "C2"}
    entry, _created = services.entry_send(code, sent_read({**body, "client_id": "a"}))
    outcomes = _at_once(*[lambda: services.entry_confirm(code, entry.pk)] * 3)
    assert all(isinstance(o, TableEntry) for o in outcomes), outcomes
    assert TravellerLine.objects.count() == 1
    assert TableEntry.objects.get().status == "accepted"


def test_a_table_holding_its_lock_does_not_hold_up_the_rest_of_its_section() -> None:
    """A table's writes lock its code's row alone: another table of the same
    section sends its result while the first is still in its transaction."""
    session = make_event(tables=3, boards_per_round=2).sessions.get()
    first, second = codes_ensure(session)[:2]
    assert first.section_id == second.section_id
    holding, released = threading.Event(), threading.Event()

    def hold_first_table() -> None:
        try:
            with transaction.atomic():
                code_lock(first)
                holding.set()
                released.wait(timeout=10)
        finally:
            connections.close_all()

    holder = threading.Thread(target=hold_first_table)
    holder.start()
    try:
        assert holding.wait(timeout=10)
        body = {
            "board": 3,
            "contract": "3NT",
            "declarer": "N",
            "tricks": 9,
            "lead": "C2",
        }
        with connection.cursor() as cursor:  # would wait for the section's row
            cursor.execute("SET lock_timeout = '2s'")
        entry, created = services.entry_send(
            second, sent_read({**body, "client_id": "b"})
        )
    finally:
        released.set()
        holder.join(timeout=30)
        with connection.cursor() as cursor:
            cursor.execute("SET lock_timeout = 0")
    assert created and entry.table_id == second.pk
