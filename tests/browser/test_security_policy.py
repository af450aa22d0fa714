"""Under the pages' Content-Security-Policy (config/headers.py) nothing a page
needs is refused: the phone's table page, the director's pages and the admin
load with no violation in the console, and the language and notation menus
still send their forms when changed (static/js/page.js).

Runs in the SQLite pass only (see conftest.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from pytest_django.live_server_helper import LiveServer

from scoring.table.play.codes import codes_ensure
from tests.browser.phones import director, sit
from tournaments.models import Session

if TYPE_CHECKING:  # at run time playwright may be missing: the module is skipped
    from playwright.sync_api import Browser, ConsoleMessage, Page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def session(own_phones: Session) -> Session:
    return own_phones


def violations(page: Page) -> list[str]:
    """The console's Content-Security-Policy messages of ``page``, as they come."""
    found: list[str] = []

    def heard(message: ConsoleMessage) -> None:
        if "Content Security Policy" in message.text:
            found.append(f"{page.url}: {message.text}")

    page.on("console", heard)
    return found


def test_the_phones_table_page_runs_under_the_policy(
    live_server: LiveServer, browser: Browser, session: Session
) -> None:
    code = codes_ensure(session)[0].code
    page = sit(browser, live_server.url, code, "NS", "en-GB")
    refused = violations(page)
    page.reload()
    page.locator(".table-head .seat").wait_for()
    page.wait_for_load_state("load")
    assert refused == []


def test_the_directors_pages_run_under_the_policy(
    live_server: LiveServer, browser: Browser, session: Session
) -> None:
    page = director(browser, live_server.url, session)
    User.objects.filter(username="td").update(is_staff=True, is_superuser=True)
    refused = violations(page)
    section = session.sections.get()
    for url in (
        reverse("tournaments:event_detail", args=[session.event_id]),
        reverse("table_room:room", args=[session.pk]),
        reverse("table_room:cards", args=[session.pk]),
        reverse("movements:guide_cards", args=[section.pk]),
        reverse("admin:index"),
        reverse("admin:tournaments_event_changelist"),
        reverse("admin:tournaments_event_change", args=[session.event_id]),
    ):
        page.goto(live_server.url + url)
        page.wait_for_load_state("load")
        assert "/login/" not in page.url, url
    assert refused == []


def test_the_language_and_notation_menus_still_send_their_forms(
    live_server: LiveServer, browser: Browser, session: Session
) -> None:
    page = director(browser, live_server.url, session)
    refused = violations(page)
    event_page = reverse("tournaments:event_detail", args=[session.event_id])
    page.goto(live_server.url + event_page)
    with page.expect_navigation():
        page.select_option("#language", "es")
    assert page.locator("html").get_attribute("lang") == "es"
    assert page.url.endswith(event_page)
    with page.expect_navigation():
        page.select_option("#notation-form select", "it")
    selected = page.locator("#notation-form select").input_value()
    assert selected == "it"
    assert refused == []
