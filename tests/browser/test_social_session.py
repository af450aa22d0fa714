"""A social session on a phone (390×844): name four players, play the first
chukker on its pad, come back to the session and read the ranking, which must
be the engine's; a house-rules pad shows its label and each player's total.
Each page is checked for sideways scrolling and with axe-core."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from django.urls import reverse
from pytest_django.live_server_helper import LiveServer

from scoring.engine.social.chicago import ChicagoPad
from scoring.engine.social.house_rules import HouseRulesGame
from scoring.engine.social.session import (
    Seating,
    TableResult,
    four_player_rotation,
    player_totals,
    session_standings,
)
from scoring.engine.types import Contract, Result, Seat, Strain
from tests.browser.checks import assert_accessible, assert_fits, phone
from tests.browser.conftest import screenshot_path
from tests.browser.test_social_pad import CHUKKER, engine_deal, play

if TYPE_CHECKING:  # at run time playwright may be missing: the module is skipped
    from playwright.sync_api import Page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
__all__ = ["phone"]

NAMES = ["Ann", "Bob", "Cleo", "<i>Dan</i>"]


def checked(page: Page, name: str) -> None:
    page.screenshot(path=screenshot_path(f"social-session-{name}.png"), full_page=True)
    assert_fits(page)
    assert_accessible(page, f"social session: {name}")


def ranking(page: Page) -> list[tuple[str, str, int]]:
    rows = page.locator("#ranking tbody tr")
    return [
        (
            rows.nth(i).locator(".place").inner_text(),
            rows.nth(i).locator(".name").inner_text(),
            int(rows.nth(i).locator(".points").inner_text()),
        )
        for i in range(rows.count())
    ]


def test_a_four_player_session_on_a_phone(live_server: LiveServer, phone: Page) -> None:
    page = phone
    page.goto(live_server.url + reverse("social:session_start"))
    for number, name in enumerate(NAMES, start=1):
        page.fill(f"#id_player_{number}", name)
    checked(page, "start")
    page.locator("button[type=submit]").click()
    page.wait_for_url("**/social/session/*/")
    session_url = page.url
    assert page.locator(".chukker").count() == 3
    checked(page, "three chukkers")
    page.locator("#chukker-1 a.open-pad").click()
    page.wait_for_url("**/social/*/")
    assert page.locator("#chukker").inner_text() == "Chukker 1, table 1"
    for deal in CHUKKER:
        play(page, *deal)
    pad = ChicagoPad(deals=tuple(engine_deal(*deal) for deal in CHUKKER))
    checked(page, "chukker 1 over")
    page.locator("#over a").click()
    page.wait_for_url(session_url)
    seating = four_player_rotation((1, 2, 3, 4))[0][0]
    totals = player_totals([[TableResult(seating, pad.totals)]], players=range(1, 5))
    expected = [
        (s.place, NAMES[s.player - 1], s.points) for s in session_standings(totals)
    ]
    # Chukker 1 is §3.1's C1: Ann and Bob (NS) 720, Cleo and Dan (EW) 600.
    assert ranking(page) == expected == [
        ("1=", "Ann", 720), ("1=", "Bob", 720),
        ("3=", "Cleo", 600), ("3=", "<i>Dan</i>", 600),
    ]  # fmt: skip
    assert page.locator("main i").count() == 0
    assert page.locator("#chukker-1").get_by_text("Chukker over").is_visible()
    checked(page, "ranking")


def test_a_house_rules_pad_on_a_phone(live_server: LiveServer, phone: Page) -> None:
    page = phone
    page.goto(live_server.url + reverse("social:start"))
    for seat, name in zip(("north", "east", "south", "west"), NAMES, strict=True):
        page.fill(f"#id_{seat}", name)
    assert page.locator('.choices-kind input[value="chicago"]').is_checked()
    page.locator('.choices-kind label:has(input[value="house"])').click()
    page.locator("button[type=submit]").click()
    page.wait_for_url("**/social/*/")
    assert page.locator("#house-rules").is_visible()
    play(page, 3, "NT", "S", 9)
    play(page, 4, "H", "E", 9)
    results = (
        Result(Contract(3, Strain.NOTRUMP), Seat.SOUTH, 9),
        Result(Contract(4, Strain.HEARTS), Seat.EAST, 9),
    )
    game = HouseRulesGame(Seating(1, 2, 3, 4), results)  # N, E, S, W as named
    rows = page.locator("#players tbody tr")
    shown = {
        rows.nth(i).locator(".name").inner_text(): int(
            rows.nth(i).locator(".points").inner_text()
        )
        for i in range(rows.count())
    }
    # 3NT= not vulnerable: 100 + 300; 4♥-1 EW vulnerable: 100 to NS.
    assert shown == {NAMES[p - 1]: points for p, points in game.totals.items()}
    assert shown == {"Ann": 500, "Cleo": 500, "Bob": 0, "<i>Dan</i>": 0}
    checked(page, "house rules")
