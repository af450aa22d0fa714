"""The room display's projector view at 1920×1080: large type, rows at least
32 px high, and a ranking longer than the screen shown a page at a time,
turning by itself (every 2 seconds here: ``?seconds=2``), with or without motion.

Screenshots: /tmp/shots-axe/projector-*.png.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Literal

import pytest
from django.urls import reverse
from pytest_django.live_server_helper import LiveServer

from scoring.live.displays import display_key
from tests.browser.checks import assert_accessible
from tournaments.demo import build_demo
from tournaments.models import Session

if TYPE_CHECKING:  # at run time playwright may be missing: the module is skipped
    from playwright.sync_api import Browser, Page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path("/tmp/shots-axe")
# The ranking rows on the screen, by their text.
SHOWN = """() => [...document.querySelectorAll("#live-part tbody tr")]
  .filter((row) => row.getClientRects().length)
  .map((row) => row.textContent.replace(/\\s+/g, " ").trim())"""


@pytest.fixture
def evening() -> Session:
    """The demo evening: two rankings of seven pairs, longer than a screen."""
    return build_demo().sessions.get()


Motion = Literal["no-preference", "reduce"]


def projector(browser: Browser, url: str, motion: Motion) -> Page:
    context = browser.new_context(
        viewport={"width": 1920, "height": 1080}, reduced_motion=motion
    )
    page = context.new_page()
    page.goto(url)
    page.locator("#projector-page:not([hidden])").wait_for()
    return page


def turned(page: Page, before: list[str]) -> list[str]:
    """The rows shown once the page has turned (within a few seconds)."""
    page.wait_for_function(
        f"before => JSON.stringify(({SHOWN})()) !== JSON.stringify(before)",
        arg=before,
        timeout=6_000,
    )
    rows: list[str] = page.evaluate(SHOWN)
    return rows


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_the_projector_pages_through_a_long_ranking_in_large_type(
    motion: Motion, evening: Session, live_server: LiveServer, browser: Browser
) -> None:
    address = reverse("public:room_projector", args=[display_key(evening)])
    page = projector(browser, f"{live_server.url}{address}?seconds=2", motion)
    every = page.locator("#live-part tbody tr")
    total = every.count()
    first: list[str] = page.evaluate(SHOWN)
    assert 0 < len(first) < total  # one page of the ranking, not all of it
    heights = [every.nth(i).bounding_box() for i in range(total)]
    assert min(box["height"] for box in heights if box) >= 32
    size = every.first.evaluate("row => parseFloat(getComputedStyle(row).fontSize)")
    assert size >= 32
    page_height = page.evaluate("document.documentElement.scrollHeight")
    assert page_height <= 1080  # a page fits the screen: nothing to scroll
    label = re.fullmatch(
        r"Page \d+ of (\d+)", page.locator("#projector-page").inner_text()
    )
    assert label and int(label[1]) >= 2
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"projector-{motion}-1.png"))

    second = turned(page, first)
    assert second and not set(second) & set(first)
    page.screenshot(path=str(SHOTS / f"projector-{motion}-2.png"))
    seen = set(first) | set(second)
    for _turn in range(total):  # every row comes round
        if len(seen) == total:
            break
        seen |= set(turned(page, page.evaluate(SHOWN)))
    assert len(seen) == total
    animation = every.first.evaluate("row => getComputedStyle(row).animationName")
    assert animation == ("none" if motion == "reduce" else "projector-in")
    page.get_by_role("button", name="Pause updates").click()  # WCAG 2.2.2
    shown = page.evaluate(SHOWN)
    page.wait_for_timeout(2_500)  # the rows faded in; no page turned
    assert page.evaluate(SHOWN) == shown
    assert_accessible(page, f"projector ({motion})")
