"""The director's table cards page in a browser: opened by the server's own
loopback address it warns that no phone can open the cards' address; with
SITE_URL set the cards and their QR codes name it, with the event and session.

Runs in the SQLite pass only (see conftest.py). Screenshots go to
test-output/cards-*.png.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from django.urls import reverse
from pytest_django.fixtures import Settings
from pytest_django.live_server_helper import LiveServer

from scoring.table.play.codes import codes_ensure
from tests.browser.conftest import screenshot_path
from tests.browser.phones import director
from tournaments.models import Session

if TYPE_CHECKING:  # at run time playwright may be missing: the module is skipped
    from playwright.sync_api import Browser

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_cards_page_warns_of_a_loopback_address_and_names_site_url(
    live_server: LiveServer,
    browser: Browser,
    own_phones: Session,
    settings: Settings,
) -> None:
    settings.SITE_URL = ""
    page = director(browser, live_server.url, own_phones)
    cards = live_server.url + reverse("table_room:cards", args=[own_phones.pk])
    page.goto(cards)
    warning = page.locator("#loopback-warning")
    assert warning.is_visible() and "no phone can open it" in warning.inner_text()
    page.screenshot(path=screenshot_path("cards-loopback.png"), full_page=True)

    settings.SITE_URL = "http://192.168.1.23:8000"
    page.goto(cards)
    assert page.locator("#loopback-warning").count() == 0
    code = codes_ensure(own_phones)[0].code
    first = page.locator(".table-card").first
    address = f"http://192.168.1.23:8000/t/{code}/"
    assert first.locator(".url").inner_text() == address
    assert first.locator("img.qr").get_attribute("alt") == address
    assert first.locator(".evening").inner_text() == "Friday pairs · Session 1"
    page.screenshot(path=screenshot_path("cards-site-url.png"), full_page=True)
