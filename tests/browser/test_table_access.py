"""Every table-side page a player or the director opens, checked on a phone
(390×844) with axe-core (WCAG 2.2 AA: no serious or critical violation) and for
sideways scrolling: the code page, the seat choice, the boards, the entry, the
score before sending, the opponents' confirmation, the scorecard at the end of
the round, the large-type mode, and the director's control room.

Runs in the SQLite pass only (see conftest.py); each page's axe results are
printed at the end of the run.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from django.urls import reverse
from pytest_django.live_server_helper import LiveServer

from scoring.table.play.codes import codes_ensure
from tests.browser.checks import assert_accessible, assert_fits
from tests.browser.phones import director, enter, phone, sit
from tournaments.models import Session

if TYPE_CHECKING:  # at run time playwright may be missing: the module is skipped
    from playwright.sync_api import Browser, Page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def session(own_phones: Session) -> Session:
    return own_phones


def checked(page: Page, name: str) -> None:
    assert_fits(page)
    assert_accessible(page, name)


def test_the_code_page_and_the_seat_choice_are_accessible(
    live_server: LiveServer, browser: Browser, session: Session
) -> None:
    page = phone(browser).new_page()
    page.goto(live_server.url + reverse("table:signin"))
    checked(page, "table code")
    code = codes_ensure(session)[0].code
    page.goto(live_server.url + reverse("table:code", args=[code]))
    page.locator("button.seat-choice").first.wait_for()
    checked(page, "table seat choice")


def test_entering_and_confirming_a_result_is_accessible(
    live_server: LiveServer, browser: Browser, session: Session
) -> None:
    code = codes_ensure(session)[0].code
    ns = sit(browser, live_server.url, code, "NS", "en-GB")
    ew = sit(browser, live_server.url, code, "EW", "en-GB")
    checked(ns, "table boards")
    enter(ns, 1, (4, "S", "N"), lead=("H", "K"))
    ns.locator(".score-preview").wait_for()
    checked(ns, "table entry with its score")
    ns.get_by_role("button", name="Send to East-West").click()
    ew.get_by_role("button", name="Accept").wait_for()
    checked(ew, "table confirmation")
    ew.evaluate("document.documentElement.classList.add('large-type')")
    checked(ew, "table confirmation in large type")


def test_the_control_room_is_accessible(
    live_server: LiveServer, browser: Browser, session: Session
) -> None:
    page = director(browser, live_server.url, session)
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(live_server.url + reverse("table_room:room", args=[session.pk]))
    # The director's arrivals table scrolls inside its own box; the page does not.
    width = page.evaluate("document.documentElement.clientWidth")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert_accessible(page, "control room")
