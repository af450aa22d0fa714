"""Debian's chromium through Playwright, for every browser test.

The tests run in the SQLite pass only: the live server's request threads keep
their PostgreSQL sessions open past the suite, which then cannot drop its test
database, and no page depends on the database engine. Without playwright or
chromium (make test installs both) they are skipped. Screenshots go to
test-output/.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from django.conf import settings

from tournaments.models import Session
from tournaments.setup.events import event_create

if TYPE_CHECKING:  # at run time playwright may be missing: the tests are skipped
    from playwright.sync_api import Browser

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
        "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]  # fmt: skip
OUTPUT = Path(__file__).resolve().parents[2] / "test-output"


@pytest.fixture
def own_phones() -> Session:
    """A 3-table Mitchell, 2 boards a round, each pair on its own phone (the
    opponents confirm on theirs)."""
    event = event_create(name="Friday pairs", tables=3, boards_per_round=2)
    session = event.sessions.get()
    Session.objects.filter(pk=session.pk).update(table_confirm="own")
    return session


def _why_not() -> str:
    """Why the browser tests cannot run here ('' when they can)."""
    if settings.DATABASES["default"]["ENGINE"] != "django.db.backends.sqlite3":
        return "the browser tests run in the SQLite pass"
    if not shutil.which(CHROMIUM):
        return f"{CHROMIUM} is not installed (make test installs it)"
    return ""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Skip the browser tests before any fixture starts (the live server among
    them) when they cannot run here."""
    reason = _why_not()
    for item in items:
        if reason and item.path.is_relative_to(Path(__file__).parent):
            item.add_marker(pytest.mark.skip(reason=reason))


@pytest.fixture
def browser(monkeypatch: pytest.MonkeyPatch) -> Iterator[Browser]:
    sync_api = pytest.importorskip("playwright.sync_api")
    # Playwright's sync API runs an event loop in this thread, which Django
    # would take for async code and refuse database access.
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield launched
        launched.close()


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Each page's axe-core results (tests/browser/checks.py), after the run."""
    from tests.browser.checks import AXE_SUMMARIES

    if AXE_SUMMARIES:
        terminalreporter.section("axe-core, WCAG 2.2 AA")
        for summary in AXE_SUMMARIES:
            terminalreporter.write_line(summary)


def screenshot_path(name: str) -> str:
    OUTPUT.mkdir(exist_ok=True)
    return str(OUTPUT / name)
