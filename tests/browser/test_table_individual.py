"""An individual's table on two phones (Debian's chromium through Playwright,
390×844): North and East sign in as their seats, each sees the table's four
players with their seats and his own marked; North enters board 1 and East
accepts it on his phone; the line holds the four players of the seating. Each
screen is checked with axe-core and for sideways scrolling.

Runs in the SQLite pass only (see conftest.py). Screenshots are saved as
test-output/individual-*.png.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from pytest_django.live_server_helper import LiveServer

from scoring.models import TravellerLine
from scoring.table.play.codes import codes_ensure
from tests.browser.checks import assert_accessible, assert_fits
from tests.browser.conftest import screenshot_path
from tests.browser.phones import enter, sit
from tests.individuals.factory import NAMES, individual_section, numbers, seating
from tournaments.models import Player, Section, Session

if TYPE_CHECKING:  # at run time playwright may be missing: the module is skipped
    from playwright.sync_api import Browser, Page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

HOSTILE = '<img src=x onerror="window.hacked=1">Nuria Ibáñez-Castellví'


@pytest.fixture
def section() -> Section:
    """12 players at 3 tables, each side confirming on its own phone; North of
    table 1 has a long name, and a hostile one."""
    section = individual_section()
    Session.objects.filter(pk=section.session_id).update(table_confirm="own")
    north = seating(section, 1, 1).ns_pair
    Player.objects.filter(pair=north).update(name=HOSTILE)
    return section


def shot(page: Page, name: str) -> None:
    page.screenshot(path=screenshot_path(f"individual-{name}.png"), full_page=True)


def seats_shown(page: Page) -> dict[str, str]:
    """Each seat box's text, by seat letter."""
    return {
        seat: page.locator(f".players .seat-{seat}").inner_text().replace("\n", " ")
        for seat in "NESW"
    }


def test_the_table_page_shows_the_four_seats_and_east_accepts(
    live_server: LiveServer, browser: Browser, section: Section
) -> None:
    code = codes_ensure(section.session)[0]
    assert code.table == 1
    north = sit(browser, live_server.url, code.code, "N", "en-GB")
    east = sit(browser, live_server.url, code.code, "E", "en-GB")
    s = seating(section, 1, 1)
    n, e, so, w = numbers(s)
    north.locator(".players").wait_for()
    shown = seats_shown(north)
    assert shown == {
        "N": f"North (you) {n} {HOSTILE}",
        "E": f"East {e} {NAMES[e - 1]}",
        "S": f"South {so} {NAMES[so - 1]}",
        "W": f"West {w} {NAMES[w - 1]}",
    }
    assert north.evaluate("window.hacked") is None
    assert north.locator(".players .mine").count() == 1
    assert east.locator(".players .seat-E.mine").count() == 1
    shot(north, "north-round")
    assert_fits(north)
    assert_accessible(north, "individual table, four seats")
    enter(north, 1, (4, "S", "N"), lead=("H", "K"))
    north.get_by_role("button", name="Send to East-West").click()
    north.get_by_text("Sent: East-West accept it on their phone.").wait_for()
    east.get_by_role("button", name="Accept").wait_for()
    shot(east, "east-confirms")
    assert_fits(east)
    assert_accessible(east, "individual table, East confirms")
    east.get_by_role("button", name="Accept").click()
    east.get_by_text("Board 1 accepted").wait_for()
    line = TravellerLine.objects.get()
    assert numbers(line) == (n, e, so, w)
    assert (line.score_ns, line.lead, line.round, line.table) == (420, "HK", 1, 1)
    # Board 2 ends the round: North's phone shows where he sits next.
    east.get_by_role("button", name="Continue").click()
    north.locator('.board-button.status-accepted[data-board="1"]').wait_for()
    enter(north, 2, (3, "NT", "S"))
    north.get_by_role("button", name="Send to East-West").click()
    east.get_by_text("North-South entered this result. Accept it?").wait_for()
    east.get_by_role("button", name="Accept").click()
    east.get_by_text("Board 2 accepted").wait_for()
    table, seat = next_seat(section, n)
    north.get_by_text(f"You go to table {table}, {seat}.").wait_for()
    shot(north, "north-moves")
    assert_fits(north)
    assert TravellerLine.objects.count() == 2


def next_seat(section: Section, number: int) -> tuple[int, str]:
    """Where player ``number`` sits in round 2: table and seat."""
    for s in section.seatings.filter(round=2):
        for word, player in zip(
            ("North", "East", "South", "West"), numbers(s), strict=True
        ):
            if player == number:
                return s.table, word
    raise AssertionError(f"player {number} sits out in round 2")
