"""An individual's public pages on a phone (390×844): the player ranking, a
traveller with its four players and a player's scorecard with his partners read
without sideways scrolling, and axe-core finds no serious or critical WCAG 2.2
AA violation. Screenshots go to test-output/phone-individual-*.png."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from django.urls import reverse
from pytest_django.live_server_helper import LiveServer

from tests.browser.checks import assert_accessible, assert_fits, phone
from tests.browser.conftest import screenshot_path
from tests.individuals.factory import make_individual, play_individual, player
from tests.scoring.test_individual_standings import rotating
from tournaments.models import Session

if TYPE_CHECKING:  # at run time playwright may be missing: the module is skipped
    from playwright.sync_api import Page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
__all__ = ["phone"]  # the fixture, imported for these tests


@pytest.fixture
def christmas() -> Session:
    event = make_individual(12, boards_per_round=2)
    play_individual(event, rotating)
    event.published = True
    event.save()
    session = event.sessions.get()
    session.released = True
    session.save()
    return session


def test_an_individuals_public_pages_read_on_a_phone(
    christmas: Session, live_server: LiveServer, phone: Page
) -> None:
    eight = player(christmas.sections.get(), 8)
    pages = {
        "ranking": reverse("public:session", args=[christmas.pk]),
        "traveller": reverse("public:board", args=[christmas.pk, 1]),
        "scorecard": reverse("public:pair", args=[eight.pk]),
    }
    for name, address in pages.items():
        phone.goto(live_server.url + address)
        phone.screenshot(
            path=screenshot_path(f"phone-individual-{name}.png"), full_page=True
        )
        assert_fits(phone)
        assert_accessible(phone, f"individual-{name}")
    phone.goto(live_server.url + pages["ranking"])
    first = phone.locator("table.results tbody tr").first
    assert "Hugo Pons" in first.inner_text() and "68.18" in first.inner_text()
    phone.goto(live_server.url + pages["scorecard"])
    assert phone.locator("h1").first.inner_text().startswith("Player 8")
    assert "1 Ana Ruiz" in phone.locator("table.results").first.inner_text()
