"""A real browser (Debian's chromium through Playwright) reads the public ranking
of the demo evening, switches to Spanish and checks labels and numbers.

Runs in `make test` (the Makefile installs chromium); skipped when chromium or
playwright is missing, and in the PostgreSQL pass: the live server's request
threads keep their PostgreSQL sessions open past the suite, which then cannot drop
its test database, and the page does not depend on the database engine.
A screenshot is saved under test-output/.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from django.conf import settings
from django.urls import reverse
from pytest_django.live_server_helper import LiveServer

from scoring.reports.rows import ranking_groups
from scoring.standings import session_results
from tournaments.demo import build_demo

if TYPE_CHECKING:  # at run time playwright may be missing: the module is skipped
    from playwright.sync_api import Page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
        "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]  # fmt: skip
OUTPUT = Path(__file__).resolve().parents[2] / "test-output"

sync_api = pytest.importorskip("playwright.sync_api")
if settings.DATABASES["default"]["ENGINE"] != "django.db.backends.sqlite3":
    pytest.skip("the browser test runs in the SQLite pass", allow_module_level=True)
if not shutil.which(CHROMIUM):
    pytest.skip(
        f"{CHROMIUM} is not installed (make test installs it)", allow_module_level=True
    )


@pytest.fixture
def page(monkeypatch: pytest.MonkeyPatch) -> Iterator[Page]:
    # Playwright's sync API runs an event loop in this thread, which Django
    # would take for async code and refuse database access.
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        context = browser.new_context(viewport={"width": 1000, "height": 1400})
        yield context.new_page()
        browser.close()


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

    OUTPUT.mkdir(exist_ok=True)
    page.screenshot(path=str(OUTPUT / "public-ranking-es.png"), full_page=True)
