"""The table cards name the site's public address (SITE_URL) in their text and
QR codes, warn when that address is one no phone can open (a loopback), and
name the event and session they belong to; the director's account page shows
the address."""

from __future__ import annotations

from datetime import date
from io import BytesIO

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader
from pytest_django.fixtures import Settings

from scoring.table.room.cards import qr_image
from tests.factories import CLUB, join, make_event
from tournaments.address import is_loopback
from tournaments.models import Session

from .helpers import codes

pytestmark = pytest.mark.django_db


@pytest.fixture
def session() -> Session:
    event = make_event(tables=2, boards_per_round=2)
    session = event.sessions.get()
    Session.objects.filter(pk=session.pk).update(date=date(2026, 11, 27))
    return Session.objects.get(pk=session.pk)


@pytest.fixture
def director(client: Client) -> Client:
    user = User.objects.create_user("td", password="pw")
    join(user, CLUB)
    client.force_login(user)
    return client


def _cards_page(director: Client, session: Session, host: str) -> str:
    page = director.get(reverse("table_room:cards", args=[session.pk]), HTTP_HOST=host)
    assert page.status_code == 200
    return page.content.decode()


def test_the_cards_and_their_qr_codes_name_site_url(
    session: Session, director: Client, settings: Settings
) -> None:
    settings.SITE_URL = "http://192.168.1.23:8000"
    settings.ALLOWED_HOSTS = ["*"]
    page = _cards_page(director, session, "127.0.0.1:8000")
    code = codes(session)["A", 1].code
    address = f"http://192.168.1.23:8000/t/{code}/"
    assert f'<p class="url">{address}</p>' in page
    assert f'src="{qr_image(address)}"' in page  # the QR code encodes it
    assert "127.0.0.1" not in page
    assert 'id="loopback-warning"' not in page
    assert "(the site's address, SITE_URL)" in page


def test_the_cards_warn_when_phones_cannot_open_their_address(
    session: Session, director: Client, settings: Settings
) -> None:
    settings.SITE_URL = ""
    page = _cards_page(director, session, "127.0.0.1:8000")
    code = codes(session)["A", 2].code
    assert f"http://127.0.0.1:8000/t/{code}/" in page
    assert 'id="loopback-warning"' in page
    assert "no phone can open it" in page
    assert "set SITE_URL to the address phones reach" in page


def test_a_loopback_site_url_warns_too(
    session: Session, director: Client, settings: Settings
) -> None:
    settings.SITE_URL = "http://localhost:8123"
    assert 'id="loopback-warning"' in _cards_page(director, session, "localhost")


@pytest.mark.parametrize(
    ("url", "loopback"),
    [
        ("http://127.0.0.1:8000", True),
        ("http://127.8.9.1", True),
        ("http://localhost:8000", True),
        ("http://[::1]:8000", True),
        ("http://192.168.1.23:8000", False),
        ("https://scores.club.org", False),
        ("http://[fe80::1]", False),
    ],
)
def test_loopback_addresses(url: str, loopback: bool) -> None:
    assert is_loopback(url) is loopback


def test_the_cards_name_the_event_and_session(
    session: Session, director: Client, settings: Settings
) -> None:
    settings.SITE_URL = "http://192.168.1.23:8000"
    page = _cards_page(director, session, "localhost")
    assert page.count("Tuesday pairs · Session 1 · Nov. 27, 2026") == 2
    pdf = director.get(reverse("table_room:cards_pdf", args=[session.pk]))
    text = PdfReader(BytesIO(pdf.content)).pages[0].extract_text()
    assert "Tuesday pairs · Session 1" in text
    assert f"http://192.168.1.23:8000/t/{codes(session)['A', 1].code}/" in text


def test_the_account_page_shows_the_sites_address(
    director: Client, settings: Settings
) -> None:
    settings.SITE_URL = "http://192.168.1.23:8000"
    page = director.get(reverse("accounts:account")).content.decode()
    assert '<strong class="site-url">http://192.168.1.23:8000</strong>' in page
    settings.SITE_URL = ""
    page = director.get(reverse("accounts:account")).content.decode()
    assert '<strong class="site-url">http://testserver</strong>' in page
    assert "set SITE_URL" in page and 'id="loopback-warning"' not in page
