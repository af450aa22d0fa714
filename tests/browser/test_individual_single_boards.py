"""A director on a phone (390x844) chooses on an individual's settings page
to leave the boards played once out of both sides' totals, and ranks a Rainbow
by compass line there; the event page and the ranking say which, with nothing
wider than the screen and axe-core content with the settings page.

Runs in the SQLite pass (see conftest.py); screenshots go to /tmp/shots-indiv/.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from django.urls import reverse
from pytest_django.live_server_helper import LiveServer

from tests.browser.checks import assert_accessible, assert_fits
from tests.browser.test_individual_setup import signed_in
from tests.individuals.factory import make_individual, play_individual
from tournaments.models import Event
from tournaments.setup.individuals import RAINBOW

if TYPE_CHECKING:  # at run time playwright may be missing: the module is skipped
    from playwright.sync_api import Browser

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = Path("/tmp/shots-indiv")
SCORES = ("3NT N =", "3NT N +1", "4S N -1", "2H E =", "1NT N +2", "3NT N -2")


def shot(name: str) -> str:
    SHOTS.mkdir(exist_ok=True)
    return str(SHOTS / name)


def test_boards_played_once_are_left_out_from_the_settings_page(
    live_server: LiveServer, browser: Browser
) -> None:
    event = make_individual(10)
    play_individual(event, lambda r, t: SCORES[(r * 7 + t * 3) % len(SCORES)])
    page = signed_in(browser, live_server.url)
    page.goto(live_server.url + reverse("tournaments:event_settings", args=[event.pk]))
    assert page.get_by_label("Rank each compass line apart").count() == 0
    page.get_by_label("Boards played only once").select_option("omitted")
    assert_fits(page)
    page.screenshot(path=shot("settings-phone.png"), full_page=True)
    assert_accessible(page, "event settings")
    with page.expect_navigation():
        page.get_by_role("button", name="Save").click()
    assert Event.objects.get(pk=event.pk).single_boards == "omitted"
    meta = page.locator("p.meta").inner_text()
    assert "Boards played once: Left out of both sides' totals" in meta
    page.goto(live_server.url + reverse(
        "scoring:ranking", args=[event.sessions.get().pk]))  # fmt: skip
    heading = page.get_by_role("heading", name=re.compile("boards played once"))
    assert heading.inner_text() == (
        "Section A · 16 boards played once are left out: percentages over the "
        "boards compared"
    )
    assert_fits(page)
    page.screenshot(path=shot("ranking-phone.png"), full_page=True)


def test_a_rainbow_is_ranked_by_compass_line_from_the_settings_page(
    live_server: LiveServer, browser: Browser
) -> None:
    event = make_individual(kind=RAINBOW, tables=5, boards_per_round=1)
    page = signed_in(browser, live_server.url)
    page.goto(live_server.url + reverse("tournaments:event_settings", args=[event.pk]))
    page.get_by_label(re.compile("rank each compass line apart", re.IGNORECASE)).check()
    page.screenshot(path=shot("rainbow-settings-phone.png"), full_page=True)
    with page.expect_navigation():
        page.get_by_role("button", name="Save").click()
    assert Event.objects.get(pk=event.pk).two_winners
