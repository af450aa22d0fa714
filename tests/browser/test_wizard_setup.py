"""The new-event wizard in a browser at a laptop's 1280 px and a tablet's
1024×768 (issue 29): from the home page, page 1 (the kind of evening and its
tables, prefilled), page 2 (the movement proposed with its reason; other
tables proposed again), *Create* to the names page. Each page is checked by
axe-core (no serious or critical violation) and must not scroll sideways;
screenshots in /tmp/director-shots/, the pages and clicks printed."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from pytest_django.live_server_helper import LiveServer

from tests.browser.checks import assert_accessible, overflowing
from tests.factories import CLUB, join
from tournaments.models import Event
from tournaments.setup.wizard import KINDS

if TYPE_CHECKING:  # at run time playwright may be missing: the module is skipped
    from playwright.sync_api import Browser, Page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PASSWORD = "a long director password"
SHOTS = Path("/tmp/director-shots")
SCREENS = {"laptop": {"width": 1280, "height": 900},
           "tablet": {"width": 1024, "height": 768}}  # fmt: skip


def _checked(page: Page, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"wizard-{name}.png"), full_page=True)
    assert_accessible(page, name)
    assert overflowing(page) == [], name


def _click(page: Page, role: str, name: str) -> None:
    with page.expect_navigation():
        page.get_by_role(role, name=name).first.click()  # type: ignore[arg-type]


@pytest.mark.parametrize("screen", ["laptop", "tablet"])
def test_the_wizard_proposes_a_movement_and_creates_the_evening(
    live_server: LiveServer, browser: Browser, screen: str
) -> None:
    user = User.objects.create_user("td", password=PASSWORD)
    join(user, CLUB)
    page = browser.new_context(viewport=SCREENS[screen]).new_page()  # type: ignore[arg-type]
    page.goto(live_server.url + reverse("login"))
    page.fill("#id_username", "td")
    page.fill("#id_password", PASSWORD)
    _click(page, "button", "Log in")
    clicks = 1
    _click(page, "link", "Start tonight's session")
    _checked(page, f"{screen}-1-kind")
    assert page.get_by_label("Pairs", exact=True).is_checked()
    assert page.get_by_label("How many tables").input_value() == "7"
    _click(page, "button", "Next")
    _checked(page, f"{screen}-2-proposal")
    proposal = page.locator("#proposal").inner_text()
    assert "7 tables: Mitchell, 3 boards a round, 21 boards" in proposal
    assert page.get_by_label("Datum").count() == 0
    page.get_by_label("Tables:", exact=True).fill("8")
    _click(page, "button", "Propose again")
    assert "8 tables: Skip Mitchell" in page.locator("#proposal").inner_text()
    page.get_by_label("Name").fill("Tuesday pairs")
    _click(page, "button", "Create")
    _checked(page, f"{screen}-3-names")
    clicks += 5  # Next, tables typed, propose again, name typed, Create
    assert "pair names" in page.locator("h1").inner_text()
    event = Event.objects.get(name="Tuesday pairs")
    assert event.sessions.get().sections.get().tables == 8
    print(f"wizard ({screen}): 4 pages after the home page, {clicks} clicks")


@pytest.mark.parametrize("kind", ["individual", "teams", "swiss", "championship"])
def test_every_kinds_page_passes_axe_and_fits_a_tablet(
    live_server: LiveServer, browser: Browser, kind: str
) -> None:
    user = User.objects.create_user("td", password=PASSWORD)
    join(user, CLUB)
    page = browser.new_context(viewport=SCREENS["tablet"]).new_page()  # type: ignore[arg-type]
    page.goto(live_server.url + reverse("login"))
    page.fill("#id_username", "td")
    page.fill("#id_password", PASSWORD)
    _click(page, "button", "Log in")
    page.goto(live_server.url + reverse("tournaments:event_start"))
    page.get_by_label(str(KINDS[kind].label), exact=True).check()
    page.get_by_label("How many tables").fill("12" if kind == "individual" else "8")
    _click(page, "button", "Next")
    _checked(page, f"tablet-2-{kind}")
    assert page.get_by_role("button", name="Create").is_visible()
