"""Calling a round from the control room: a round the movement has, or a clear
refusal on the page (a section without a movement was a server error)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from movements.models import SectionMovement
from tests.factories import add_section, join, make_event
from tournaments.models import Session

pytestmark = pytest.mark.django_db


@pytest.fixture
def director() -> Client:
    client = Client(raise_request_exception=True)
    user = User.objects.create_user("td")
    join(user)
    client.force_login(user)
    return client


def _call(director: Client, session: Session, number: str) -> str:
    url = reverse("table_room:round", args=[session.pk])
    page = director.post(url, {"round": number}, follow=True)
    assert page.status_code == 200
    return page.content.decode()


def test_a_section_without_a_movement_is_named_in_the_refusal(
    director: Client,
) -> None:
    event = make_event(tables=3, boards_per_round=2)
    section = add_section(event, "B", 3)
    SectionMovement.objects.filter(section=section).delete()
    session = event.sessions.get()
    page = _call(director, session, "2")
    assert "Round not called: Section B has no movement yet" in page
    assert Session.objects.get(pk=session.pk).round_called != 2


@pytest.mark.parametrize("typed", ["9" * 5000, "²", "-1", "two", ""])
def test_a_round_that_is_no_number_is_refused_on_the_page(
    director: Client, typed: str
) -> None:
    session = make_event(tables=3, boards_per_round=2).sessions.get()
    assert "Round not called: Call a round from 1 to" in _call(director, session, typed)
