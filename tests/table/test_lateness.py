"""A table is late in the control room only when it is behind the leading round
and its own round has run over its time (scoring/table/room/lateness.py): not
as soon as a faster table moves on or the next round is called."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from scoring.models import TableCode, TableEntry
from scoring.table.room.lateness import MINUTES_PER_BOARD, overdue
from scoring.table.room.state import room_state, tables_late
from tests.factories import make_event
from tournaments.models import Session

from .helpers import Phone, codes

pytestmark = pytest.mark.django_db

NOON = datetime(2026, 11, 27, 12, 0, tzinfo=UTC)


def minutes(n: float) -> timedelta:
    return timedelta(minutes=n)


@pytest.fixture
def session() -> Session:
    return make_event(tables=3, boards_per_round=2).sessions.get()


def _phones(session: Session) -> list[Phone]:
    return [Phone(codes(session)["A", t]) for t in (1, 2, 3)]


def _play_round(phone: Phone) -> None:
    for board in phone.round()["boards"]:
        phone.play(board["number"])


def _sent_at(at: datetime) -> None:
    """Every table entry so far sent and accepted at ``at``."""
    TableEntry.objects.update(sent_at=at, decided_at=at)


def _late(session: Session, now: datetime) -> list[int]:
    return [t.code.table for t in room_state(session, now).tables if t.late]


@pytest.mark.parametrize(
    ("after", "boards", "late"),
    [(14, 2, False), (15, 2, False), (16, 2, True), (22, 3, False), (23, 3, True)],
)
def test_a_round_is_overdue_after_its_boards_time(
    after: int, boards: int, late: bool
) -> None:
    assert MINUTES_PER_BOARD == 7.5
    assert overdue(NOON, boards, NOON + minutes(after)) is late
    assert overdue(None, boards, NOON + minutes(99)) is False


def test_tables_behind_a_faster_one_are_given_their_rounds_time(
    session: Session,
) -> None:
    one, _two, _three = _phones(session)
    _play_round(one)  # table 1 moves on to round 2
    _sent_at(NOON)  # the room's first result: round 1 began a board earlier
    assert _late(session, NOON) == []
    assert _late(session, NOON + minutes(7)) == []
    # 2 boards: 15 minutes from 11:52:30
    assert _late(session, NOON + minutes(8)) == [2, 3]


def test_after_the_next_round_is_called_a_table_counts_from_its_last_round(
    session: Session,
) -> None:
    phones = _phones(session)
    for phone in phones:
        _play_round(phone)
    assert Session.objects.get(pk=session.pk).round_called == 2
    _sent_at(NOON)
    _play_round(phones[0])  # table 1 on to round 3; tables 2 and 3 in round 2
    TableEntry.objects.filter(round=2).update(
        sent_at=NOON + minutes(10), decided_at=NOON + minutes(10)
    )
    assert _late(session, NOON + minutes(14)) == []
    assert _late(session, NOON + minutes(15)) == []
    assert _late(session, NOON + minutes(16)) == [2, 3]


def test_no_table_is_late_when_none_is_ahead(session: Session) -> None:
    one, _two, _three = _phones(session)
    one.play(1)
    _sent_at(NOON)
    assert _late(session, NOON + minutes(90)) == []


def test_the_home_counts_the_same_late_tables_without_making_codes(
    session: Session,
) -> None:
    one, _two, _three = _phones(session)
    _play_round(one)
    _sent_at(NOON)
    made = TableCode.objects.count()
    assert tables_late(session, NOON + minutes(7)) == 0
    assert (
        tables_late(session, NOON + minutes(8))
        == 2
        == len(_late(session, NOON + minutes(8)))
    )
    TableCode.objects.filter(table=3).delete()  # as before its phone signed in
    assert tables_late(session, NOON + minutes(8)) == 1
    assert TableCode.objects.count() == made - 1
