"""A director on a phone (390x844) names an individual's players from the
club's roster, one name a player, then reads the movement: who sits North,
East, South and West at each table, who sits out and the validator's warnings,
with nothing wider than the screen.

Runs in the SQLite pass (see conftest.py); screenshots go to test-output/.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from pytest_django.live_server_helper import LiveServer

from movements.selectors import playing_seatings
from tests.browser.checks import PHONE, assert_accessible, assert_fits
from tests.browser.conftest import screenshot_path
from tests.factories import CLUB, join, section_of
from tournaments.models import Club, Person
from tournaments.setup.individuals import individual_event_create

if TYPE_CHECKING:  # at run time playwright may be missing: the module is skipped
    from playwright.sync_api import Browser, Page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PASSWORD = "a long director password"


def signed_in(browser: Browser, url: str) -> Page:
    user = User.objects.create_user("td", password=PASSWORD)
    join(user, CLUB)
    page = browser.new_context(viewport=PHONE).new_page()  # type: ignore[arg-type]
    page.goto(url + reverse("login"))
    page.fill("#id_username", "td")
    page.fill("#id_password", PASSWORD)
    with page.expect_navigation():
        page.locator("form button[type=submit], form input[type=submit]").first.click()
    return page


def test_the_players_are_named_and_the_schedule_read_on_a_phone(
    live_server: LiveServer, browser: Browser
) -> None:
    section = section_of(individual_event_create(name="Xmas", players=10, club=CLUB))
    club = Club.objects.get(name=CLUB)
    ana = Person.objects.create(club=club, name="Ana Ruiz", national_id="E1001")
    page = signed_in(browser, live_server.url)
    page.goto(live_server.url + reverse("tournaments:section_pairs", args=[section.pk]))
    names = page.locator("table.pair-names").get_by_role("combobox")
    assert names.count() == 10  # one name a player
    player = page.get_by_role("combobox", name="Player 8")
    player.press_sequentially("ana", delay=40)
    offered = page.get_by_role("listbox", name="Player 8")
    offered.get_by_role("option", name="Ana Ruiz · E1001").click()
    page.get_by_role("combobox", name="Player 3").fill("Bo Li")
    assert_fits(page)
    page.screenshot(path=screenshot_path("individual-players-phone.png"))
    with page.expect_navigation():
        page.get_by_role("button", name="Save").click()
    assert section.pairs.get(label="8").players.get().person == ana

    page.goto(live_server.url + reverse("movements:setup", args=[section.pk]))
    eight = section.pairs.get(label="8")
    seat = playing_seatings(section=section, ns_pair=eight).first()
    assert seat is not None and seat.ew_pair is not None
    north = page.locator("td[data-label=North]", has_text="8 Ana Ruiz").first
    assert north.is_visible()
    row = page.locator("table.results tbody tr").filter(has=north)
    cells = row.locator("td").all_inner_texts()
    assert cells[:2] == [str(seat.round), str(seat.table)]
    assert cells[4] == seat.ew_pair.label  # East
    assert page.get_by_text("Players 11, 12 are phantoms").is_visible()
    assert page.locator("li.warning").first.is_visible()
    assert page.get_by_role("heading", name="Sitting out").is_visible()
    assert_fits(page)
    page.screenshot(
        path=screenshot_path("individual-movement-phone.png"), full_page=True
    )
    assert_accessible(page, "individual movement")
