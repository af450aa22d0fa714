"""A social table's scorepad on a phone (390×844): start a Chicago pad, play one
chukker with the big buttons, correct deal 2, and read the totals, which must be
the engine's. Each page is checked for sideways scrolling and with axe-core."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from django.urls import reverse
from pytest_django.live_server_helper import LiveServer

from scoring.engine.social.chicago import ChicagoPad
from scoring.engine.social.deal import Deal, Honours, HonoursHeld
from scoring.engine.social.rubber import RubberPad
from scoring.engine.types import Contract, Result, Seat, Side, Strain
from tests.browser.checks import assert_accessible, assert_fits, phone
from tests.browser.conftest import screenshot_path

if TYPE_CHECKING:  # at run time playwright may be missing: the module is skipped
    from playwright.sync_api import Page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
__all__ = ["phone"]

# §3.1 example C1, then deal 2 corrected from 3NT= to 3NT-1.
CHUKKER = [(2, "H", "N", 9), (3, "NT", "E", 9), (2, "S", "N", 8), (1, "NT", "N", 8)]
CORRECTED = (3, "NT", "E", 8)


def engine_deal(level: int, strain: str, declarer: str, tricks: int) -> Deal:
    return Deal(Result(Contract(level, Strain(strain)), Seat(declarer), tricks))


def choose(page: Page, field: str, value: object) -> None:
    page.locator(f'.choices-{field} label:has(input[value="{value}"])').click()


def play(page: Page, level: int, strain: str, declarer: str, tricks: int) -> None:
    choose(page, "level", level)
    choose(page, "strain", strain)
    choose(page, "declarer", declarer)
    choose(page, "tricks", tricks)
    page.locator("#deal-form button[type=submit]").click()
    page.wait_for_load_state()


def totals(page: Page) -> tuple[int, int]:
    ns, ew = (
        page.locator("#total-ns").inner_text(),
        page.locator("#total-ew").inner_text(),
    )
    return int(ns), int(ew)


def checked(page: Page, name: str) -> None:
    page.screenshot(path=screenshot_path(f"social-{name}.png"), full_page=True)
    assert_fits(page)
    assert_accessible(page, f"social pad: {name}")


def test_a_chicago_chukker_on_a_phone(live_server: LiveServer, phone: Page) -> None:
    page = phone
    page.goto(live_server.url + reverse("social:start"))
    names = {"north": "Ann", "east": "Bob", "south": "<b>Cleo</b>", "west": "Dan"}
    for seat, name in names.items():
        page.fill(f"#id_{seat}", name)
    page.locator('.choices-kind label:has(input[value="chicago"])').click()
    page.locator('.choices-style label:has(input[value="standard"])').click()
    page.locator(".choices-middle_deals label").first.click()
    checked(page, "start")
    page.locator("button[type=submit]").click()
    page.wait_for_url("**/social/*/")
    for number, deal in enumerate(CHUKKER, start=1):
        play(page, *deal)
        assert page.locator(f"#deal-{number}").count() == 1
        if number == 2:
            checked(page, "two deals")
    engine = ChicagoPad(deals=tuple(engine_deal(*deal) for deal in CHUKKER))
    assert totals(page) == (engine.totals.ns, engine.totals.ew) == (720, 600)
    assert page.locator("#over").is_visible()
    assert page.locator(".sides", has_text="<b>Cleo</b>").count() == 1
    assert page.locator("main b").count() == 0
    checked(page, "chukker over")
    page.locator("#deal-2 a.fix").click()
    page.wait_for_url("**/deal/2/")
    assert page.locator('.choices-tricks input[value="9"]').is_checked()
    checked(page, "correct deal 2")
    play(page, *CORRECTED)
    corrected = engine.with_correction(2, engine_deal(*CORRECTED))
    assert totals(page) == (corrected.totals.ns, corrected.totals.ew) == (920, 0)
    checked(page, "deal 2 corrected")


def test_a_refused_deal_is_shown_on_a_phone(
    live_server: LiveServer, phone: Page
) -> None:
    page = phone
    page.goto(live_server.url + reverse("social:start"))
    for seat in ("north", "east", "south", "west"):
        page.fill(f"#id_{seat}", seat.title())
    page.locator('.choices-kind label:has(input[value="chicago"])').click()
    page.locator("button[type=submit]").click()
    page.wait_for_url("**/social/*/")
    choose(page, "level", 4)
    page.locator("#deal-form button[type=submit]").click()
    page.locator(".refusal").wait_for()
    assert page.locator("#e-tricks").is_visible()
    assert page.locator("#sheet tbody").count() == 0
    checked(page, "refusal")


# §3.2 example R3: honours held by declarer, by a hand at no trump, by a defender.
RUBBER = [
    ((6, "H", "N", 12), ("four trump honours", "NS")),
    ((3, "NT", "E", 9), ("four aces at no trump", "EW")),
    ((4, "S", "S", 10), ("four trump honours", "EW")),
]


def test_a_rubber_with_honours_on_a_phone(live_server: LiveServer, phone: Page) -> None:
    page = phone
    page.goto(live_server.url + reverse("social:start"))
    for seat in ("north", "east", "south", "west"):
        page.fill(f"#id_{seat}", seat.title())
    page.locator('.choices-kind label:has(input[value="rubber"])').click()
    page.locator(".check label").click()
    page.locator("button[type=submit]").click()
    page.wait_for_url("**/social/*/")
    deals = []
    for result, (kind, side) in RUBBER:
        choose(page, "honours", kind)
        choose(page, "honours_side", side)
        play(page, *result)
        held = HonoursHeld(Honours(kind), Side(side))
        deals.append(Deal(engine_deal(*result).result, held))
    engine = RubberPad(tuple(deals))
    assert totals(page) == (engine.totals.ns, engine.totals.ew) == (1400, 350)
    assert page.locator("#bonus-ns").inner_text() == "500"
    checked(page, "rubber over")
