"""A typo fixed at the table: East-West reject with their version, the board
goes back to North-South, who correct it or keep theirs; a second rejection,
or a call about the board, is a dispute; the sender may withdraw a result
still waiting; a call reaches the change feed and stays with its round's
pairs; the director's settlement keeps the lead and the phones and the control
room say so; the API reads tricks as a number and asks for the lead."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User

from scoring.live.changes import last_change
from scoring.models import ChangeLog, TableEntry, TravellerLine
from scoring.table.disputes.dispute import dispute_settle
from scoring.table.play import services
from scoring.table.room.state import room_state
from tournaments.models import Session

from .helpers import Phone, codes, own_phones_session

pytestmark = pytest.mark.django_db

EW_SAY = {"contract": "3NT", "declarer": "S", "tricks": 8, "lead": "SQ"}


@pytest.fixture
def session() -> Session:
    return own_phones_session()


@pytest.fixture
def phones(session: Session) -> tuple[Phone, Phone]:
    code = codes(session)["A", 1]
    return Phone(code, seat="NS"), Phone(code, seat="EW")


def board_1(phone: Phone) -> dict[str, Any]:
    board: dict[str, Any] = phone.round()["boards"][0]
    assert board["number"] == 1
    return board


def sent_and_rejected(ns: Phone, ew: Phone) -> dict[str, Any]:
    """North-South's typo (3NT S made, for 3NT S -1), rejected by East-West."""
    sent = ns.send(1, "3NT", declarer="S", tricks=9, lead="SQ").json()
    rejected = ew.post(f"results/{sent['id']}/reject", EW_SAY)
    assert rejected.status_code == 200, rejected.content
    data: dict[str, Any] = rejected.json()
    return data


def test_a_typo_goes_back_to_north_south_who_correct_it(
    session: Session, phones: tuple[Phone, Phone]
) -> None:
    ns, ew = phones
    rejected = sent_and_rejected(ns, ew)
    assert rejected["status"] == "rejected"
    board = board_1(ns)
    assert board["status"] == "rejected"
    assert board["entry"]["version"]["text"] == "3NT S -1 -50"  # EW's note
    assert not TravellerLine.objects.exists()
    corrected = ns.send(1, "3NT", declarer="S", tricks=8, lead="SQ").json()
    waiting = board_1(ew)["entry"]
    assert (waiting["id"], waiting["status"]) == (corrected["id"], "pending")
    assert waiting["version"]["text"] == "3NT S -1 -50"  # what EW said
    accepted = ew.post(f"results/{corrected['id']}/confirm").json()
    assert accepted["status"] == "accepted"
    line = TravellerLine.objects.get()
    assert (line.tricks, line.score_ns, line.lead) == (8, -50, "SQ")
    assert not room_state(session).disputes  # no director needed
    assert TableEntry.objects.get(pk=rejected["id"]).status == "replaced"


def test_north_south_keep_theirs_and_a_second_rejection_is_a_dispute(
    session: Session, phones: tuple[Phone, Phone]
) -> None:
    ns, ew = phones
    sent_and_rejected(ns, ew)
    kept = ns.send(1, "3NT", declarer="S", tricks=9, lead="SQ", client_id="kept")
    assert kept.status_code == 201
    again = ew.post(f"results/{kept.json()['id']}/reject", EW_SAY).json()
    assert again["status"] == "disputed"
    assert board_1(ns)["status"] == "disputed"
    (dispute,) = room_state(session).disputes
    assert (dispute.sent_text, dispute.version_by, dispute.version_text) == (
        "3NT S = +400",
        "EW",
        "3NT S -1 -50",
    )


def test_a_result_still_waiting_is_withdrawn_and_typed_again(
    phones: tuple[Phone, Phone],
) -> None:
    ns, ew = phones
    sent = ns.send(1, "3NT", declarer="S", tricks=9, lead="SQ").json()
    refused = ew.post(f"results/{sent['id']}/withdraw")
    assert refused.status_code == 409 and refused.json()["field"] == "seat"
    withdrawn = ns.post(f"results/{sent['id']}/withdraw")
    assert withdrawn.status_code == 200 and withdrawn.json()["status"] == "replaced"
    again = ns.post(f"results/{sent['id']}/withdraw")  # a retry: the same answer
    assert again.status_code == 200 and again.json()["id"] == sent["id"]
    assert board_1(ns)["status"] == "to_play" and board_1(ew)["entry"] is None
    typed = ns.send(1, "3NT", declarer="S", tricks=8, lead="SQ").json()
    assert ew.post(f"results/{typed['id']}/confirm").json()["status"] == "accepted"
    late = ns.post(f"results/{typed['id']}/withdraw")
    assert late.status_code == 409  # answered already
    assert ChangeLog.objects.filter(action="withdrawn", device="table A1 NS").exists()


def test_a_withdrawn_correction_of_a_reopened_board_leaves_it_reopened(
    session: Session, phones: tuple[Phone, Phone]
) -> None:
    ns, ew = phones
    ns.send(1, "4S", client_id="first")
    ew.post(f"results/{board_1(ew)['entry']['id']}/confirm")
    line = TravellerLine.objects.get()
    services.board_reopen(line=line, user=User.objects.create_user("td"))
    sent = ns.send(1, "4S", tricks=9).json()
    ns.post(f"results/{sent['id']}/withdraw")
    assert board_1(ns)["status"] == "reopened"
    assert TravellerLine.objects.get().tricks == 10  # the line counts meanwhile


def test_east_west_call_the_director_about_a_board_it_is_a_dispute(
    session: Session, phones: tuple[Phone, Phone]
) -> None:
    ns, ew = phones
    sent = ns.send(1, "3NT", declarer="S", tricks=9, lead="SQ").json()
    before = last_change(session.event_id)
    called = ew.post("call", {"board": 1}).json()
    assert called["called"] and called["entry"]["status"] == "disputed"
    assert last_change(session.event_id) > before  # the control room's feed
    log = ChangeLog.objects.get(action="called")
    assert (log.device, log.board) == ("table A1 EW", 1)
    assert ns.round()["called"] and ew.round()["called"]
    (dispute,) = room_state(session).disputes
    assert dispute.entry.pk == sent["id"] and dispute.version_text == ""
    assert ew.post("call", {"board": 1}).json()["entry"]["status"] == "disputed"
    bad = ew.post("call", {"board": "one"})
    assert bad.status_code == 400 and bad.json()["field"] == "board"


def test_a_call_stays_with_the_pairs_of_its_round(
    session: Session, phones: tuple[Phone, Phone]
) -> None:
    ns, ew = phones
    for board in (1, 2):
        sent = ns.send(board).json()
        ew.post(f"results/{sent['id']}/confirm")
    # On the round's scorecard, still the round's pairs: the call is theirs.
    assert ew.post("call").json() == {"called": True}
    assert ns.round()["scorecard"]["round"] == 1 and ns.round()["called"]
    for phone in (ns, ew):
        assert phone.post("rounds/1/confirm").status_code == 200
    assert ns.round()["round"] == 2  # the next pairs at the table
    assert not ns.round()["called"]
    (table,) = room_state(session).calls  # the director still sees the call
    assert table.code.called_round == 1


def test_settling_with_east_wests_version_keeps_their_lead(
    session: Session, phones: tuple[Phone, Phone]
) -> None:
    ns, ew = phones
    sent_and_rejected(ns, ew)
    kept = ns.send(1, "3NT", declarer="S", tricks=9, lead="SQ", client_id="k").json()
    ew.post(f"results/{kept['id']}/reject", {**EW_SAY, "lead": "HK"})
    (dispute,) = room_state(session).disputes
    director = User.objects.create_user("td")
    line = dispute_settle(entry=dispute.entry, choice="version", user=director)
    assert (line.tricks, line.lead) == (8, "HK")
    for phone in (ns, ew):
        board = board_1(phone)
        assert (board["status"], board["settled"]) == ("accepted", True)
    (arrival,) = [a for a in room_state(session).recent if a.settled]
    assert arrival.settled == "3NT S -1 -50"
    assert not ns.round()["boards"][1]["settled"]  # board 2: not yet played
    for phone in (ns, ew):  # the notice says what the director did
        (notice,) = phone.round()["notices"]
        assert notice["text"].startswith("Board 1: dispute settled by the director")


def test_retries_of_each_answer_keep_one_entry(phones: tuple[Phone, Phone]) -> None:
    ns, ew = phones
    sent = ns.send(1, "3NT", declarer="S", tricks=9, lead="SQ").json()
    for _try in range(2):
        answer = ew.post(f"results/{sent['id']}/reject", EW_SAY)
        assert answer.json()["status"] == "rejected"
    body = {"board": 1, "contract": "3NT", "declarer": "S", "tricks": 8}
    body.update(lead="SQ", client_id="fixed")
    first, again = ns.post("results", body), ns.post("results", body)
    assert (first.status_code, again.status_code) == (201, 200)
    late = ew.post(f"results/{sent['id']}/reject", EW_SAY)  # after NS answered
    assert late.status_code == 200 and late.json()["status"] == "replaced"
    assert TableEntry.objects.count() == 2


def test_tricks_are_a_number_and_the_lead_is_asked_for(
    session: Session, phones: tuple[Phone, Phone]
) -> None:
    ns, _ew = phones
    body = {"board": 1, "contract": "4S", "declarer": "N", "client_id": "x"}
    text = ns.post("results", {**body, "tricks": "9", "lead": "C2"})
    assert text.status_code == 400 and text.json()["field"] == "tricks"
    no_lead = ns.post("results", {**body, "tricks": 9})
    assert no_lead.status_code == 400 and no_lead.json()["field"] == "lead"
    passed = ns.post("results", {"board": 1, "contract": "Pass", "client_id": "p"})
    assert passed.status_code == 201  # no lead to a passed-out board
    preview = ns.get("score?board=1&contract=4S&declarer=N&tricks=10")
    assert preview.json()["score_ns"] == 420  # an address's query is text
    Session.objects.filter(pk=session.pk).update(table_leads=False)
    unasked = ns.post("results", {**body, "board": 2, "tricks": 9})
    assert unasked.status_code == 201
    assert not TableEntry.objects.filter(board__number=1, tricks=9).exists()
