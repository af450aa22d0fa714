"""A player's personal page after the session (by the signed link of the table
card or by member number) and the same page e-mailed as a PDF."""

from __future__ import annotations

import io
import re
from typing import TYPE_CHECKING

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.core.management import CommandError, call_command
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader
from pytest_django.fixtures import Settings

from scoring.interchange.analysis import analyse_session
from scoring.reports.mail import NothingToSend, personal_results_send
from scoring.reports.personal import pair_of_key, personal_link
from tests.factories import join, make_small_evening, section_of
from tests.scoring.test_teams import four_teams
from tournaments.models import Board, Event, Pair, Player, Session
from tournaments.setup.teams import round_robin_schedule

if TYPE_CHECKING:  # the test client's response type exists only in django-stubs
    from django.test.client import _MonkeyPatchedWSGIResponse as TestResponse

pytestmark = pytest.mark.django_db

DEAL = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"


def text(response: TestResponse) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode()))


def _evening(*, published: bool = True, released: bool = True) -> Session:
    event = make_small_evening(published=published)
    session = event.sessions.get()
    Session.objects.filter(pk=session.pk).update(released=released)
    Board.objects.filter(session=session, number=1).update(deal=DEAL)
    analyse_session(session)  # board 1's deal: its double dummy and par
    pair = section_of(event).pairs.get(label="2NS")
    Player.objects.create(
        pair=pair, seat=1, name="Ada <b>Lovelace</b>", national_id="IT-123",
        email="ada@example.org",
    )  # fmt: skip
    Player.objects.create(pair=pair, seat=2, name="Bob Byron", email="bob@example.org")
    session.refresh_from_db()
    return session


def _pair(session: Session, label: str = "2NS") -> Pair:
    return Pair.objects.get(section__session=session, label=label)


def test_the_signed_link_shows_the_scorecard_the_deal_and_its_par(
    client: Client,
) -> None:
    session = _evening()
    page = client.get(personal_link(_pair(session)))
    assert page.status_code == 200
    words = text(page)
    # 2NS: board 1 (4S N +1, 450) top of 4 → 100 %, board 2 (4H S -1) 50 %.
    assert re.search(r"1 1 NS 2EW 4♠ N — \+1 450 — 4\.00 4\.00 100\.00%", words)
    assert re.search(r"2 2 NS 3EW 4 ♥ S — -1 -100 — 2\.00 4\.00 50\.00%", words)
    assert "Double-dummy tricks" in words and "Par " in words
    assert "Ada &lt;b&gt;Lovelace&lt;/b&gt;" in page.content.decode()  # inert


def test_a_member_number_leads_to_the_players_page(client: Client) -> None:
    session = _evening()
    url = reverse("public:personal_member", args=[session.pk, "it-123"])
    words = text(client.get(url))
    assert words.count("Lovelace") >= 1 and "Pair 2NS" in words
    unknown = reverse("public:personal_member", args=[session.pk, "NOPE"])
    assert client.get(unknown).status_code == 404


def test_nothing_is_shown_before_the_results_are_released(client: Client) -> None:
    session = _evening(released=False)
    words = text(client.get(personal_link(_pair(session))))
    # the event is published: the page says what it waits for, the release
    waiting = (
        "The event is published; your personal results appear here once the "
        "director releases every result of this session."
    )
    assert waiting in words
    assert "has published" not in words
    assert "450" not in words and "Double-dummy" not in words


def test_an_unpublished_event_says_it_waits_for_its_publication(
    client: Client,
) -> None:
    session = _evening(published=False, released=False)
    words = text(client.get(personal_link(_pair(session))))
    assert "once the director has published the event's results" in words
    assert "The event is published" not in words and "450" not in words


def test_an_unpublished_event_has_no_member_page_and_a_bad_key_none(
    client: Client,
) -> None:
    session = _evening(published=False)
    url = reverse("public:personal_member", args=[session.pk, "IT-123"])
    assert client.get(url).status_code == 404
    assert "450" not in text(client.get(personal_link(_pair(session))))
    forged = personal_link(_pair(session))[:-3] + "xyz/"
    assert client.get(forged).status_code == 404
    assert pair_of_key("nonsense") is None


def _pdf_text(content: bytes) -> str:
    reader = PdfReader(io.BytesIO(content))
    return " ".join(page.extract_text() for page in reader.pages)


def test_each_player_with_an_address_receives_the_pdf() -> None:
    session = _evening()
    sent = personal_results_send(session=session, base_url="https://club.example/")
    assert sorted(sent) == ["ada@example.org", "bob@example.org"]
    assert len(mail.outbox) == 2
    message = mail.outbox[0]
    assert message.to == ["ada@example.org"]
    link = "https://club.example" + personal_link(_pair(session))
    assert link in str(message.body)
    name, content, kind = message.attachments[0]
    assert kind == "application/pdf" and str(name).endswith("2ns.pdf")
    assert isinstance(content, bytes)
    pdf = _pdf_text(content)
    assert "Pair 2NS" in pdf and "100.00%" in pdf and "50.00%" in pdf
    assert "Board 1" in pdf and "Par" in pdf


def test_nothing_is_sent_before_the_results_are_released(settings: Settings) -> None:
    settings.SITE_URL = "http://scores.club.org"
    session = _evening(released=False)
    with pytest.raises(NothingToSend):
        personal_results_send(session=session, base_url="http://x")
    with pytest.raises(CommandError, match="not published"):
        call_command("send_personal_results", str(session.pk))
    assert mail.outbox == []


def test_the_command_names_each_address(settings: Settings) -> None:
    settings.SITE_URL = "http://scores.club.org"
    session = _evening()
    out = io.StringIO()
    call_command("send_personal_results", str(session.pk), stdout=out)
    assert "ada@example.org" in out.getvalue() and "2 e-mails sent" in out.getvalue()
    assert "http://scores.club.org/" in mail.outbox[0].body


def test_the_command_needs_the_sites_address(settings: Settings) -> None:
    settings.SITE_URL = ""
    session = _evening()
    with pytest.raises(CommandError, match="SITE_URL"):
        call_command("send_personal_results", str(session.pk))
    assert mail.outbox == []


def test_the_director_sends_them_from_the_ranking_page(client: Client) -> None:
    session = _evening()
    user = User.objects.create_user("director", password="pw")
    event = Event.objects.get(pk=session.event_id)
    assert event.club is not None
    join(user, event.club.name)
    client.force_login(user)
    ranking = client.get(reverse("scoring:ranking", args=[session.pk]))
    url = reverse("scoring:personal_send", args=[session.pk])
    assert url in ranking.content.decode()
    response = client.post(url, follow=True)
    assert "Personal results sent to 2 players." in text(response)
    assert len(mail.outbox) == 2


def test_a_team_event_has_no_personal_pages(client: Client) -> None:
    event = four_teams()
    round_robin_schedule(event=event)
    Event.objects.filter(pk=event.pk).update(published=True)
    event.sessions.update(released=True)
    pair = Pair.objects.filter(section__session__event=event).first()
    assert pair is not None
    assert client.get(personal_link(pair)).status_code == 404
    with pytest.raises(NothingToSend, match="pairs events"):
        personal_results_send(session=pair.section.session, base_url="http://x")
