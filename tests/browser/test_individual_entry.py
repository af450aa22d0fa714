"""The director's keyboard traveller of an individual (Debian's chromium through
Playwright): the page lists each table's four players; the "enter" link of a
table fills North, East, South and West, the round and the table; the director
types the result, sees its score, presses Enter, and the line holds the four
players of that seating.

Runs in the SQLite pass only (see conftest.py). The screenshot is saved as
test-output/individual-entry.png.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from django.urls import reverse
from pytest_django.live_server_helper import LiveServer

from scoring.models import TravellerLine
from tests.browser.checks import assert_accessible, assert_fits
from tests.browser.conftest import screenshot_path
from tests.browser.phones import director
from tests.individuals.factory import individual_section, numbers, seating

if TYPE_CHECKING:  # at run time playwright may be missing: the module is skipped
    from playwright.sync_api import Browser

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_enter_link_fills_the_four_players(
    live_server: LiveServer, browser: Browser
) -> None:
    section = individual_section()
    page = director(browser, live_server.url, section.session)
    page.goto(live_server.url + reverse("scoring:board_entry", args=[section.pk, 1]))
    first = seating(section, 1, 1)
    # The first missing seating fills the form when the page opens.
    assert page.input_value("input[name=north]") == str(numbers(first)[0])
    assert page.evaluate("document.activeElement.name") == "entry"
    third = seating(section, 1, 3)
    page.locator('a.prefill[data-table="3"]').click()
    filled = [
        page.input_value(f"input[name={name}]")
        for name in ("north", "east", "south", "west", "round_no", "table")
    ]
    assert filled == [*map(str, numbers(third)), "1", "3"]
    page.fill("input[name=entry]", "4S N =")
    page.locator("#preview.ok").wait_for()
    assert page.inner_text("#preview") == "+420"
    page.screenshot(path=screenshot_path("individual-entry.png"), full_page=True)
    assert_fits(page)
    assert_accessible(page, "individual keyboard traveller")
    with page.expect_navigation():
        page.press("input[name=entry]", "Enter")
    line = TravellerLine.objects.get()
    assert numbers(line) == numbers(third)
    assert (line.round, line.table, line.score_ns) == (1, 3, 420)
    # The next missing seating, table 1, fills the form again.
    assert page.input_value("input[name=table]") == "1"
