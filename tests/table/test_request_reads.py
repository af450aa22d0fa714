"""What a table's requests read, once each: the checks of a result sent read
in plain SQL as the ORM reads them, a retry answered with its first warnings
without reading them again, the results' stamps as the ORM reads them."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from movements.models import Seating
from movements.selectors import playing_seatings
from scoring.live.results_cache import results_version
from scoring.models import ChangeLog, ResultsVersion, TableEntry, TravellerLine
from scoring.models.freshness import EVENT_WIDE
from scoring.queries.rounds import round_progress
from scoring.queries.sends import board_sends, other_tables_results, table_refusals
from scoring.queries.stamps import results_stamps
from scoring.table.play.services import LEAD_REFUSED
from tests.factories import make_event
from tests.table.test_sight import deal_board
from tournaments.models import Board, Session

from .helpers import Phone, codes

pytestmark = pytest.mark.django_db

HUGE = 2**70


@pytest.fixture
def session() -> Session:
    """A 3-table Mitchell, 2 boards a round: tables 1 and 2 play boards 1-2
    and 3-4 first, then table 3's boards 1-2 in round 2."""
    return make_event(tables=3, boards_per_round=2).sessions.get()


def _reads(phone: Phone, board: int, client_id: str) -> tuple[int, Any]:
    with CaptureQueriesContext(connection) as queries:
        sent = phone.send(board, "7NT", tricks=13, lead="H2", client_id=client_id)
    assert sent.status_code in (200, 201), sent.content
    return len(queries.captured_queries), sent.json()["warnings"]


def test_a_retry_is_answered_its_first_warnings_without_reading_them_again(
    session: Session,
) -> None:
    deal_board(session, 1)
    phone = Phone(codes(session)["A", 1])
    first_reads, first = _reads(phone, 1, "once")
    retry_reads, again = _reads(phone, 1, "once")
    assert first and first[0]["rule"] == "score"  # 7NT made: far from DD's 6
    assert again == first
    assert retry_reads == 2 < first_reads  # the table's code and the entry
    assert TableEntry.objects.filter(client_id="once").count() == 1


def test_the_checks_read_as_the_orm_reads_them(session: Session) -> None:
    one = Phone(codes(session)["A", 1])
    assert one.play(1, "3NT", declarer="S", tricks=9).status_code == 200
    assert one.play(2, "Pass").status_code == 200
    board = Board.objects.get(session=session, number=1)
    code = codes(session)["A", 3]
    section = code.section_id
    lines = TravellerLine.objects.filter(
        section_id=section, board__number=1, no_result=False
    ).exclude(table=code.table)
    assert other_tables_results(section, board.pk, code.table) == list(
        lines.values_list("score_ns", "declarer", "strain")
    ) == [(400, "S", "NT")]  # fmt: skip
    assert other_tables_results(section, board.pk, 1) == []  # the table's own
    assert board_sends(codes(session)["A", 1].pk, board.pk) == 1
    assert board_sends(code.pk, board.pk) == 0
    assert board_sends(HUGE, board.pk) == 0
    assert other_tables_results(HUGE, board.pk, 1) == []


def test_the_leads_refused_are_counted_by_table(session: Session) -> None:
    deal_board(session, 1)
    one = Phone(codes(session)["A", 1])
    code = codes(session)["A", 1]
    body = {"declarer": "W", "tricks": 7, "lead": "H2"}  # North holds no heart
    assert one.send(1, "1NT", client_id="a", **body).status_code == 400
    assert one.send(1, "1NT", client_id="b", **body).status_code == 400
    orm = ChangeLog.objects.filter(
        session_id=session.pk, board=1, action=LEAD_REFUSED, after__table=code.pk
    ).count()
    assert table_refusals(session.pk, 1, LEAD_REFUSED, code.pk) == orm == 2
    other = codes(session)["A", 2].pk
    assert table_refusals(session.pk, 1, LEAD_REFUSED, other) == 0
    assert table_refusals(HUGE, 1, LEAD_REFUSED, code.pk) == 0


def test_the_results_stamps_read_as_the_orm_reads_them(session: Session) -> None:
    assert Phone(codes(session)["A", 1]).play(1).status_code == 200
    orm = ResultsVersion.objects.filter(
        event_id=session.event_id, session_id__in=(EVENT_WIDE, session.pk)
    ).order_by("session_id", "board")
    expected = tuple(orm.values_list("session_id", "board", "stamp"))
    assert len(expected) >= 2  # the session's own and board 1's at least
    assert results_stamps(session.event_id, session.pk) == expected
    assert results_version(session) == expected
    assert results_stamps(HUGE, session.pk) == ()


def test_a_rounds_progress_read_as_the_orm_reads_it(session: Session) -> None:
    assert Phone(codes(session)["A", 1]).play(1).status_code == 200
    for round_no in (1, 2):
        playing = playing_seatings(section__session=session, round=round_no)
        scheduled = sum(s.last_board - s.first_board + 1 for s in playing)
        lines = TravellerLine.objects.filter(section__session=session, round=round_no)
        mine = round_progress(session.pk, round_no, False)
        assert mine == (scheduled, lines.count())
    assert round_progress(session.pk, 1, False) == (6, 1)
    assert round_progress(HUGE, 2, False) == (0, 0)


def test_an_individuals_round_progress_counts_its_full_tables_only(
    session: Session,
) -> None:
    """An individual's table with an empty South or West sits out."""
    seatings = Seating.objects.filter(section__session=session, round=1)
    first, second = seatings.get(table=1), seatings.get(table=2)
    seatings.filter(table=1).update(
        south_id=second.ns_pair_id, west_id=second.ew_pair_id
    )
    seatings.filter(table=3).update(south_id=first.ns_pair_id)
    assert round_progress(session.pk, 1, False) == (6, 0)
    assert round_progress(session.pk, 1, True) == (2, 0)


def _sql(queries: CaptureQueriesContext) -> list[str]:
    return [q["sql"] for q in queries.captured_queries]


def test_a_pairs_result_is_sent_without_reading_the_boards_it_has_played(
    session: Session,
) -> None:
    """Under the table's lock only whether the phone may act is read (its pair
    sits there now): the boards its pair has played are for what it may see."""
    code = codes(session)["A", 1]
    ns, ew = Phone(code, seat="NS"), Phone(code, seat="EW")
    with CaptureQueriesContext(connection) as queries:
        sent = ns.send(1, "4S", client_id="mine")
    assert sent.status_code == 201, sent.content
    assert not [sql for sql in _sql(queries) if '"south_id", l."west_id"' in sql]
    moved = Session.objects.filter(pk=session.pk)
    assert moved.update(table_confirm="own") == 1
    confirmed = ew.post(f"results/{sent.json()['id']}/confirm")
    assert confirmed.status_code == 200, confirmed.content
    assert confirmed.json()["shown"] is not None  # read then, once played


def test_a_confirmed_boards_scoring_reads_the_board_once(session: Session) -> None:
    """The session's results scored already, a board accepted is read again on
    its own (``standings.reloading``): once, for its lines and assigned scores."""
    code = codes(session)["A", 1]
    ns, ew = Phone(code, seat="NS"), Phone(code, seat="EW")
    Session.objects.filter(pk=session.pk).update(table_confirm="own")
    first = ns.send(1, "4S", client_id="first")
    assert ew.post(f"results/{first.json()['id']}/confirm").status_code == 200
    sent = ns.send(2, "4S", client_id="second")
    with CaptureQueriesContext(connection) as queries:
        confirmed = ew.post(f"results/{sent.json()['id']}/confirm")
    assert confirmed.status_code == 200, confirmed.content
    made = _sql(queries)
    decided = next(i for i, sql in enumerate(made) if 'scoring_tableentry" SET' in sql)
    after = made[decided:]  # the entry accepted: the board scored and shown
    boards = [sql for sql in after if 'FROM "tournaments_board" b' in sql]
    assert len(boards) == 1
    assert confirmed.json()["shown"]["board"] == 2


def test_a_pairs_retry_is_answered_before_its_place_is_worked_out(
    session: Session,
) -> None:
    """A pair's phone sending a result again reads its table's code and the
    entry alone (not where its pair sits), and hears what it heard first,
    scored for its side; a new result is still checked as before."""
    code = codes(session)["A", 1]
    ew = Phone(code, seat="EW")
    body = {"board": 1, "contract": "4S", "declarer": "N", "tricks": 10}
    body.update(lead="C2", client_id="ew-once")
    ew.round()  # the table and the phone seen there: nothing written on sending
    with CaptureQueriesContext(connection) as queries:
        first = ew.post("results", body)
    assert first.status_code == 201, first.content
    # Looked for once before the table's lock (where the phone signed in is
    # where its pair is), once under it.
    looked = [sql for sql in _sql(queries) if 't."client_id" = ' in sql]
    assert len(looked) == 2
    with CaptureQueriesContext(connection) as queries:
        again = ew.post("results", body)
    assert again.status_code == 200
    assert again.json() == first.json()
    assert first.json()["score"] == -first.json()["score_ns"]  # East-West's
    assert len(queries) == 2  # the table's code, the entry
    other = ew.post("results", {**body, "board": 2, "client_id": "ew-two"})
    assert other.status_code == 201, other.content
    assert TableEntry.objects.filter(client_id__startswith="ew-").count() == 2
