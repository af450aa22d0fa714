"""A director names a pair from the club's roster by search-as-you-type, on a
phone (390x844) and on a laptop: typing part of a name or a member number
offers the club's people (never another club's), the keyboard or a tap chooses
one, and the saved player links to that person with their member number.

Runs in the SQLite pass (see conftest.py); screenshots go to test-output/.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from pytest_django.live_server_helper import LiveServer

from tests.browser.conftest import screenshot_path
from tests.factories import CLUB, join, make_event, pair, section_of
from tournaments.models import Club, Person

if TYPE_CHECKING:  # at run time playwright may be missing: the module is skipped
    from playwright.sync_api import Browser, Page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PASSWORD = "a long director password"
SCREENS = {"phone": {"width": 390, "height": 844},
           "desktop": {"width": 1200, "height": 900}}  # fmt: skip


def signed_in(browser: Browser, url: str, screen: str) -> Page:
    user = User.objects.create_user("td", password=PASSWORD)
    join(user, CLUB)
    page = browser.new_context(viewport=SCREENS[screen]).new_page()  # type: ignore[arg-type]
    page.goto(url + reverse("login"))
    page.fill("#id_username", "td")
    page.fill("#id_password", PASSWORD)
    with page.expect_navigation():
        page.locator("form button[type=submit], form input[type=submit]").first.click()
    return page


@pytest.mark.parametrize("screen", ["phone", "desktop"])
def test_a_pair_is_named_from_the_roster_as_the_name_is_typed(
    live_server: LiveServer, browser: Browser, screen: str
) -> None:
    section = section_of(make_event())
    club = Club.objects.get(name=CLUB)
    ana = Person.objects.create(
        club=club, name="Ana Ruiz", national_id="E1001", home_club="Ocean BC"
    )
    Person.objects.create(club=club, name="Anabel Ortiz", national_id="E2002")
    theirs = Club.objects.create(name="Another club")
    Person.objects.create(club=theirs, name="Ana Outsider", national_id="X9")
    page = signed_in(browser, live_server.url, screen)
    page.goto(live_server.url + reverse("tournaments:section_pairs", args=[section.pk]))

    player = page.get_by_role("combobox", name="Player 1NS")
    player.press_sequentially("ana", delay=40)
    options = page.get_by_role("listbox", name="Player 1NS").get_by_role("option")
    options.first.wait_for()
    assert player.get_attribute("aria-expanded") == "true"
    texts = options.all_inner_texts()
    assert texts[:2] == ["Ana Ruiz · E1001 · Ocean BC", "Anabel Ortiz · E2002"]
    assert texts[2] == "New player: ana"
    assert not any("Outsider" in t for t in texts)  # another club's: never
    page.screenshot(path=screenshot_path(f"roster-search-{screen}.png"))

    player.press("ArrowDown")
    assert options.first.get_attribute("aria-selected") == "true"
    player.press("Enter")
    assert player.input_value() == "Ana Ruiz"
    assert player.get_attribute("aria-expanded") == "false"

    partner = page.get_by_role("combobox", name="Partner 1NS")
    partner.press_sequentially("E200", delay=40)
    offered = page.get_by_role("listbox", name="Partner 1NS")
    offered.get_by_role("option", name="Anabel Ortiz · E2002").click()
    assert partner.input_value() == "Anabel Ortiz"
    other = page.get_by_role("combobox", name="Player 2NS")
    other.press_sequentially("Zoe Newcomer", delay=20)
    offered = page.get_by_role("listbox", name="Player 2NS")
    offered.get_by_role("option", name="New player: Zoe Newcomer").click()

    with page.expect_navigation():
        page.get_by_role("button", name="Save").click()
    page.screenshot(path=screenshot_path(f"roster-saved-{screen}.png"))
    first, second = pair(section, "1NS").players.all()
    assert (first.person, first.national_id) == (ana, "E1001")
    assert (second.name, second.national_id) == ("Anabel Ortiz", "E2002")
    (zoe,) = pair(section, "2NS").players.all()
    assert zoe.person is not None and zoe.person.club == club  # joined the roster

    page.goto(live_server.url + reverse("tournaments:person_list", args=[club.pk]))
    names = page.locator("table.results tbody tr td:first-child").all_inner_texts()
    assert names == ["Ana Ruiz", "Anabel Ortiz", "Zoe Newcomer"]
    page.screenshot(path=screenshot_path(f"roster-list-{screen}.png"), full_page=True)
