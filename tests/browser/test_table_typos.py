"""Disagreements at a table with each pair on its own phone (Debian's chromium
through Playwright, 390×844): North-South withdraw a result still waiting;
East-West reject with their version, which goes back to North-South, who keep
theirs; a second rejection is a dispute the director settles in the control
room, and both phones say "Settled by the director"; then a typo is fixed at
the table without the director. A call reaches the control room through the
change feed, without its page's reload. axe-core and the 390-px check on each
new screen.

Runs in the SQLite pass only (see conftest.py). Screenshots are saved as
test-output/typos-*.png.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

import pytest
from django.urls import reverse
from pytest_django.live_server_helper import LiveServer

from scoring.models import ChangeLog, TableEntry, TravellerLine
from scoring.table.play.codes import codes_ensure
from tests.browser.checks import assert_accessible, assert_fits
from tests.browser.conftest import screenshot_path
from tests.browser.phones import director, pick, sit
from tournaments.models import Session

if TYPE_CHECKING:  # at run time playwright may be missing: the module is skipped
    from playwright.sync_api import Browser, Page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SEND_TO_EW = "Send to East-West"
ACCEPT_IT = "North-South entered this result. Accept it?"


def checked(page: Page, name: str) -> None:
    """The screen fits 390 px, passes axe-core, and is kept as a screenshot."""
    assert_fits(page)
    assert_accessible(page, f"typos {name}")
    page.screenshot(path=screenshot_path(f"typos-{name}.png"), full_page=True)


def typed(page: Page, board: int, text: str) -> None:
    page.locator(f'button.board-button[data-board="{board}"]').click()
    page.fill("#table-typed", text)


def withdrawn_and_typed_again(ns: Page) -> None:
    typed(ns, 1, "3nt s +1 sq")
    ns.get_by_role("button", name=SEND_TO_EW).click()
    ns.get_by_text("Sent: East-West accept it on their phone.").wait_for()
    # Back on the boards at the next poll; the pending board opens again.
    ns.locator('.board-button.status-pending[data-board="1"]').click()
    ns.get_by_text("Sent: East-West accept it on their phone.").wait_for()
    checked(ns, "ns-waiting-withdraw")
    ns.get_by_role("button", name="Withdraw it and type it again").click()
    ns.get_by_text("Withdrawn: correct it and send it again.").wait_for()
    assert TableEntry.objects.get().status == "replaced"
    pick(ns, "result", 0)
    ns.get_by_role("button", name=SEND_TO_EW).click()
    ns.get_by_text("Sent: East-West accept it on their phone.").wait_for()


def ew_reject(ew: Page, result: int, send: str) -> None:
    ew.get_by_text(ACCEPT_IT).wait_for()
    ew.get_by_role("button", name="Reject").click()
    pick(ew, "result", result)
    ew.get_by_role("button", name=send).click()


def a_second_rejection_is_a_dispute(ns: Page, ew: Page) -> None:
    # East-West's phone has followed the withdrawal: it shows the result typed
    # again (3NT made, not +1).
    ew.locator(".facts-list").get_by_text("9 tricks").wait_for()
    ew_reject(ew, -1, "Send our version to North-South")
    # North-South's phone opens East-West's version by itself.
    ns.locator(".they-say").get_by_text("EW say: 3NT S −1 −50").wait_for()
    checked(ns, "ns-they-say")
    ew.get_by_text("Rejected: waiting for North-South").wait_for()
    ew.locator('button.board-button[data-board="1"]').click()
    ew.get_by_text("North-South are checking your version.").wait_for()
    checked(ew, "ew-answer-waiting")
    ns.get_by_role("button", name="Keep ours: send it again").click()
    ew.get_by_text("You said: 3NT S −1 −50").wait_for()
    checked(ew, "ew-you-said")
    ew.get_by_role("button", name="Reject").click()
    ew.get_by_text("What happened? Your version goes to the director.").wait_for()
    pick(ew, "result", -1)
    ew.get_by_role("button", name="Send our version to the director").click()
    ns.locator('.board-button.status-disputed[data-board="1"]').wait_for()
    assert not TravellerLine.objects.exists()


def the_director_settles(ns: Page, ew: Page, room: Page) -> None:
    dispute = room.locator(".room-dispute")
    dispute.wait_for()  # came through the change feed
    text = dispute.inner_text()
    assert "NS entered: 3NT S = +400" in text and "EW say: 3NT S -1 -50" in text
    dispute.get_by_label("EW say:").check()
    dispute.get_by_role("button", name="Settle").click()
    room.get_by_text("Board 1 settled.").wait_for()
    line = TravellerLine.objects.get(board__number=1)
    assert (line.score_ns, line.lead) == (-50, "SQ")  # East-West's, with the lead
    chosen = room.locator(".results .settled")
    assert chosen.inner_text() == "→ settled by the director: 3NT S -1 -50"
    for page in (ns, ew):
        settled = page.locator('.board-button.status-settled[data-board="1"]')
        settled.get_by_text("Settled by the director").wait_for()
    checked(ew, "ew-settled")


def a_typo_is_fixed_at_the_table(ns: Page, ew: Page) -> None:
    typed(ns, 2, "4s n = ha")
    ns.get_by_role("button", name=SEND_TO_EW).click()
    ew_reject(ew, -2, "Send our version to North-South")
    ns.locator(".they-say").get_by_text("EW say: 4S N −2 −200").wait_for()
    ns.get_by_role("button", name="Correct our result").click()
    ns.get_by_text("The opponents' version is filled in").wait_for()
    checked(ns, "ns-correct")
    ns.get_by_role("button", name=SEND_TO_EW).click()
    ew.get_by_text("You said:").wait_for()
    ew.get_by_role("button", name="Accept").click()
    ew.locator(".shown .scores").wait_for()
    line = TravellerLine.objects.get(board__number=2)
    assert (line.tricks, line.score_ns, line.lead) == (8, -200, "HA")


def a_call_reaches_the_room_at_once(ew: Page, room: Page) -> None:
    ew.get_by_role("button", name="Call the director", exact=True).click()
    called = time.monotonic()
    room.locator(".room-calls").get_by_text("Table A1, round 1").wait_for(timeout=2000)
    assert time.monotonic() - called < 2.0
    assert ChangeLog.objects.filter(action="called", device="table A1 EW").exists()


def test_a_typo_is_fixed_at_the_table_and_a_dispute_settled(
    live_server: LiveServer, browser: Browser, own_phones: Session
) -> None:
    url = live_server.url
    code = {c.table: c.code for c in codes_ensure(own_phones)}[1]
    room = director(browser, url, own_phones)
    room.goto(url + reverse("table_room:room", args=[own_phones.pk]))
    ns = sit(browser, url, code, "NS", "en-GB")
    ew = sit(browser, url, code, "EW", "en-GB")

    withdrawn_and_typed_again(ns)
    a_second_rejection_is_a_dispute(ns, ew)
    the_director_settles(ns, ew, room)
    a_call_reaches_the_room_at_once(ew, room)
    a_typo_is_fixed_at_the_table(ns, ew)
    assert TravellerLine.objects.count() == 2
