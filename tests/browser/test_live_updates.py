"""A director's correction reaches the pages that show it, without a reload:
the room display on the projector, the live standings on a player's phone
(390×844) and the director's own control room, each waiting on the change feed.

Runs in the SQLite pass only (see conftest.py): the feed polls the change log
there. Screenshots are saved as test-output/live-*.png.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest
from django.urls import reverse
from pytest_django.live_server_helper import LiveServer

from scoring.live import feed
from scoring.live.displays import display_key
from scoring.models import TravellerLine
from scoring.table.play.codes import codes_ensure
from tests.browser.conftest import screenshot_path
from tests.browser.phones import director
from tests.table.helpers import Phone
from tournaments.models import Event, Session
from tournaments.setup.events import event_create

if TYPE_CHECKING:  # at run time playwright may be missing: the module is skipped
    from playwright.sync_api import Browser, Page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def short_waits(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The feed waits a second at most, and the test ends after the last wait,
    so no request of the live server outlives the test's database."""
    monkeypatch.setattr(feed, "WAIT_SECONDS", 1.0)
    yield
    time.sleep(1.5)


@pytest.fixture
def session() -> Session:
    """Two rounds of a 3-table Mitchell played at the tables (each board twice),
    results published."""
    event = event_create(name="Friday pairs", tables=3, boards_per_round=2)
    Event.objects.filter(pk=event.pk).update(published=True)
    session = event.sessions.get()
    phones = [Phone(code) for code in codes_ensure(session)]
    for _round in (1, 2):
        for table, phone in enumerate(phones):
            for board in phone.round()["boards"]:
                played = phone.play(board["number"], "4S", tricks=9 + table)
                assert played.status_code == 200, played.content
    return session


def opened(browser: Browser, url: str, *, phone: bool = False) -> Page:
    if phone:
        context = browser.new_context(
            viewport={"width": 390, "height": 844}, is_mobile=True
        )
    else:
        context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.goto(url)
    page.evaluate("window.notReloaded = true")
    return page


def correct(page: Page, url: str, line: TravellerLine, entry: str) -> None:
    """The director types the line again on its correction page."""
    page.goto(url + reverse("scoring:line_edit", args=[line.pk]))
    page.fill("input[name=entry]", entry)
    with page.expect_navigation():
        page.locator("form button[type=submit]").first.click()


def shows_the_new_state(page: Page, url: str, name: str) -> str:
    """The page's live part, once read again by itself, is what a fresh load
    shows; the page was not reloaded and the changed rows are lit."""
    part = page.locator("[data-live-feed]")
    part.wait_for()
    page.wait_for_function(
        "() => document.querySelector('[data-live-feed]').dataset.read !== undefined",
        timeout=10_000,
    )
    assert page.evaluate("window.notReloaded") is True
    assert page.locator(".live-changed").count() >= 1
    page.screenshot(path=screenshot_path(f"live-{name}.png"), full_page=True)
    fresh = page.context.new_page()
    fresh.goto(url)
    assert part.inner_text() == fresh.locator("[data-live-feed]").inner_text()
    fresh.close()
    return part.inner_text()


def test_a_correction_reaches_the_room_display_standings_and_control_room(
    live_server: LiveServer, browser: Browser, session: Session
) -> None:
    url = live_server.url
    display_url = url + reverse("public:room", args=[display_key(session)])
    standings_url = url + reverse("public:live", args=[session.pk])
    td = director(browser, url, session)
    room_url = url + reverse("table_room:room", args=[session.pk])
    room = td.context.new_page()
    room.goto(room_url)
    room.evaluate("window.notReloaded = true")
    display = opened(browser, display_url)
    standings = opened(browser, standings_url, phone=True)
    before = display.locator("[data-live-feed]").inner_text()

    line = TravellerLine.objects.get(board__number=1, round=1, section__session=session)
    correct(td, url, line, "4S N +2")
    line.refresh_from_db()
    assert line.tricks == 12

    after = shows_the_new_state(display, display_url, "room-display")
    assert after != before
    shows_the_new_state(standings, standings_url, "standings-phone")
    room_part = shows_the_new_state(room, room_url, "control-room")
    assert "corrected: 4S N +2 +480" in room_part
    for page in (display, standings, room, td):
        page.context.close()
