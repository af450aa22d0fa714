"""A director chooses an arrow-switched, one-winner Mitchell on the movement page
from a phone (390×844): the suggested round is ticked already, another is added,
and the stored schedule and the event follow (individual-and-social.md §2).

Runs in the SQLite pass (see conftest.py); screenshots go to test-output/.
"""

from __future__ import annotations

from typing import TYPE_CHECKING
from urllib.parse import urlencode

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from pytest_django.live_server_helper import LiveServer

from movements.models import Seating
from tests.browser.checks import assert_accessible, phone
from tests.browser.conftest import screenshot_path
from tests.factories import join, make_event, section_of
from tournaments.models import Event

if TYPE_CHECKING:  # at run time playwright may be missing: the module is skipped
    from playwright.sync_api import Page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PASSWORD = "a long director password"
__all__ = ["phone"]  # the fixture, imported for the tests of this module


def signed_in(page: Page, url: str) -> None:
    user = User.objects.create_user("td", password=PASSWORD)
    join(user)
    page.goto(url + reverse("login"))
    page.fill("#id_username", "td")
    page.fill("#id_password", PASSWORD)
    with page.expect_navigation():
        page.locator("form button[type=submit], form input[type=submit]").first.click()


def assert_fits_beside_the_grid(page: Page) -> None:
    """The page does not scroll sideways and nothing but the schedule grid (a
    table that scrolls by itself on a phone, site.css) leaves the screen."""
    width = page.evaluate("document.documentElement.clientWidth")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    outside = page.evaluate(
        """width => [...document.querySelectorAll("body *")]
          .filter(e => !e.closest("table.grid"))
          .filter(e => { const b = e.getBoundingClientRect();
                         return (b.width || b.height)
                           && (b.left < -0.5 || b.right > width + 0.5); })
          .map(e => e.tagName + "." + e.className)""",
        width,
    )
    assert outside == []


def test_a_director_arrow_switches_a_mitchell_from_a_phone(
    live_server: LiveServer, phone: Page
) -> None:
    event = make_event(tables=7)
    section = section_of(event)
    signed_in(phone, live_server.url)
    setup = {"tables": 7, "boards_per_round": 2, "preferred": "mitchell"}
    phone.goto(
        live_server.url
        + reverse("movements:setup", args=[section.pk])
        + "?"
        + urlencode(setup)
    )
    card = phone.locator("article.proposal").filter(
        has=phone.locator('input[name="key"][value="mitchell"]')
    )
    rounds = card.locator('input[name="switch_rounds"]')
    assert rounds.count() == 7
    ticked = [r.get_attribute("value") for r in rounds.all() if r.is_checked()]
    assert ticked == ["7"]  # the suggested round: one board in eight
    card.get_by_label("Arrow switch: one winner").check()
    card.get_by_label("round 4", exact=True).check()
    assert_fits_beside_the_grid(phone)
    phone.screenshot(path=screenshot_path("movement-arrow-switch-phone.png"))
    with phone.expect_navigation():
        card.get_by_role("button", name="Use this movement").click()
    assert "Arrow switch in rounds 4, 7" in phone.locator("#schedule").inner_text()
    assert_fits_beside_the_grid(phone)
    phone.screenshot(
        path=screenshot_path("movement-arrow-switch-stored.png"), full_page=True
    )
    switched = Seating.objects.filter(section=section, arrow_switched=True)
    assert sorted(set(switched.values_list("round", flat=True))) == [4, 7]
    assert not Event.objects.get(pk=event.pk).two_winners
    assert_accessible(phone, "movement page, arrow switch stored")
