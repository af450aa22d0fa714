"""The personal-results e-mail promises only what its PDF holds (no deals, no
double dummy, no par for an evening without them), and sending to nobody says
why instead of "sent to 0 players"."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.test import Client
from django.urls import reverse

from scoring.reports.mail import NothingToSend, personal_results_send
from tests.factories import join, make_small_evening, section_of
from tournaments.models import Board, Player, Session

pytestmark = pytest.mark.django_db

DEAL = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"


def _evening(*, email: str = "ada@example.org") -> Session:
    event = make_small_evening(published=True)
    session = event.sessions.get()
    Session.objects.filter(pk=session.pk).update(released=True)
    pair = section_of(event).pairs.get(label="2NS")
    Player.objects.create(pair=pair, seat=1, name="Ada", email=email)
    session.refresh_from_db()
    return session


def test_without_deals_the_letter_promises_only_the_scorecard() -> None:
    session = _evening()
    Board.objects.filter(session=session).update(deal="")
    personal_results_send(session=session, base_url="https://club.example")
    body = str(mail.outbox[0].body)
    assert "scorecard with each board's percentage is attached" in body
    assert "deals" not in body and "double dummy" not in body and "par" not in body


def test_deals_not_yet_solved_are_promised_without_double_dummy_or_par() -> None:
    session = _evening()
    Board.objects.filter(session=session, number=1).update(deal=DEAL)
    personal_results_send(session=session, base_url="https://club.example")
    body = str(mail.outbox[0].body)
    assert "and the deals are attached" in body and "double dummy" not in body


def test_nobody_with_an_address_is_said_with_its_remedy(client: Client) -> None:
    session = _evening(email="")
    with pytest.raises(NothingToSend, match="No player of this session has an e-mail"):
        personal_results_send(session=session, base_url="https://club.example")
    user = User.objects.create_user("director", password="pw")
    assert session.event.club is not None
    join(user, session.event.club.name)
    client.force_login(user)
    url = reverse("scoring:personal_send", args=[session.pk])
    page = client.post(url, follow=True).content.decode()
    assert "add them on the club&#x27;s roster" in page
    assert "sent to 0" not in page and mail.outbox == []
