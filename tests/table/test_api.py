"""The table API's contract: sign-in, the round, results sent, accepted and
rejected, retries, and refusals that name what is wrong."""

from __future__ import annotations

import pytest

from scoring.models import ChangeLog, TableEntry, TravellerLine
from scoring.table.play.codes import code_renew
from tests.factories import make_event, make_result
from tournaments.models import Session

from .helpers import Phone, codes

pytestmark = pytest.mark.django_db


@pytest.fixture
def session() -> Session:
    """A 3-table Mitchell, 2 boards a round: table 1 plays boards 1-2 in round 1."""
    return make_event(tables=3, boards_per_round=2).sessions.get()


def test_signin_gives_a_token_for_the_table(session: Session) -> None:
    code = codes(session)["A", 2]
    phone = Phone(code.code.lower())  # typed in lower case, or with spaces
    data = phone.round()
    assert (data["section"], data["table"], data["round"]) == ("A", 2, 1)
    assert (data["ns"], data["ew"]) == ("2NS", "2EW")
    assert [b["status"] for b in data["boards"]] == ["to_play", "to_play"]
    assert data["next"]["round"] == 2 and data["next"]["text"]


def test_a_wrong_code_or_token_is_refused(session: Session, client) -> None:
    codes(session)
    response = client.post(
        "/api/table/signin", {"code": "NOPE99"}, content_type="application/json"
    )
    assert response.status_code == 401 and response.json()["field"] == "code"
    assert client.get("/api/table/round").status_code == 401
    forged = client.get("/api/table/round", HTTP_AUTHORIZATION="Bearer abc:def")
    assert forged.status_code == 401


def test_a_new_code_voids_the_old_phone(session: Session) -> None:
    code = codes(session)["A", 1]
    phone = Phone(code)
    code_renew(code)
    assert phone.get("round").status_code == 401
    assert Phone(code.code).round()["table"] == 1


def test_closing_the_tables_stops_every_phone(session: Session) -> None:
    phone = Phone(codes(session)["A", 1])
    Session.objects.filter(pk=session.pk).update(tables_open=False)
    assert phone.get("round").status_code == 403
    response = phone.client.post(
        "/api/table/signin",
        {"code": codes(session)["A", 1].code},
        content_type="application/json",
    )
    assert response.status_code == 403


def test_a_result_counts_only_once_accepted(session: Session) -> None:
    phone = Phone(codes(session)["A", 1])
    sent = phone.send(1, "4S", tricks=10, lead="HK")
    assert sent.status_code == 201
    assert sent.json() == {
        "id": sent.json()["id"],
        "status": "pending",
        "score_ns": 420,
        "score": 420,  # from the sending phone's side
        "warnings": [],
    }
    assert not TravellerLine.objects.exists()
    assert phone.round()["boards"][0]["status"] == "pending"
    accepted = phone.post(f"results/{sent.json()['id']}/confirm").json()
    assert accepted["status"] == "accepted"
    line = TravellerLine.objects.get()
    assert (line.ns_pair.label, line.ew_pair.label, line.round, line.table) == (
        "1NS",
        "1EW",
        1,
        1,
    )
    assert (line.score_ns, line.lead) == (420, "HK")
    change = ChangeLog.objects.get(line_id=line.pk)
    assert change.user is None and change.device == "table A1"


def test_a_retry_keeps_one_entry_and_one_line(session: Session) -> None:
    phone = Phone(codes(session)["A", 1])
    first = phone.send(1, client_id="same")
    again = phone.send(1, client_id="same")
    assert (first.status_code, again.status_code) == (201, 200)
    assert first.json()["id"] == again.json()["id"]
    entry = first.json()["id"]
    assert phone.post(f"results/{entry}/confirm").status_code == 200
    assert phone.post(f"results/{entry}/confirm").status_code == 200
    assert phone.send(1, client_id="same").json()["status"] == "accepted"
    assert TableEntry.objects.count() == 1 and TravellerLine.objects.count() == 1


def test_rejected_then_corrected(session: Session) -> None:
    phone = Phone(codes(session)["A", 1])
    wrong = phone.send(1, "4S", tricks=10).json()["id"]
    rejected = phone.post(f"results/{wrong}/reject").json()
    assert rejected["status"] == "rejected" and rejected["shown"] is None
    assert phone.round()["boards"][0]["status"] == "rejected"
    assert phone.post(f"results/{wrong}/confirm").status_code == 409
    right = phone.send(1, "4S", tricks=9).json()
    assert right["score_ns"] == -50
    phone.post(f"results/{right['id']}/confirm")
    assert TravellerLine.objects.get().tricks == 9
    assert TableEntry.objects.get(pk=wrong).status == "replaced"


def test_a_result_waiting_when_the_director_enters_the_board_is_set_aside(
    session: Session,
) -> None:
    phone = Phone(codes(session)["A", 1])
    sent = phone.send(1, "4S", tricks=10).json()["id"]
    section = session.sections.get()
    typed = "3NT N ="  # the director's, typed while the result waited
    make_result(section, 1, "1NS", "1EW", typed, round_no=1, table=1)
    answer = phone.post(f"results/{sent}/confirm")
    assert answer.status_code == 409 and answer.json()["field"] == "board"
    assert TableEntry.objects.get(pk=sent).status == "replaced"
    assert TravellerLine.objects.get().strain == "NT"


def test_a_board_not_played_now_is_refused(session: Session) -> None:
    phone = Phone(codes(session)["A", 1])
    later = phone.send(3)  # table 1 plays boards 3-4 in round 2
    assert later.status_code == 409 and later.json()["field"] == "board"
    phone.play(1)
    again = phone.send(1, "3NT", client_id="another")
    assert again.status_code == 409
    assert "accepted already" in again.json()["error"]


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"contract": "4Z"}, "contract"),
        ({"contract": "8S"}, "contract"),
        ({"declarer": "Q"}, "declarer"),
        ({"tricks": 14}, "tricks"),
        ({"tricks": "many"}, "tricks"),
        ({"lead": "ZZ"}, "lead"),
        ({"client_id": ""}, "client_id"),
        ({"board": "x"}, "board"),
        ({"board": 0}, "board"),
        ({"board": None}, "board"),
    ],
)
def test_bad_input_names_the_field(session: Session, fields, field) -> None:
    phone = Phone(codes(session)["A", 1])
    body = {"board": 1, "contract": "4S", "declarer": "N", "tricks": 10}
    response = phone.post("results", {**body, "client_id": "c1", **fields})
    assert response.status_code == 400
    assert response.json()["field"] == field and response.json()["error"]
    assert not TableEntry.objects.exists()


def test_a_body_that_is_not_json_is_refused(session: Session) -> None:
    phone = Phone(codes(session)["A", 1])
    response = phone.client.post(
        "/api/table/results", "{oops", content_type="application/json",
        headers=phone.headers(),
    )  # fmt: skip
    assert response.status_code == 400


def test_errors_speak_the_tables_language(session: Session) -> None:
    phone = Phone(codes(session)["A", 1], language="es")
    response = phone.send(1, "4Z")
    assert response.status_code == 400
    assert "no se entiende" in response.json()["error"]


def test_passed_out_and_not_played(session: Session) -> None:
    phone = Phone(codes(session)["A", 1])
    assert phone.play(1, "Pass", declarer="", tricks="").json()["status"] == "accepted"
    assert phone.play(2, "NP", client_id="np").json()["status"] == "accepted"
    passed, not_played = TravellerLine.objects.order_by("board__number")
    assert passed.level is None and passed.score_ns == 0 and not passed.no_result
    assert not_played.no_result


def test_a_token_only_reaches_its_own_tables_entries(session: Session) -> None:
    one, two = Phone(codes(session)["A", 1]), Phone(codes(session)["A", 2])
    entry = one.send(1).json()["id"]
    assert two.post(f"results/{entry}/confirm").status_code == 404
    assert two.post(f"results/{entry}/reject").status_code == 404
    other = make_event(tables=3, boards_per_round=2).sessions.get()
    stranger = Phone(codes(other)["A", 1])
    assert stranger.post(f"results/{entry}/confirm").status_code == 404
    assert TableEntry.objects.get(pk=entry).status == "pending"


def test_the_openapi_description_lists_the_contract(client) -> None:
    spec = client.get("/api/table/openapi.json").json()
    paths = ["signin", "round", "results", "results/{id}/confirm",
             "results/{id}/reject", "results/{id}/withdraw"]  # fmt: skip
    for path in paths:
        assert f"/api/table/{path}" in spec["paths"], path


def test_the_score_is_shown_before_sending(session: Session) -> None:
    phone = Phone(codes(session)["A", 1])
    query = "score?board=2&contract=4S&declarer=N&tricks=10"
    answer = phone.get(query).json()
    assert answer == {"score_ns": 620, "score": 620, "warnings": []}  # NS vul
    assert phone.get("score?board=2&contract=Pass").json()["score_ns"] == 0
    refused = phone.get("score?board=2&contract=4S&declarer=N&tricks=14")
    assert refused.status_code == 400 and refused.json()["field"] == "tricks"
    assert not TableEntry.objects.exists()
