"""The room display's projector view: its address, the seconds between its
pages, and a bad ``seconds`` refused naming the field."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from scoring.live.displays import display_key
from tests.factories import make_event

pytestmark = pytest.mark.django_db


def _address() -> str:
    session = make_event().sessions.get()
    return reverse("public:room_projector", args=[display_key(session)])


def test_the_projector_turns_its_pages_every_12_seconds_unless_told() -> None:
    address = _address()
    page = Client().get(address).content.decode()
    assert 'data-page-seconds="12"' in page
    assert 'src="/static/table/projector.js"' in page
    faster = Client().get(address, {"seconds": " 3 "}).content.decode()
    assert 'data-page-seconds="3"' in faster


@pytest.mark.parametrize("seconds", ["0", "601", "1.5", "-2", "x", "99999999999"])
def test_a_bad_number_of_seconds_is_refused_naming_the_field(seconds: str) -> None:
    answer = Client().get(_address(), {"seconds": seconds})
    assert answer.status_code == 400
    assert "seconds: a whole number of seconds from 1 to 600." in answer.text


def test_the_spanish_refusal_is_in_spanish() -> None:
    answer = Client(headers={"Accept-Language": "es"}).get(
        _address(), {"seconds": "<b>"}
    )
    assert answer.status_code == 400
    assert "seconds: un número entero de segundos de 1 a 600." in answer.text
    assert "<b>" not in answer.text


def test_a_key_that_opens_no_session_finds_nothing() -> None:
    address = reverse("public:room_projector", args=["nothing:here"])
    assert Client().get(address).status_code == 404
