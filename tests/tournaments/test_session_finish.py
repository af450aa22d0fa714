"""Finishing a session on one page: what is missing, publish and release and
e-mail each player in one click, the e-mail again and the federation's files
from the same page."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.test import Client
from django.urls import reverse

from tests.factories import join, make_event, play_rounds, section_of
from tournaments.models import Event, Player

pytestmark = pytest.mark.django_db


def test_the_director_checks_publishes_and_releases_from_one_page(
    client: Client,
) -> None:
    event = make_event(tables=7)
    play_rounds(section_of(event), range(1, 7))
    session = event.sessions.get()
    user = User.objects.create_user("d", password="pw")
    join(user)
    client.force_login(user)
    url = reverse("tournaments:session_finish", args=[session.pk])
    detail = client.get(reverse("tournaments:event_detail", args=[event.pk]))
    assert url in detail.content.decode()
    page = client.get(url).content.decode()
    assert "21 results missing" in page and "No result disputed." in page
    assert 'name="email" value="1" checked' in page  # e-mailed with them
    assert "USEBIO" in page and "PBN" in page
    page = client.post(url, follow=True).content.decode()
    assert "Results published and released." in page
    assert mail.outbox == []  # the box unticked: no letter
    assert reverse("scoring:personal_send", args=[session.pk]) in page
    event = Event.objects.get(pk=event.pk)
    assert event.published and event.sessions.get().released


def test_publishing_e_mails_each_player_in_the_same_click(client: Client) -> None:
    event = make_event(tables=3)
    play_rounds(section_of(event), range(1, 4))
    session = event.sessions.get()
    pair = section_of(event).pairs.get(label="1NS")
    Player.objects.create(pair=pair, seat=1, name="Ada Ruiz", email="ada@example.org")
    user = User.objects.create_user("d", password="pw")
    join(user)
    client.force_login(user)
    url = reverse("tournaments:session_finish", args=[session.pk])
    page = client.post(url, {"email": "1"}, follow=True).content.decode()
    assert "Results published and released." in page
    assert "Personal results sent to 1 player." in page
    assert [m.to for m in mail.outbox] == [["ada@example.org"]]
    assert Event.objects.get(pk=event.pk).published


def test_publishing_says_why_no_letter_went(client: Client) -> None:
    session = make_event(tables=3).sessions.get()
    user = User.objects.create_user("d", password="pw")
    join(user)
    client.force_login(user)
    url = reverse("tournaments:session_finish", args=[session.pk])
    page = client.post(url, {"email": "1"}, follow=True).content.decode()
    assert "Results published and released." in page
    assert "No player of this session has an e-mail address" in page


def test_the_e_mail_sent_from_the_finish_page_comes_back_to_it(client: Client) -> None:
    event = make_event(tables=7)
    session = event.sessions.get()
    user = User.objects.create_user("d", password="pw")
    join(user)
    client.force_login(user)
    finish = reverse("tournaments:session_finish", args=[session.pk])
    client.post(finish)
    send = reverse("scoring:personal_send", args=[session.pk])
    answer = client.post(send, {"back": "finish"})
    assert answer["Location"] == finish
    page = client.get(finish).content.decode()
    assert "No player of this session has an e-mail address" in page


def test_sending_again_asks_first(client: Client) -> None:
    session = make_event(tables=7).sessions.get()
    user = User.objects.create_user("d", password="pw")
    join(user)
    client.force_login(user)
    finish = reverse("tournaments:session_finish", args=[session.pk])
    client.post(finish)
    page = client.get(finish).content.decode()
    assert 'data-confirm="E-mail each player their personal results now? A ' in page
