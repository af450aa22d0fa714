"""The public pages a player opens on a phone (390×844): the ranking, a
traveller, a scorecard, the live standings, the hand records, the room display
and a player's personal page read without sideways scrolling, the main
columns on each row's first line, and axe-core finds no serious or critical
WCAG 2.2 AA violation.

Screenshots go to test-output/phone-*.png; the axe results are printed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from django.urls import reverse
from pytest_django.live_server_helper import LiveServer

from scoring.interchange.analysis import analyse_session
from scoring.live.displays import display_key
from scoring.reports.personal import personal_link
from tests.browser.checks import assert_accessible, assert_fits, phone
from tests.browser.conftest import screenshot_path
from tournaments.demo import build_demo
from tournaments.models import Pair, Session

if TYPE_CHECKING:  # at run time playwright may be missing: the module is skipped
    from playwright.sync_api import Locator, Page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
__all__ = ["phone"]  # the fixture, imported for these tests


def _address(name: str, session: Session) -> str:
    pair = Pair.objects.filter(section__session=session).order_by("pk").first()
    assert pair is not None
    return {
        "ranking": reverse("public:session", args=[session.pk]),
        "traveller": reverse("public:board", args=[session.pk, 3]),
        "scorecard": reverse("public:pair", args=[pair.pk]),
        "live": reverse("public:live", args=[session.pk]),
        "hands": reverse("public:hands", args=[session.pk]),
        "room": reverse("public:room", args=[display_key(session)]),
        "personal": personal_link(pair),
    }[name]


def _top(row: Locator, column: int) -> float:
    box = row.locator(f"td:nth-child({column})").bounding_box()
    assert box is not None
    return float(box["y"])


@pytest.fixture
def evening() -> Session:
    session = build_demo().sessions.get()
    analyse_session(session)
    return session


@pytest.mark.parametrize(
    "name",
    ["ranking", "traveller", "scorecard", "live", "hands", "room", "personal"],
)
def test_a_public_page_reads_on_a_phone(
    name: str, evening: Session, live_server: LiveServer, phone: Page
) -> None:
    phone.goto(live_server.url + _address(name, evening))
    phone.screenshot(path=screenshot_path(f"phone-{name}.png"), full_page=True)
    assert_fits(phone)
    viewport = phone.get_attribute("meta[name=viewport]", "content") or ""
    assert "user-scalable" not in viewport and "maximum-scale" not in viewport
    assert_accessible(phone, name)


def test_the_ranking_keeps_score_and_percentage_on_the_first_line(
    evening: Session, live_server: LiveServer, phone: Page
) -> None:
    phone.goto(live_server.url + _address("ranking", evening))
    row = phone.locator("table.results tbody tr").first
    rank, score, percentage, boards = (_top(row, n) for n in (1, 4, 5, 6))
    assert rank == score == percentage
    assert boards > rank  # on the second line
    assert row.locator("td:nth-child(6)").get_attribute("data-label") == "Boards"


def test_the_traveller_shows_hearts_and_diamonds_in_red(
    evening: Session, live_server: LiveServer, phone: Page
) -> None:
    phone.goto(live_server.url + _address("traveller", evening))
    reds = phone.locator("table.results .red")
    assert reds.count() > 0
    assert {t.strip() for t in reds.all_inner_texts()} <= {"♥", "♦"}
    colour = reds.first.evaluate("e => getComputedStyle(e).color")
    assert colour == "rgb(200, 16, 46)"


def test_large_type_is_kept_from_page_to_page(
    evening: Session, live_server: LiveServer, phone: Page
) -> None:
    phone.goto(live_server.url + _address("ranking", evening))
    size = "parseFloat(getComputedStyle(document.body).fontSize)"
    before = phone.evaluate(size)
    toggle = phone.get_by_role("button", name="Large type")
    assert toggle.get_attribute("aria-pressed") == "false"
    toggle.click()
    assert toggle.get_attribute("aria-pressed") == "true"
    phone.goto(live_server.url + _address("traveller", evening))
    assert phone.evaluate(size) > before * 1.2
    assert (
        phone.get_by_role("button", name="Large type").get_attribute("aria-pressed")
        == "true"
    )
    phone.screenshot(path=screenshot_path("phone-traveller-large.png"), full_page=True)
    assert_fits(phone)
    assert_accessible(phone, "traveller in large type")
