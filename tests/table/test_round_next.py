"""The control room offers the next round to call, never past the last one:
"Round to call" read 8 in a 7-round session once round 7 was called."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from scoring.table.play import calling
from tests.factories import join, make_event

pytestmark = pytest.mark.django_db


def test_the_round_offered_follows_the_round_called_and_stops_at_the_last() -> None:
    session = make_event(tables=7).sessions.get()
    last = session.sections.get().movement.rounds
    assert last == 7
    assert calling.round_next(session) == 2
    calling.round_call(session=session, number=6, user=None)
    assert calling.round_next(session) == 7
    calling.round_call(session=session, number=7, user=None)
    assert calling.round_next(session) == 7


def test_the_control_room_offers_it_and_asks_before_closing_the_tables(
    client: Client,
) -> None:
    session = make_event(tables=7).sessions.get()
    calling.round_call(session=session, number=7, user=None)
    user = User.objects.create_user("d", password="pw")
    join(user)
    client.force_login(user)
    page = client.get(reverse("table_room:room", args=[session.pk])).content.decode()
    assert 'name="round" min="1" value="7"' in page
    assert page.index("What the tables see and ask") < page.index('id="room-live"')
    assert page.index("Call this round") < page.index("data-confirm=")


def test_the_control_room_leads_to_the_evenings_steps(client: Client) -> None:
    session = make_event(tables=7).sessions.get()
    section = session.sections.get()
    user = User.objects.create_user("d", password="pw")
    join(user)
    client.force_login(user)
    page = client.get(reverse("table_room:room", args=[session.pk])).content.decode()
    for step in (
        reverse("table_room:cards", args=[session.pk]),
        reverse("movements:guide_cards", args=[section.pk]),
        reverse("tournaments:hands", args=[session.pk]),
        reverse("tournaments:session_finish", args=[session.pk]),
    ):
        assert f'href="{step}"' in page
    guide = client.get(reverse("movements:guide_cards", args=[section.pk]))
    assert guide.status_code == 200
