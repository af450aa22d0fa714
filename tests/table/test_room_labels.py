"""The control room's labels (issue 29): the barometer's options only where
every table plays the same boards, the unconfirmed rounds summed up in one
line (North-South first) with the list as a detail, the round called."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from movements.models import SectionMovement
from scoring.table.play import calling
from scoring.table.room.state import room_state
from tests.factories import join, make_event, play_rounds, section_of
from tournaments.models import Session

pytestmark = pytest.mark.django_db


def _room(client: Client, session: Session) -> str:
    user = User.objects.create_user("d", password="pw")
    join(user)
    client.force_login(user)
    return client.get(reverse("table_room:room", args=[session.pk])).content.decode()


def test_a_mitchell_shows_no_barometer_option_and_still_saves(client: Client) -> None:
    session = make_event(tables=7).sessions.get()
    page = _room(client, session)
    assert "(barometer)" not in page
    assert "The board&#x27;s score for each side" in page
    assert "Live standings hide the round in play" in page
    options = reverse("table_room:options", args=[session.pk])
    data = {"table_confirm": "own", "table_shows": "traveller"}
    client.post(options, data | {"table_leads": "", "table_players": ""})
    assert Session.objects.get(pk=session.pk).table_shows == "traveller"


def test_barometer_boards_show_the_barometer_options(client: Client) -> None:
    event = make_event(tables=7)
    SectionMovement.objects.filter(section=section_of(event)).update(barometer=True)
    page = _room(client, event.sessions.get())
    assert "live standings hide the round in play (barometer)" in page.lower()


def test_unconfirmed_rounds_are_one_line_with_the_list_as_a_detail(
    client: Client,
) -> None:
    event = make_event(tables=3)
    session = event.sessions.get()
    Session.objects.filter(pk=session.pk).update(table_confirm="own")
    session.refresh_from_db()
    play_rounds(section_of(event), range(1, 3))
    room = room_state(session)
    assert room.unconfirmed_said == "6 rounds not confirmed: rounds 1–2 at 3 tables"
    assert {tuple(row["sides"]) for row in room.unconfirmed} == {("NS", "EW")}
    calling.round_call(session=session, number=3, user=None)
    page = _room(client, session)
    assert "<summary><strong>6 rounds not confirmed" in page
    assert "Table A1, round 1 (NS, EW)" in page
    assert "Round called: 3." in page


def test_round_called_reads_the_round_called_up_to_the_last(client: Client) -> None:
    session = make_event(tables=7).sessions.get()
    calling.round_call(session=session, number=7, user=None)
    page = _room(client, session)
    assert "Round called: 7." in page
    assert 'name="round" min="1" value="7"' in page
    live = client.get(reverse("table_room:room", args=[session.pk]) + "?part=live")
    assert "Round called: 7." in live.content.decode()
