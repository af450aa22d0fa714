"""The table API runs again a request that found SQLite locked (its transaction
rolled back), so the phone gets one answer and the board one line."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import OperationalError, transaction

from scoring.models import TableEntry, TravellerLine
from scoring.table.phones import api
from scoring.table.play import services
from tests.factories import make_event
from tournaments.models import Session

from .helpers import Phone, codes

pytestmark = pytest.mark.django_db


@pytest.fixture
def session() -> Session:
    return make_event(tables=3, boards_per_round=2).sessions.get()


def _locked_once(monkeypatch: pytest.MonkeyPatch, message: str) -> list[int]:
    """The confirmation's first run writes the line, then meets ``message`` and
    its transaction rolls back, as a write that found the database locked;
    the attempts counted."""
    real = services.entry_confirm
    attempts: list[int] = []

    def confirm(*args: Any, **kwargs: Any) -> Any:
        attempts.append(1)
        if len(attempts) > 1:
            return real(*args, **kwargs)
        with transaction.atomic():
            real(*args, **kwargs)
            raise OperationalError(message)

    monkeypatch.setattr(services, "entry_confirm", confirm)
    monkeypatch.setattr(api.time, "sleep", lambda seconds: None)
    return attempts


def test_a_request_that_found_the_database_locked_runs_again(
    session: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    phone = Phone(codes(session)["A", 1])
    entry = phone.send(1, "4S", tricks=10).json()["id"]
    attempts = _locked_once(monkeypatch, "database is locked")
    answer = phone.post(f"results/{entry}/confirm")
    assert answer.status_code == 200 and answer.json()["status"] == "accepted"
    assert len(attempts) == 2
    assert TableEntry.objects.count() == 1 and TravellerLine.objects.count() == 1


def test_another_database_error_is_not_run_again(
    session: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    phone = Phone(codes(session)["A", 1])
    entry = phone.send(1, "4S", tricks=10).json()["id"]
    attempts = _locked_once(monkeypatch, "disk I/O error")
    with pytest.raises(OperationalError):
        phone.post(f"results/{entry}/confirm")
    assert len(attempts) == 1 and not TravellerLine.objects.exists()
