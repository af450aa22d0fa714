"""The table API refuses what it cannot read in its own JSON ``{"error",
"field"}``: a body nested beyond reason, numbers of thousands of digits, a
request with the wrong method (each was a server error or an empty page)."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from scoring.table.play.codes import codes_ensure
from tests.factories import make_event
from tests.table.helpers import Phone

pytestmark = pytest.mark.django_db


@pytest.fixture
def phone() -> Phone:
    session = make_event(tables=3, boards_per_round=2).sessions.get()
    return Phone(codes_ensure(session)[0])


def _posted(phone: Phone, body: str) -> dict[str, object]:
    answer = phone.client.post(
        "/api/table/results", body, content_type="application/json",
        headers=phone.headers(),
    )  # fmt: skip
    assert answer.status_code == 400, answer.content
    data: dict[str, object] = answer.json()
    assert set(data) == {"error", "field"}
    return data


def test_a_hundred_thousand_nested_brackets_are_refused(phone: Phone) -> None:
    refused = _posted(phone, "[" * 100_000)
    assert refused["error"] == "The request body nests too deeply."


def test_brackets_inside_strings_do_not_count_as_nesting(phone: Phone) -> None:
    body = {"board": 1, "contract": "4S", "declarer": "N", "tricks": 10, "lead": "C2",
            "client_id": "[[[[[[[[[[[[[[[[[[[[\\\"{{{{{{{{{{{{"}  # fmt: skip
    answer = phone.post("results", body)
    assert answer.status_code == 201, answer.content


def test_a_contract_of_ten_thousand_digits_is_an_impossible_level(
    phone: Phone,
) -> None:
    body = {"board": 1, "contract": "1" * 10_000 + "S", "declarer": "N",
            "tricks": 10, "client_id": "long"}  # fmt: skip
    refused = _posted(phone, json.dumps(body))
    assert refused["field"] == "contract"


def test_tricks_of_ten_thousand_digits_are_refused(phone: Phone) -> None:
    body = {"board": 1, "contract": "4S", "declarer": "N",
            "tricks": "9" * 10_000, "client_id": "long"}  # fmt: skip
    assert _posted(phone, json.dumps(body))["field"] == "tricks"


def test_a_get_of_the_sign_in_is_a_json_405() -> None:
    answer = Client(raise_request_exception=True).get("/api/table/signin")
    assert answer.status_code == 405
    assert answer["Allow"] == "POST"
    assert answer.json() == {
        "error": "This address takes POST requests only.",
        "field": None,
    }


def test_a_post_to_the_round_is_a_json_405(phone: Phone) -> None:
    answer = phone.post("round")
    assert answer.status_code == 405
    assert answer.json()["error"] == "This address takes GET requests only."
