"""Both pairs on their own phones: a phone signs in as a seat, North-South
enter, East-West accept or dispute on theirs, the director settles, both pairs
confirm the round's scorecard, every step is logged with the phone's seat, and
the round answers 304 while nothing changed."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from scoring.engine.types import Contract, Result, Seat, Strain
from scoring.entry.services import line_record
from scoring.models import ChangeLog, RoundConfirmation, TableEntry, TravellerLine
from scoring.table.disputes.dispute import dispute_settle
from scoring.table.play.rounds import table_round
from scoring.table.room.state import room_state
from scoring.table.sight.notices import notices
from tests.scoring.engine.test_plausible import DD, DEAL
from tournaments.models import Board, Session

from .helpers import Phone, codes, own_phones_session

pytestmark = pytest.mark.django_db

ANALYSIS = {"deal": DEAL, "double_dummy": DD, "par": None}


@pytest.fixture
def session() -> Session:
    return own_phones_session()


def pair_of_phones(session: Session) -> tuple[Phone, Phone]:
    code = codes(session)["A", 1]
    return Phone(code, seat="NS"), Phone(code, seat="E")


def test_a_phone_signs_in_as_a_seat_and_a_bad_seat_is_refused(
    session: Session,
) -> None:
    ns, ew = pair_of_phones(session)
    assert ns.round()["phone"].items() >= {"seat": "NS", "side": "NS"}.items()
    assert ew.round()["phone"].items() >= {"seat": "E", "side": "EW"}.items()
    bad = ns.post("signin", {"code": codes(session)["A", 1].code, "seat": "X"})
    assert bad.status_code == 400 and bad.json()["field"] == "seat"


def test_ew_see_the_pending_result_from_their_side_and_accept_it(
    session: Session,
) -> None:
    ns, ew = pair_of_phones(session)
    sent = ns.send(1, "4S", tricks=10)
    assert sent.json()["score"] == 420
    pending = ew.round()["boards"][0]["entry"]
    assert (pending["status"], pending["side"], pending["seat"]) == (
        "pending",
        "NS",
        "NS",
    )
    assert (pending["score_ns"], pending["score"]) == (420, -420)  # EW's side
    refused = ns.post(f"results/{sent.json()['id']}/confirm")
    assert refused.status_code == 409 and refused.json()["field"] == "seat"
    accepted = ew.post(f"results/{sent.json()['id']}/confirm").json()
    assert (accepted["status"], accepted["score"]) == ("accepted", -420)
    devices = list(ChangeLog.objects.order_by("id").values_list("action", "device"))
    assert devices == [("sent", "table A1 NS"), ("entered", "table A1 E")]


def test_a_second_rejection_is_a_dispute_the_director_settles(
    session: Session,
) -> None:
    ns, ew = pair_of_phones(session)
    sent = ns.send(1, "4S", tricks=10).json()
    no_version = ew.post(f"results/{sent['id']}/reject")
    assert no_version.status_code == 400
    assert no_version.json()["field"] == "contract"
    version = {"contract": "4S", "declarer": "N", "tricks": 9, "lead": "C2"}
    rejected = ew.post(f"results/{sent['id']}/reject", version).json()
    assert rejected["status"] == "rejected"  # back to North-South first
    again = ns.send(1, "4S", tricks=10, client_id="kept").json()  # NS keep theirs
    disputed = ew.post(f"results/{again['id']}/reject", version).json()
    assert disputed["status"] == "disputed"
    assert disputed["version"]["text"] == "4S N -1 -50"
    assert disputed["version"]["score"] == 50  # EW's side
    assert not TravellerLine.objects.exists()  # nothing counts yet
    assert ns.round()["boards"][0]["status"] == "disputed"
    room = room_state(session)
    (dispute,) = room.disputes
    assert (dispute.seats, dispute.sent_text, dispute.version_text) == (
        "NS / E",
        "4S N = +420",
        "4S N -1 -50",
    )
    director = User.objects.create_user("td")
    line = dispute_settle(entry=dispute.entry, choice="version", user=director)
    assert (line.tricks, line.score_ns, line.lead) == (9, -50, "C2")
    assert TableEntry.objects.get(pk=again["id"]).status == "settled"
    logged = ChangeLog.objects.filter(action__in=["rejected", "disputed", "settled"])
    assert [(c.action, c.device or str(c.user)) for c in logged.order_by("id")] == [
        ("rejected", "table A1 E"),
        ("disputed", "table A1 E"),
        ("settled", "td"),
    ]


def test_both_pairs_confirm_the_rounds_scorecard(session: Session) -> None:
    ns, ew = pair_of_phones(session)
    for board in (1, 2):
        sent = ns.send(board, "3NT", declarer="S", tricks=8).json()
        ew.post(f"results/{sent['id']}/confirm")
    card = ew.round()["scorecard"]
    assert card["round"] == 1 and card["side"] == "EW"
    assert [
        (r["board"], r["contract"], r["result"], r["score"]) for r in card["lines"]
    ] == [
        (1, "3NT", "-1", 50),
        (2, "3NT", "-1", 100),  # board 2: NS vulnerable
    ]
    assert room_state(session).unconfirmed[0]["sides"] == ["NS", "EW"]
    assert ew.post("rounds/1/confirm").json() == {"round": 1, "side": "EW"}
    assert ew.post("rounds/1/confirm").status_code == 200  # once
    assert ew.round()["scorecard"] is None
    assert ns.round()["scorecard"]["lines"][0]["score"] == -50
    assert room_state(session).unconfirmed[0]["sides"] == ["NS"]
    ns.post("rounds/1/confirm")
    assert room_state(session).unconfirmed == []
    assert RoundConfirmation.objects.count() == 2
    assert ChangeLog.objects.filter(action="confirmed", device="table A1 NS").exists()


def test_the_round_answers_304_until_something_changes(session: Session) -> None:
    ns, ew = pair_of_phones(session)
    first = ew.get("round")
    etag = first["ETag"]
    again = ew.client.get(
        "/api/table/round", headers={**ew.headers(), "If-None-Match": etag}
    )
    assert again.status_code == 304 and again["ETag"] == etag
    ns.send(1)
    changed = ew.client.get(
        "/api/table/round", headers={**ew.headers(), "If-None-Match": etag}
    )
    assert changed.status_code == 200
    assert changed.json()["boards"][0]["status"] == "pending"


def _corrected(session: Session) -> tuple[Phone, Phone, TravellerLine]:
    """Table 1's phones play board 1 (4S=), then the director makes it 4S-1."""
    ns, ew = pair_of_phones(session)
    sent = ns.send(1, "4S", tricks=10).json()
    ew.post(f"results/{sent['id']}/confirm")
    line = TravellerLine.objects.get()
    line_record(
        section=line.section,
        board_number=1,
        ns_pair=line.ns_pair,
        ew_pair=line.ew_pair,
        result=Result(Contract(4, Strain.SPADES), Seat.NORTH, 9),
        round_no=1,
        table=1,
        line=line,
        user=User.objects.create_user("td"),
    )
    return ns, ew, line


CORRECTED = "Board 1 was corrected by the director: 4S= N NS +420 → 4S-1 N NS -50"


def test_a_directors_correction_is_a_notice_on_both_phones(session: Session) -> None:
    ns, ew, _line = _corrected(session)
    for phone in (ns, ew):
        assert [n["text"] for n in phone.round()["notices"]] == [CORRECTED]
    other = Phone(codes(session)["A", 2])
    assert other.round()["notices"] == []  # not this table's line


def test_a_notice_follows_the_pairs_that_played_the_line(session: Session) -> None:
    _ns, _ew, line = _corrected(session)
    elsewhere = codes(session)["A", 2]  # where East-West sit later, say
    assert notices(elsewhere, [line.ns_pair_id + 1000]) == []
    found = notices(elsewhere, [line.ew_pair_id])
    assert [n["text"] for n in found] == [CORRECTED]
    assert notices(codes(session)["A", 1])[0]["board"] == 1


def test_the_ten_latest_notices_come_oldest_first(session: Session) -> None:
    _ns, _ew, line = _corrected(session)
    director = User.objects.get(username="td")
    for tricks in [10, 9] * 6:
        line = line_record(
            section=line.section,
            board_number=1,
            ns_pair=line.ns_pair,
            ew_pair=line.ew_pair,
            result=Result(Contract(4, Strain.SPADES), Seat.NORTH, tricks),
            round_no=1,
            table=1,
            line=line,
            user=director,
        )
    found = notices(codes(session)["A", 1])
    every = ChangeLog.objects.filter(action="corrected").order_by("id")
    assert [n["id"] for n in found] == [c.pk for c in every][-10:]


def test_warnings_come_with_the_result_sent_and_a_lead_not_held_is_refused(
    session: Session,
) -> None:
    Board.objects.update_or_create(
        session=session, number=1, defaults={"deal": DEAL, "analysis": ANALYSIS}
    )
    ns, _ew = pair_of_phones(session)
    query = "score?board=1&contract=4H&declarer=N&tricks=10&lead=S10"  # +420
    assert ns.get(query).json()["warnings"] == []  # nothing read from the deal
    refused = ns.send(1, "4H", tricks=10, lead="S10")
    assert refused.status_code == 400 and refused.json() == {
        "error": "Check the opening lead: East, on lead, does not hold ♠10.",
        "field": "lead",
    }
    assert not TableEntry.objects.exists()
    sent = ns.send(1, "4H", tricks=10, lead="HK")
    assert sent.status_code == 201
    warnings = sent.json()["warnings"]
    assert [(w["rule"], w["field"]) for w in warnings] == [
        ("score", "tricks"),
        ("declarer", "declarer"),
    ]
    fine = ns.send(1, "4S", tricks=12, lead="HK")
    assert fine.status_code == 201 and fine.json()["warnings"] == []


def test_a_disputed_board_cannot_be_sent_again(session: Session) -> None:
    ns, ew = pair_of_phones(session)
    sent = ns.send(1, "4S", tricks=10).json()
    ew.post("call", {"board": 1})  # East-West call the director about it
    again = ns.send(1, "4S", tricks=11)
    assert again.status_code == 409 and again.json()["field"] == "board"
    assert TableEntry.objects.get(pk=sent["id"]).status == "disputed"


def test_an_unchanged_round_costs_the_server_a_few_queries(
    session: Session, django_assert_max_num_queries
) -> None:
    ns, ew = pair_of_phones(session)
    ns.send(1)
    etag = ew.get("round")["ETag"]
    headers = {**ew.headers(), "If-None-Match": etag}
    # The token's table; where its pair is (whether the section's kept
    # seatings still hold, the section's lines); the table's version.
    with django_assert_max_num_queries(4):
        assert ew.client.get("/api/table/round", headers=headers).status_code == 304


def test_two_tables_no_one_has_played_at_answer_with_their_own_etags(
    session: Session,
) -> None:
    """Their versions read alike: the table itself tells them apart."""
    tables = codes(session)
    one, two = Phone(tables["A", 1]), Phone(tables["A", 2])
    assert one.get("round")["ETag"] != two.get("round")["ETag"]


def test_the_round_comes_with_its_pairs_read_once(
    session: Session, django_assert_num_queries
) -> None:
    state = table_round(codes(session)["A", 1])
    assert state.seating is not None
    with django_assert_num_queries(0):
        ns, ew = state.holding
        assert ns is not None and ew is not None
        assert (ns.pk, ew.pk) == (state.seating.ns_pair_id, state.seating.ew_pair_id)
        assert ns.label and ew.label


def test_a_table_that_has_played_every_round_is_given_its_pairs_results_pages(
    session: Session, client: Client
) -> None:
    Session.objects.filter(pk=session.pk).update(table_confirm="scorer")
    phone = Phone(codes(session)["A", 1])
    data = phone.round()
    assert data["personal"] == []
    while not data["finished"]:
        for board in data["boards"]:
            assert phone.play(board["number"]).status_code == 200
        data = phone.round()
    pages = {page["pair"]: page["url"] for page in data["personal"]}
    assert set(pages) == {data["ns"], data["ew"]}
    # the page exists for the pair, and says so until the results are released
    assert client.get(pages[data["ns"]]).status_code == 200
