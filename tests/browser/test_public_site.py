"""A real browser (Debian's chromium through Playwright) reads the public ranking
of the demo evening, switches to Spanish and checks labels and numbers.

Runs in `make test`, in the SQLite pass (see conftest.py); a screenshot is saved
under test-output/.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pytest
from django.urls import reverse
from pytest_django.live_server_helper import LiveServer

from scoring.reports.rows import ranking_groups
from scoring.standings import session_results
from tests.browser.conftest import screenshot_path
from tournaments.demo import build_demo

if TYPE_CHECKING:  # at run time playwright may be missing: the module is skipped
    from playwright.sync_api import Browser, Page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def page(browser: Browser) -> Page:
    return browser.new_context(viewport={"width": 1000, "height": 1400}).new_page()


def test_the_demo_ranking_switches_to_spanish(
    live_server: LiveServer, page: Page
) -> None:
    event = build_demo()
    session = event.sessions.get()
    _title, leaders = ranking_groups(session_results(session))[0]
    first = leaders[0]
    page.goto(live_server.url + reverse("public:session", args=[session.pk]))
    assert page.locator("h1").inner_text().endswith("Ranking")

    with page.expect_navigation():
        page.select_option("#language", "es")
    heading = page.locator("h1").inner_text()
    assert heading.endswith("Clasificación")
    headers = page.locator("table.results").first.locator("thead th").all_inner_texts()
    assert [h.strip() for h in headers[:3]] == ["Puesto", "Pareja", "Jugadores"]
    row = page.locator("table.results").first.locator("tbody tr").first
    cells = [c.strip() for c in row.locator("td").all_inner_texts()]
    spanish = f"{first.percentage:.2f}%".replace(".", ",")
    assert cells[1] == first.pair.label
    assert cells[4] == spanish and re.fullmatch(r"\d+,\d\d", cells[3])

    page.screenshot(path=screenshot_path("public-ranking-es.png"), full_page=True)
