"""A new director's pages at a laptop's 1280 px and a tablet's 1024×768: from
the home page through setting up a 7-table Mitchell to its event page, table
cards, control room and the page that finishes the session, clicking only what
the pages show.
Each page is screenshot (/tmp/director-shots/) and checked by axe-core (no
serious or critical WCAG 2.2 AA violation); the pages and clicks it took are
printed.

Not yet the whole evening of issue 29 (names from the roster, play through the
table API, e-mail): its pages, so their look is proven as the walk grows.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from pytest_django.live_server_helper import LiveServer

from tests.browser.checks import assert_accessible
from tests.factories import CLUB, join

if TYPE_CHECKING:  # at run time playwright may be missing: the module is skipped
    from playwright.sync_api import Browser, Page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PASSWORD = "a long director password"
SHOTS = Path("/tmp/director-shots")
SCREENS = {"laptop": {"width": 1280, "height": 900},
           "tablet": {"width": 1024, "height": 768}}  # fmt: skip


class Walk:
    """The director's page: counts pages reached and clicks made."""

    def __init__(self, page: Page, screen: str) -> None:
        self.page, self.screen = page, screen
        self.pages, self.clicks = 0, 0

    def arrived(self, name: str) -> None:
        SHOTS.mkdir(exist_ok=True)
        shot = SHOTS / f"{self.screen}-{self.pages:02d}-{name}.png"
        self.page.screenshot(path=str(shot), full_page=True)
        assert_accessible(self.page, f"{name} ({self.screen})")

    def click(self, role: str, name: str) -> None:
        self.clicks, self.pages = self.clicks + 1, self.pages + 1
        with self.page.expect_navigation():
            self.page.get_by_role(role, name=name).first.click()  # type: ignore[arg-type]


@pytest.mark.parametrize("screen", ["laptop", "tablet"])
def test_a_new_director_sets_up_a_mitchell_on_styled_accessible_pages(
    live_server: LiveServer, browser: Browser, screen: str
) -> None:
    user = User.objects.create_user("td", password=PASSWORD)
    join(user, CLUB)
    page = browser.new_context(viewport=SCREENS[screen]).new_page()  # type: ignore[arg-type]
    walk = Walk(page, screen)
    page.goto(live_server.url + reverse("login"))
    walk.pages += 1
    walk.arrived("log-in")
    page.fill("#id_username", "td")
    page.fill("#id_password", PASSWORD)
    walk.click("button", "Log in")
    walk.arrived("home")
    walk.click("link", "Start tonight's session")
    walk.arrived("new-event")  # pairs and 7 tables are proposed already
    walk.click("button", "Next")
    walk.arrived("new-event-movement")
    page.get_by_label("Name").fill("Tuesday pairs")
    walk.clicks += 1  # the field typed in
    walk.click("button", "Create")
    walk.arrived("names")
    walk.click("button", "Save")
    walk.arrived("event")
    walk.click("link", "Table cards")
    walk.arrived("table-cards")
    page.go_back()
    walk.pages, walk.clicks = walk.pages + 1, walk.clicks + 1  # the Back button
    walk.click("link", "Control room")
    walk.arrived("control-room")
    assert page.get_by_label("Round to call").input_value() == "2"
    walk.click("link", "Back to the event")
    walk.click("link", "Finish the session")
    walk.arrived("finish")
    walk.click("button", "Publish and release the results")
    walk.arrived("published")
    page.goto(live_server.url + reverse("tournaments:event_list"))
    assert "published" in page.content()
    assert walk.pages <= 15 and walk.clicks <= 20
    print(f"director walk ({screen}): {walk.pages} pages, {walk.clicks} clicks")
