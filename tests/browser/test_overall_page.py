"""The public overall page of a simultaneous on election night, on a phone
(390×844) and a desktop (1280 wide): it reads without sideways scrolling on the
phone, axe-core finds no serious or critical WCAG 2.2 AA violation on either,
and a heat's new result appears on the open page within seconds, unasked.

Screenshots go to test-output/overall-*.png."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from typing import TYPE_CHECKING

import pytest
from django.urls import reverse
from django.utils import timezone
from pytest_django.live_server_helper import LiveServer

from benchmarks.sims_field import build_field
from tests.browser.checks import assert_accessible, assert_fits, phone
from tests.browser.conftest import screenshot_path
from tests.factories import make_result
from tests.simultaneous.test_overall import sims
from tournaments.models import Event, Simultaneous
from tournaments.setup.settings import session_release

if TYPE_CHECKING:  # at run time playwright may be missing: the module is skipped
    from playwright.sync_api import Browser, Page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
__all__ = ["phone", "sims"]  # the fixtures, imported for these tests


@pytest.fixture
def desktop(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    yield context.new_page()
    context.close()


def released(made: Simultaneous) -> str:
    Event.objects.filter(pk=made.event_id).update(published=True)
    made.release_at = timezone.now() - timedelta(minutes=1)
    made.save()
    return reverse("public:overall", args=[made.event_id])


def test_the_overall_reads_on_a_phone(
    sims: Simultaneous, live_server: LiveServer, phone: Page
) -> None:
    phone.goto(live_server.url + released(sims))
    phone.screenshot(path=screenshot_path("overall-phone.png"), full_page=True)
    assert_fits(phone)
    assert_accessible(phone, "overall on a phone")


def test_the_overall_on_a_desktop_shows_a_new_result_unasked(
    sims: Simultaneous, live_server: LiveServer, desktop: Page
) -> None:
    beta = sims.heats.get(club__name="Beta").session
    session_release(session=beta, on=True, user=None)  # every board it plays shown
    desktop.goto(live_server.url + released(sims))
    assert_accessible(desktop, "overall on a desktop")
    part = desktop.locator("#live-part")
    assert "Board 24 ·" not in part.inner_text()
    section = beta.sections.get()
    make_result(section, 24, "1NS", "1EW", "3NT S =")
    desktop.wait_for_function(
        "() => document.getElementById('live-part').innerText.includes('Board 24 ·')",
        timeout=10_000,
    )
    desktop.screenshot(path=screenshot_path("overall-desktop.png"), full_page=True)


def test_two_winners_leaders_read_on_a_phone(
    live_server: LiveServer, phone: Page, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("scoring.public.overall.LEADERS", 5)
    url = reverse("public:overall", args=[build_field(4, 3, 4)])  # two winners
    phone.goto(live_server.url + url)
    ranking = phone.locator("table.overall")
    assert ranking.locator("tr.group").all_inner_texts() == ["North-South", "East-West"]
    assert ranking.locator("tbody tr:not(.group)").count() == 10
    phone.screenshot(path=screenshot_path("overall-leaders-phone.png"), full_page=True)
    assert_fits(phone)
    assert_accessible(phone, "overall's leaders on a phone")
    phone.get_by_role("link", name="Show every pair").click()
    phone.wait_for_url("**all=1")
    assert ranking.locator("tbody tr:not(.group)").count() == 24
