"""The organiser's commentary per board: plain text, inert on every page, and
printed beneath each deal of the club's booklet (the heat's hand records) under
the same secrecy as the deals."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tests.factories import join
from tests.public.in_play import BOARDS, make_in_play
from tests.public.outputs import read
from tests.simultaneous.test_secrecy import as_heat
from tournaments.models import Commentary, Event
from tournaments.setup.settings import session_release

pytestmark = pytest.mark.django_db

HOSTILE = '<script>alert("x")</script> & <b>bold</b>'


def signed_in(club: str, role: str) -> Client:
    user = User.objects.create_user(f"{role}-{club}", password="pw")
    join(user, club, role)
    client = Client()
    client.force_login(user)
    return client


def said(number: int) -> str:
    return f"Commentary on board {number}: North opens 2C."


def test_the_organiser_saves_plain_text_shown_inert() -> None:
    in_play = make_in_play(barometer=False)
    made = as_heat(in_play, released_in=timedelta(hours=1))
    Event.objects.filter(pk=made.event_id).update(club=in_play.event.club)
    assert in_play.event.club is not None
    client = signed_in(in_play.event.club.name, "admin")
    url = reverse("scoring:commentary", args=[made.event_id])
    response = client.post(url, {"board-1": HOSTILE, "board-2": said(2)})
    assert response.status_code == 302
    assert Commentary.objects.get(board=1).text == HOSTILE
    page = client.get(url).content.decode()
    assert "<script>alert" not in page and "&lt;script&gt;" in page
    client.post(url, {"board-1": "", "board-2": said(2)})
    assert list(made.commentaries.values_list("board", flat=True)) == [2]
    too_long = client.post(url, {"board-3": "x" * 4001})
    assert too_long.status_code == 400
    assert list(made.commentaries.values_list("board", flat=True)) == [2]
    other = signed_in(in_play.event.club.name + " B", "admin")
    assert other.get(url).status_code == 404


def test_the_booklet_prints_commentary_only_where_the_deal_shows(
    client: Client,
) -> None:
    in_play = make_in_play(barometer=False)
    made = as_heat(in_play, released_in=timedelta(hours=1))
    made.commentaries.all().delete()  # the texts of this test instead
    for number in range(1, BOARDS + 1):
        Commentary.objects.create(simultaneous=made, board=number, text=said(number))
    url = reverse("scoring:hand_records_pdf", args=[in_play.session.pk])
    assert in_play.event.club is not None
    director = signed_in(in_play.event.club.name, "director")
    own = read(director, url)  # the heat's director: the whole booklet
    assert all(said(n) in own for n in range(1, BOARDS + 1))
    assert "Commentary on board" not in read(client, url)  # before the release
    made.release_at = timezone.now() - timedelta(minutes=1)
    made.save()
    assert "Commentary on board" not in read(client, url)  # no board finished
    session_release(session=in_play.session, on=True, user=None)
    shown = read(client, url)
    assert all(said(n) in shown for n in range(1, BOARDS + 1))
    assert "&lt;" not in shown
