"""Requests no view can answer are refused before any view (config.hostile):
a NUL character anywhere, a body beyond the server's limit, an id beyond any
key. Each was a server error on PostgreSQL or SQLite; each is now a 400 or a
404, the table API's in its JSON ``{"error", "field"}``."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from pytest_django.fixtures import Settings

from scoring.table.play.codes import codes_ensure
from tests.factories import join, make_event, make_small_evening
from tests.table.helpers import Phone
from tournaments.models import Club, Event, Session

pytestmark = pytest.mark.django_db

HUGE = 2**70  # beyond 64 bits: SQLite's driver cannot bind it
NUL_TEXT = "The request contains a NUL character"


@pytest.fixture
def session() -> Session:
    event = make_small_evening()
    Event.objects.filter(pk=event.pk).update(published=True)
    return Session.objects.get(event=event)


@pytest.fixture
def phone() -> Phone:
    """Table 1 of an evening with no result yet."""
    session = make_event(tables=3, boards_per_round=2).sessions.get()
    return Phone(codes_ensure(session)[0])


@pytest.fixture
def director() -> Client:
    client = Client(raise_request_exception=True)
    user = User.objects.create_user("td")
    join(user)
    client.force_login(user)
    return client


def _sent(phone: Phone, **fields: Any) -> Any:
    body = {"board": 1, "contract": "4S", "declarer": "N", "tricks": 10,
            "lead": "C2", "client_id": "one", **fields}  # fmt: skip
    return phone.post("results", body)


def test_a_nul_in_the_table_apis_json_is_its_json_refusal(phone: Phone) -> None:
    refused = _sent(phone, client_id="a\x00b")
    assert refused.status_code == 400
    assert NUL_TEXT in refused.json()["error"]
    assert set(refused.json()) == {"error", "field"}


@pytest.mark.parametrize(
    "path",
    ["/social/a\x00b/", "/social/session/a\x00b/", "/results/scorecards/a\x00b/"],
)
def test_a_nul_in_an_address_is_a_400_page(path: str) -> None:
    refused = Client(raise_request_exception=True).get(path)
    assert refused.status_code == 400
    assert NUL_TEXT in refused.content.decode()


def test_a_nul_in_a_public_members_page_is_a_400(session: Session) -> None:
    url = reverse("public:personal_member", args=[session.pk, "1\x002"])
    assert Client(raise_request_exception=True).get(url).status_code == 400


def test_a_nul_in_the_roster_search_is_a_400(director: Client) -> None:
    club = Club.objects.get()
    url = reverse("tournaments:person_search", args=[club.pk])
    refused = director.get(url + "?q=a%00b")
    assert refused.status_code == 400
    assert NUL_TEXT in refused.content.decode()
    assert director.get(url + "?q=ab").status_code == 200


def test_a_nul_in_a_form_field_is_a_400_in_the_visitors_language(
    director: Client, session: Session
) -> None:
    url = reverse("tournaments:notation")
    refused = director.post(
        url, {"language": "es\x00", "next": "/"}, headers={"Accept-Language": "it"}
    )
    assert refused.status_code == 400
    assert "NUL" in refused.content.decode()
    assert NUL_TEXT not in refused.content.decode()  # in Italian


def test_an_escaped_backslash_before_u0000_is_no_nul(phone: Phone) -> None:
    sent = phone.client.post(
        "/api/table/results",
        b'{"board": 1, "contract": "4S", "declarer": "N", "tricks": 10,'
        b' "lead": "C2", "client_id": "a\\\\u0000"}',
        content_type="application/json",
        headers=phone.headers(),
    )
    assert sent.status_code == 201, sent.content


def test_a_long_login_name_is_a_failed_login_not_an_error() -> None:
    """django-axes records the name in a varchar(255) (PostgreSQL refused it)."""
    client = Client(raise_request_exception=True)
    page = client.post(reverse("login"), {"username": "x" * 300, "password": "y"})
    assert page.status_code == 200
    assert "Please enter a correct" in page.content.decode()
    from axes.models import AccessAttempt  # type: ignore[import-untyped]

    assert AccessAttempt.objects.get().username == "x" * 255


def test_a_body_beyond_the_limit_is_the_apis_json_refusal(
    phone: Phone, settings: Settings
) -> None:
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    refused = _sent(phone, client_id="x" * 2000)
    assert refused.status_code == 413
    assert refused.json() == {
        "error": "The request is larger than this server accepts.",
        "field": None,
    }


def test_a_body_beyond_the_limit_is_a_400_page_elsewhere(
    director: Client, settings: Settings
) -> None:
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    url = reverse("tournaments:notation")
    refused = director.post(url, {"language": "es", "next": "x" * 2000})
    assert refused.status_code == 400
    assert "larger than this server accepts" in refused.content.decode()


@pytest.mark.parametrize(
    "path",
    ["/results/sessions/{huge}/", "/results/sessions/{huge}/boards/1/",
     "/results/sessions/{session}/boards/{huge}/", "/results/sessions/{huge}/live/",
     "/results/sessions/{huge}/hands/", "/results/sessions/{huge}/usebio.xml",
     "/results/sessions/{huge}/results.pbn", "/results/events/{huge}/changes"],
)  # fmt: skip
def test_an_id_beyond_64_bits_is_a_404(session: Session, path: str) -> None:
    url = path.format(huge=HUGE, session=session.pk)
    assert Client(raise_request_exception=True).get(url).status_code == 404


def test_an_id_beyond_64_bits_is_the_apis_json_404(phone: Phone) -> None:
    refused = phone.post(f"results/{HUGE}/confirm")
    assert refused.status_code == 404
    assert set(refused.json()) == {"error", "field"}


def test_a_board_beyond_64_bits_has_no_score(phone: Phone) -> None:
    answer = phone.get(f"score?board={HUGE}&contract=4S&declarer=N&tricks=10")
    assert answer.status_code in (200, 400)
    assert set(answer.json()) & {"score_ns", "error"}


def test_nothing_is_refused_that_was_answered(phone: Phone, session: Session) -> None:
    assert _sent(phone).status_code == 201
    page = Client().get(reverse("public:session", args=[session.pk]))
    assert page.status_code == 200
    assert json.loads(phone.get("round").content)["round"]
