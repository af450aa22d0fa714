"""Two scorers typing the same table at once, on a real PostgreSQL server."""

from __future__ import annotations

import threading
from collections.abc import Sequence

import pytest
from django.core.exceptions import ValidationError
from django.db import connection, connections

from scoring.entry import services
from scoring.models import TravellerLine
from tests.factories import make_event, make_result, section_of
from tournaments.models import Board, Pair

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def _postgres_only() -> None:
    if connection.vendor != "postgresql":
        pytest.skip("concurrency is tested on PostgreSQL (make test runs it there)")


def test_the_same_pair_entered_at_once_on_two_terminals_is_saved_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    section = section_of(make_event())
    make_result(section, 1, "3NS", "3EW", "3NT N =")  # board 1 is already in play
    both_checked = threading.Barrier(2, timeout=10)
    check = services._check_not_twice

    def check_then_wait(
        board: Board, pairs: Sequence[Pair], near: list[TravellerLine]
    ) -> None:
        check(board, pairs, near)
        both_checked.wait()  # both terminals pass the check before either saves

    monkeypatch.setattr(services, "_check_not_twice", check_then_wait)
    outcomes: list[str] = []

    def enter(ew: str, entry: str) -> None:
        try:
            make_result(section, 1, "1NS", ew, entry)
            outcomes.append("saved")
        except ValidationError as exc:
            outcomes.append(" ".join(exc.messages))
        finally:
            connections.close_all()

    threads = [
        threading.Thread(target=enter, args=("1EW", "4S N =")),
        threading.Thread(target=enter, args=("2EW", "4S N +1")),
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    assert sorted(outcomes)[1] == "saved"
    assert "clashes with one entered at the same time" in sorted(outcomes)[0]
    assert TravellerLine.objects.filter(ns_pair__label="1NS").count() == 1
