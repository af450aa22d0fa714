"""Drivers shared by the browser tests of the tables' phones: a phone held
upright, signed in at a seat; the director signed in at 1200 px; a result
entered with the buttons, sent and accepted the way players do; the page's own
language selector; where a pair (a player) sits by the movement; what the API
answers a phone's token. Buttons are found by their text in the page's own
language, so a phone switched to Spanish is driven alike."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import translation

from movements.models import Seating
from tests.factories import join
from tournaments.models import Event, Pair, Session

if TYPE_CHECKING:  # at run time playwright may be missing: the tests are skipped
    from playwright.sync_api import Browser, BrowserContext, Page, Response

try:
    from playwright.sync_api import Error as PlaywrightError
except ImportError:  # the browser tests are skipped (conftest.py)
    PlaywrightError = Exception  # type: ignore[misc,assignment]

PASSWORD = "a long director password"
SEATS = ("N", "E", "S", "W")
WORDS = {"N": "North", "E": "East", "S": "South", "W": "West"}


def phone(browser: Browser, locale: str = "en-GB") -> BrowserContext:
    """A phone held upright (390×844), with its own localStorage."""
    return browser.new_context(
        viewport={"width": 390, "height": 844},
        is_mobile=True,
        has_touch=True,
        locale=locale,
    )


def sit(browser: Browser, url: str, code: str, seat: str, locale: str) -> Page:
    """A phone opens the table card's address and says which seat it is."""
    page = phone(browser, locale).new_page()
    page.goto(url + reverse("table:code", args=[code]))
    page.locator(f'button.seat-choice[data-seat="{seat}"]').click()
    page.locator(".table-head .seat").wait_for()
    return page


def director(browser: Browser, url: str, session: Session) -> Page:
    """The club's director signed in, on a 1200-px screen."""
    user = User.objects.create_user("td", password=PASSWORD)
    club = join(user, "Friday club").club
    Event.objects.filter(pk=session.event_id).update(club=club)
    page = browser.new_context(viewport={"width": 1200, "height": 900}).new_page()
    page.goto(url + reverse("login"))
    page.fill("#id_username", "td")
    page.fill("#id_password", PASSWORD)
    with page.expect_navigation():
        page.locator("form button[type=submit], form input[type=submit]").first.click()
    return page


def pick(page: Page, group: str, value: object) -> None:
    page.locator(f'fieldset.{group} button[data-value="{value}"]').click()


def enter(page: Page, board: int, contract: tuple[int, str, str], **more: Any) -> None:
    """Open the board and choose level, strain, declarer, result and lead."""
    level, strain, declarer = contract
    board_opened(page, board)
    pick(page, "level", level)
    pick(page, "strain", strain)
    if more.get("doubling"):
        pick(page, "doubling", more["doubling"])
    pick(page, "declarer", declarer)
    pick(page, "result", more.get("result", 0))
    suit, rank = more.get("lead", ("S", "A"))
    pick(page, "lead-suit", suit)
    pick(page, "lead-rank", rank)


def board_opened(page: Page, board: int) -> None:
    """Tap the board until its form shows: a tap may land as the list is drawn
    again with news of the round, as a player's may, who taps again."""
    form = page.locator("fieldset.level")
    for _tap in range(3):
        page.locator(f'button.board-button[data-board="{board}"]').click()
        with contextlib.suppress(PlaywrightError):
            form.wait_for(timeout=5000)
            return
    form.wait_for()


def say(page: Page, text: str, **values: object) -> str:
    """``text`` as the page says it, in the page's own language."""
    with translation.override(page.locator("html").get_attribute("lang") or "en"):
        said = translation.gettext(text)
    return said % values if values else said


def choose(page: Page, language: str) -> Response:
    """Pick ``language`` in the page's own selector; the answer to its form."""
    posts = page.expect_response(lambda r: r.request.method == "POST")
    with posts as posted, page.expect_navigation():
        page.select_option("#language", language)
    return posted.value


def seat_of(session: Session, holder: str, round_no: int) -> tuple[int, str]:
    """Where pair (player) ``holder`` sits in the round: table and seat."""
    pair = Pair.objects.get(section__session=session, label=holder)
    for row in Seating.objects.filter(section__session=session, round=round_no):
        ids = (row.ns_pair_id, row.ew_pair_id, row.south_id, row.west_id)
        if pair.pk in ids:
            return row.table, SEATS[ids.index(pair.pk)]
    raise AssertionError(f"{holder} sits out in round {round_no}")


def seat_label(session: Session, table: int, seat: str, rnd: int) -> str:
    """Who sits at ``seat`` of the table in the round (pair or player label)."""
    row = Seating.objects.get(section__session=session, table=table, round=rnd)
    player = (row.ns_pair, row.ew_pair, row.south, row.west)[SEATS.index(seat)]
    assert player is not None
    return player.label


def boards_of(session: Session, table: int, round_no: int) -> list[int]:
    row = Seating.objects.get(section__session=session, table=table, round=round_no)
    return list(row.boards)


def token(page: Page, code: str) -> str:
    """The token the phone keeps for the table code it signed in with."""
    kept = page.evaluate(f"localStorage.getItem('table.token.{code}')")
    return str(json.loads(kept))


def acts(token_text: str, path: str, body: object = None) -> int:
    """What the API answers a phone's token asking to act."""
    client = Client(headers={"Authorization": f"Bearer {token_text}"})
    sent = json.dumps(body or {})
    return client.post(f"/api/table/{path}", sent, "application/json").status_code


def sent_and_accepted(sender: Page, decider: Page, board: int) -> None:
    """North's phone sends the board entered; East's accepts it."""
    sender.get_by_role("button", name=say(sender, "Send to East-West")).click()
    decider.get_by_role("button", name=say(decider, "Accept"), exact=True).click()
    accepted_seen(sender, decider, board)


def play_board(
    sender: Page, decider: Page, board: int, meanwhile: Callable[[], None] | None = None
) -> None:
    """4♠ by North made, ♥K led: sent by North's phone, accepted on East's
    (``meanwhile`` runs while the result waits for East)."""
    enter(sender, board, (4, "S", "N"), lead=("H", "K"))
    sender.get_by_role("button", name=say(sender, "Send to East-West")).click()
    accept = decider.get_by_role("button", name=say(decider, "Accept"), exact=True)
    accept.wait_for()
    if meanwhile is not None:
        meanwhile()
    accept.click()
    accepted_seen(sender, decider, board)


def accepted_seen(sender: Page, decider: Page, board: int) -> None:
    """East's phone shows the board's scores, then both phones are back at
    their boards (or the round's scorecard) before the next board is sent."""
    decider.locator(".shown .scores").wait_for()
    # The last board ends the round: the scorecard comes by itself.
    on = decider.get_by_role("button", name=say(decider, "Continue"))
    end = decider.get_by_text(say(decider, "End of round %(round)s", round="")[:-1])
    on.or_(end).first.wait_for()
    if on.count():
        with contextlib.suppress(PlaywrightError):  # the scorecard replaced it
            on.click(timeout=3000)
    for page in (decider, sender):
        done = page.locator(f'.board-button.status-accepted[data-board="{board}"]')
        ended = page.get_by_text(say(page, "End of round %(round)s", round="")[:-1])
        done.or_(ended).first.wait_for()


def confirm_round(page: Page, round_no: int) -> None:
    page.get_by_text(say(page, "End of round %(round)s", round=round_no)).wait_for()
    name = say(page, "Confirm round %(round)s", round=round_no)
    page.get_by_role("button", name=name).click()
