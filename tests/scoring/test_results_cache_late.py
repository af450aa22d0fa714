"""A change committed after one with a higher id (two writers on PostgreSQL)
still reaches the scored copy: its board is read again, not left as it was."""

from __future__ import annotations

import pytest

from scoring.models import ChangeLog
from scoring.standings import session_results
from tests.factories import make_event, make_result, section_of

pytestmark = pytest.mark.django_db


def _renumber(board: int, pk: int) -> None:
    ChangeLog.objects.filter(board=board).update(id=pk)


def test_a_late_committed_result_is_in_the_standings() -> None:
    event = make_event(tables=3, boards_per_round=2)
    section = section_of(event)
    make_result(section, 1, "1NS", "1EW", "4S N =")
    _renumber(1, 50)
    session = event.sessions.get()
    assert len(session_results(session).boards) == 1  # kept, having seen change 50
    make_result(section, 3, "2NS", "2EW", "3NT S =")  # written first, committed late
    _renumber(3, 40)
    make_result(section, 5, "3NS", "3EW", "2H E =")
    _renumber(5, 60)  # a later change
    boards = {b.number: len(b.lines) for b in session_results(session).boards}
    assert boards == {1: 1, 3: 1, 5: 1}
