"""What a phone may see follows the pairs it belongs to and the boards they have
played, never the table alone; nothing it is answered depends on a deal it has
not played; the lead is checked only on a result sent for a board in play, a
few times a board (``sight/rule.py``, ``play/doubts.py``)."""

from __future__ import annotations

from typing import Any

import pytest
from django.core import signing

from scoring.models import ChangeLog, TableEntry
from scoring.table.phones.urls import urlpatterns
from scoring.table.play.codes import SALT, table_of_token, token_for
from scoring.table.play.doubts import LEAD_CHECKS, WARNED_SENDS
from tests.factories import make_event
from tests.scoring.engine.test_plausible import DD, DEAL
from tournaments.models import Board, Pair, Session

from .helpers import Phone, codes

pytestmark = pytest.mark.django_db

# Two deals of board 1 and their double dummy: North holds the spades in the
# first (so leads S2 and not H2 against West), the hearts in the second.
DEALS = {
    "first": (DEAL, DD),
    "second": (
        "N:.AKQJT98765432.. AKQJT98765432... ...AKQJT98765432 ..AKQJT98765432.",
        {seat: {"S": 1, "H": 12, "D": 2, "C": 11, "NT": 6} for seat in "NESW"},
    ),
}


def deal_board(session: Session, number: int, which: str = "first") -> None:
    deal, dd = DEALS[which]
    analysis = {"deal": deal, "double_dummy": dd, "par": None}
    Board.objects.update_or_create(
        session=session, number=number, defaults={"deal": deal, "analysis": analysis}
    )


@pytest.fixture
def session() -> Session:
    """A 3-table Mitchell, 2 boards a round: table 2 plays boards 3-4 first and
    boards 1-2 only in round 3."""
    session = make_event(tables=3, boards_per_round=2).sessions.get()
    Session.objects.filter(pk=session.pk).update(table_shows="traveller")
    return Session.objects.get(pk=session.pk)


def test_the_preview_of_a_board_played_later_says_nothing_of_its_deal(
    session: Session,
) -> None:
    deal_board(session, 1)
    later = Phone(codes(session)["A", 2])
    ask = "score?board=1&contract=1NT&declarer=W&tricks=7&lead="
    held, not_held = later.get(ask + "S2"), later.get(ask + "H2")  # North leads
    assert held.status_code == not_held.status_code == 200
    assert held.content == not_held.content
    assert held.json() == {"score_ns": -90, "score": -90, "warnings": []}
    grand = "score?board=1&contract=7NT&declarer=N&tricks=13"
    analysed = later.get(grand).content
    Board.objects.filter(session=session, number=1).update(deal="", analysis=None)
    assert later.get(grand).content == analysed  # as if no analysis were known


def test_a_board_of_another_round_is_refused_for_the_round_whatever_the_lead(
    session: Session,
) -> None:
    deal_board(session, 1)
    later = Phone(codes(session)["A", 2])
    answers = [
        later.send(1, "1NT", declarer="W", tricks=7, lead=lead, client_id=lead)
        for lead in ("S2", "H2")
    ]
    assert [a.status_code for a in answers] == [409, 409]
    assert answers[0].content == answers[1].content
    assert answers[0].json() == {
        "error": "This table does not play board 1 in round 1.",
        "field": "board",
    }
    assert not ChangeLog.objects.filter(action="lead refused").exists()
    assert not TableEntry.objects.exists()


def test_the_lead_is_checked_a_few_times_a_board_then_no_more(
    session: Session,
) -> None:
    deal_board(session, 1)
    table = Phone(codes(session)["A", 1])
    body = {"declarer": "W", "tricks": 7, "lead": "H2"}  # North has no heart
    sent = [
        table.send(1, "1NT", client_id=str(n), **body) for n in range(LEAD_CHECKS + 1)
    ]
    assert [s.status_code for s in sent] == [400] * LEAD_CHECKS + [201]
    assert sent[0].json()["field"] == "lead"  # then unchecked: it tells nothing
    assert ChangeLog.objects.filter(action="lead refused").count() == LEAD_CHECKS


def test_warnings_come_with_a_boards_first_sends_only(session: Session) -> None:
    deal_board(session, 1)
    table = Phone(codes(session)["A", 1])
    said = [
        table.send(1, "7NT", tricks=13, lead="HA", client_id=str(n)).json()["warnings"]
        for n in range(WARNED_SENDS + 1)
    ]
    assert all(w and w[0]["rule"] == "score" for w in said[:WARNED_SENDS])
    assert said[WARNED_SENDS] == []


def _play_round(session: Session, round_no: int) -> None:
    """Every table plays its boards of the round and confirms the round, on
    the table's scorer's phone."""
    for code in codes(session).values():
        phone = Phone(code)
        data = phone.round()
        assert data["round"] == round_no, data
        for board in data["boards"]:
            assert phone.play(board["number"]).status_code == 200
        assert phone.post(f"rounds/{round_no}/confirm").status_code == 200


def shown(phone: Phone, number: int) -> Any:
    return phone.get(f"boards/{number}").json()["shown"]


@pytest.fixture
def mitchell() -> Session:
    """A 4-table Mitchell, 2 boards a round, the traveller shown: 1EW plays
    boards 1-2 at table 1, 5-6 at table 2, then 3-4 at table 4; table 2 plays
    boards 3-4 in round 1 (2NS v 2EW)."""
    session = make_event(tables=4, boards_per_round=2).sessions.get()
    Session.objects.filter(pk=session.pk).update(table_shows="traveller")
    return Session.objects.get(pk=session.pk)


def test_a_pair_at_its_next_table_reads_only_the_boards_it_played(
    mitchell: Session,
) -> None:
    _play_round(mitchell, 1)
    one_ew = Phone(codes(mitchell)["A", 2], seat="EW")  # 1EW, round 2, table 2
    assert one_ew.round()["ew"] == "1EW"
    assert shown(one_ew, 3) is None  # played here by 2NS-2EW; 1EW's in round 3
    assert [line["ew"] for line in shown(one_ew, 1)["lines"]] == ["1EW"]


def test_a_phone_left_behind_by_its_pair_reads_only_the_pairs_boards(
    mitchell: Session,
) -> None:
    kept = Phone(codes(mitchell)["A", 1], seat="EW")  # 1EW, round 1, table 1
    _play_round(mitchell, 1)
    scorer = Phone(codes(mitchell)["A", 1])  # round 2: 1NS v 4EW, boards 3-4
    sent = scorer.send(3).json()["id"]
    assert scorer.round()["boards"][0]["entry"]["board"] == 3
    assert [b["entry"] for b in kept.round()["boards"]] == [None, None]
    unknown = kept.post("results/999999/confirm")
    assert unknown.status_code == 404
    for decision in ("confirm", "reject"):
        refused = kept.post(f"results/{sent}/{decision}", {"contract": "3NT"})
        assert (refused.status_code, refused.content) == (404, unknown.content)
    assert TableEntry.objects.get(pk=sent).status == "pending"
    _play_round(mitchell, 2)
    assert shown(kept, 1) is not None and shown(kept, 5) is not None  # 1EW's
    assert shown(kept, 3) is None  # table 1 played it in round 2, with 4EW


def test_the_scorers_phone_reads_the_boards_both_pairs_at_its_table_played(
    mitchell: Session,
) -> None:
    _play_round(mitchell, 1)
    scorer = Phone(codes(mitchell)["A", 1])  # round 2: 1NS v 4EW, boards 3-4
    assert shown(scorer, 1) is None  # 1NS played it, 4EW has not yet
    assert shown(scorer, 3) is None  # played at table 2, by neither
    scorer.play(3)
    lines = shown(scorer, 3)["lines"]
    assert {(x["ns"], x["ew"]) for x in lines} == {("2NS", "2EW"), ("1NS", "4EW")}


Answers = dict[str, list[tuple[int, bytes]]]


def _every_answer(phone: Phone, code: str, seat: str, entry_id: int) -> Answers:
    """Every endpoint of the table API, by its URL name, asked about board 1
    (signing in again: its token is signed with the time, so not compared)."""
    lead = "score?board=1&contract=1NT&declarer=W&tricks=7&lead="
    asked = {
        "call": [phone.post("call")],
        "players": [phone.post("players", {"side": "NS", "members": ["1", "2"]})],
        "round": [phone.get("round")],
        "board": [phone.get("boards/1")],
        "score": [
            phone.get(lead + "S2"),
            phone.get(lead + "H2"),
            phone.get("score?board=1&contract=7NT&declarer=N&tricks=13&lead=HA"),
        ],
        "results": [
            phone.send(1, "1NT", declarer="W", tricks=7, lead=lead, client_id=lead)
            for lead in ("S2", "H2")
        ],
        "confirm": [phone.post(f"results/{entry_id}/confirm")],
        "reject": [
            phone.post(f"results/{entry_id}/reject", {"contract": "7NT", "tricks": 13})
        ],
        "withdraw": [phone.post(f"results/{entry_id}/withdraw")],
        "round_confirm": [phone.post("rounds/1/confirm")],
        "signin": [phone.post("signin", {"code": code, "seat": seat})],
        "openapi": [phone.get("openapi.json")],
        "notation": [phone.get("notation/en.json")],
    }
    assert set(asked) == {pattern.name for pattern in urlpatterns}
    return {
        name: [(a.status_code, a.content) for a in answers]
        for name, answers in asked.items()
        if name != "signin"
    }


def test_no_answer_about_a_board_not_played_depends_on_its_deal(
    session: Session,
) -> None:
    """Table 1 plays board 1 (its result and traveller exist, another table's
    entry waits); table 2's phones, whose pairs play it only in round 3, are
    answered alike on every endpoint whatever the deal."""
    Session.objects.filter(pk=session.pk).update(table_players=True)
    first = Phone(codes(session)["A", 1])
    first.play(1, "4S", tricks=10, lead="HK")
    waiting = first.send(2).json()["id"]
    code = codes(session)["A", 2].code
    phones = {seat: Phone(code, seat=seat) for seat in ("", "NS", "E")}
    answers = {}
    for which in DEALS:
        deal_board(session, 1, which)
        answers[which] = [
            _every_answer(phone, code, seat, waiting) for seat, phone in phones.items()
        ]
    assert answers["first"] == answers["second"]
    assert not ChangeLog.objects.filter(action="lead refused").exists()


def test_the_scorers_phone_stays_with_the_round_just_played_until_confirmed(
    mitchell: Session,
) -> None:
    scorer = Phone(codes(mitchell)["A", 1])
    for board in (1, 2):
        scorer.play(board)
    data = scorer.round()  # round 2 is in play; round 1's scorecard waits
    assert data["round"] == 2 and data["scorecard"]["round"] == 1
    assert [line["board"] for line in data["scorecard"]["lines"]] == [1, 2]
    assert shown(scorer, 1) is not None  # 1NS and 1EW are still at the table
    assert scorer.post("rounds/1/confirm").status_code == 200
    assert shown(scorer, 1) is None  # 1NS v 4EW now: 4EW has not played it


def test_a_token_carries_the_pair_of_its_seat(session: Session) -> None:
    code = codes(session)["A", 1]
    ns = Phone(code, seat="NS")
    seated = table_of_token(ns.token)
    assert seated.holders == {
        Pair.objects.get(section__session=session, label="1NS").pk
    }
    assert table_of_token(Phone(code).token).holders is None  # the scorer's phone
    # A token signed before phones belonged to pairs is read as the table's.
    old = signing.dumps([code.pk, code.code, "EW"], salt=SALT, compress=True)
    assert table_of_token(old).holders is None
    assert table_of_token(token_for(code, "EW", frozenset())).holders == frozenset()


def test_a_pairs_phone_signing_in_at_its_next_table_early_keeps_its_pair(
    mitchell: Session,
) -> None:
    """1EW's phone leaves table 1 for table 2 while 2NS-2EW still play there:
    with its last token it stays 1EW's phone, not 2EW's."""
    tables = codes(mitchell)
    left = Phone(tables["A", 1], seat="EW")
    scorer = Phone(tables["A", 1])
    for board in (1, 2):
        scorer.play(board)
    assert scorer.post("rounds/1/confirm").status_code == 200

    def pairs(table: int, previous: str) -> set[str]:
        body = {"code": tables["A", table].code, "seat": "EW", "previous": previous}
        token = left.post("signin", body).json()["token"]
        found = table_of_token(token).holders or frozenset()
        return set(Pair.objects.filter(pk__in=found).values_list("label", flat=True))

    assert pairs(2, left.token) == {"1EW"}
    assert pairs(2, "") == {"2EW"}  # no token from the last table: the seat's
    assert pairs(3, left.token) == {"3EW"}  # 1EW never plays at table 3
