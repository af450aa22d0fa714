"""The language selector itself, pressed on a phone (390×844): the table's
phone page and a public page change language, with no 403. The phone page's
Referrer-Policy is ``same-origin`` (templates/table/phone.html): a stricter
``no-referrer`` makes the browser send ``Origin: null`` with the form, which
Django's CSRF check rightly refuses.

Runs in the SQLite pass only (see conftest.py). Screenshots go to
test-output/language-*.png.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from django.urls import reverse
from pytest_django.live_server_helper import LiveServer

from scoring.table.play.codes import codes_ensure
from tests.browser.checks import phone
from tests.browser.conftest import screenshot_path
from tests.browser.phones import choose, sit
from tournaments.demo import build_demo
from tournaments.models import Session

if TYPE_CHECKING:  # at run time playwright may be missing: the module is skipped
    from playwright.sync_api import Browser, Page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
__all__ = ["phone"]  # the fixture, imported for these tests


@pytest.fixture
def session(own_phones: Session) -> Session:
    return own_phones


def test_the_phones_selector_changes_the_table_page_to_spanish(
    live_server: LiveServer, browser: Browser, session: Session
) -> None:
    code = codes_ensure(session)[0].code
    page = sit(browser, live_server.url, code, "EW", "en-GB")
    assert page.get_by_role("button", name="Call the director").is_visible()
    answer = choose(page, "es")
    assert answer.status == 302, answer.status  # not 403: CSRF verified
    seat = page.locator(".table-head .seat")
    seat.wait_for()
    assert page.locator("html").get_attribute("lang") == "es"
    assert page.get_by_role("button", name="Llamar al director").is_visible()
    assert seat.inner_text() == "Este teléfono: EO"  # East-West, in Spanish
    assert page.url.endswith(reverse("table:code", args=[code]))
    page.screenshot(path=screenshot_path("language-phone-es.png"))
    answer = choose(page, "it")
    assert answer.status == 302, answer.status
    assert page.locator("html").get_attribute("lang") == "it"


def test_the_selector_changes_a_public_page_on_a_phone(
    live_server: LiveServer, phone: Page
) -> None:
    session = build_demo().sessions.get()
    address = reverse("public:session", args=[session.pk])
    phone.goto(live_server.url + address)
    assert phone.locator("h1").inner_text().endswith("Ranking")
    answer = choose(phone, "it")
    assert answer.status == 302, answer.status
    assert phone.locator("html").get_attribute("lang") == "it"
    assert phone.locator("h1").inner_text().endswith("Classifica")
    assert phone.url.endswith(address)
    phone.screenshot(path=screenshot_path("language-public-it.png"))
