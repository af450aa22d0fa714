"""Every screen of a table's phone (390×844) in every language: the sign-in,
the round, a result's entry with the lead row, the opponents' confirmation, the
board so far (its traveller), the called state, the end of a round, the round's
scorecard and the thanks; and, when each pair has its own phone, the seat
choice, the wait for the opponents' answer and their confirmation. Each one
reads without sideways scrolling, axe-core finds no serious or critical WCAG 2.2
AA violation, the director's call bar at the foot of the screen covers no button
brought into view, and the language select is a 44-px target.

One page a language walks through the screens; the other tables' results and
the rounds' ends come through the table API. Screenshots: /tmp/shots-axe/.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from django.urls import reverse
from pytest_django.live_server_helper import LiveServer

from scoring.table.play.codes import codes_ensure
from tests.browser.checks import PHONE, assert_accessible, assert_fits
from tests.browser.phones import pick
from tests.table.helpers import Phone
from tournaments.models import Pair, Player, Session
from tournaments.setup.events import event_create

if TYPE_CHECKING:  # at run time playwright may be missing: the module is skipped
    from playwright.sync_api import Browser, Page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path("/tmp/shots-axe")

# Every button of the screen brought into view as a browser does for a focus
# or a tap, then those the call bar overlaps, with the pixels it hides.
_COVERED = """() => {
  const bar = document.getElementById("table-footer");
  if (bar.hidden) return [];
  const found = [];
  const buttons = document.querySelectorAll(
    "#table-screen button, #table-signin button, #table-notices button");
  for (const button of buttons) {
    if (!button.getClientRects().length) continue;
    button.scrollIntoView({ block: "nearest" });
    const box = button.getBoundingClientRect();
    const cover = bar.getBoundingClientRect();
    const hidden = Math.min(box.bottom, cover.bottom)
      - Math.max(box.top, cover.top);
    if (hidden > 0.5) {
      const name = `${button.className} "${button.textContent.trim()}"`;
      found.push(`${name} ${Math.round(hidden)}px`);
    }
  }
  window.scrollTo(0, 0);
  return found;
}"""


def check(page: Page, language: str, name: str) -> None:
    """The screen as it is now: fits, accessible, no button under the bar."""
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{language}-{name}.png"), full_page=True)
    assert_fits(page)
    assert_accessible(page, f"phone {name} ({language})")
    assert page.evaluate(_COVERED) == [], name
    select = page.locator("#language").bounding_box()
    assert select is not None and select["height"] >= 44 and select["width"] >= 44


@pytest.fixture
def session() -> Session:
    """Three tables, two boards a round; the phones show the board's traveller."""
    event = event_create(name="Soirée de Noël", tables=3, boards_per_round=2)
    session = event.sessions.get()
    Session.objects.filter(pk=session.pk).update(table_shows="traveller")
    pair = Pair.objects.get(section__session=session, label="1NS")
    Player.objects.create(
        pair=pair, seat=1, name="Anne-Marguerite Delacroix-Villeneuve"
    )
    Player.objects.create(pair=pair, seat=2, name="Bartholomew Featherstonehaugh")
    return session


def play(table: Phone, board: int) -> None:
    assert table.play(board, lead="HK").status_code == 200


def round_one_elsewhere(session: Session) -> tuple[Phone, str]:
    """Table 2 plays boards 3 and 4, table 1 its round 1 (through the API):
    table 1's phone starts at round 2 with board 3 played once already."""
    codes = {c.table: c for c in codes_ensure(session)}
    first, second = Phone(codes[1]), Phone(codes[2])
    for board in (3, 4):
        play(second, board)
    for board in (1, 2):
        play(first, board)
    assert first.post("rounds/1/confirm").status_code == 200
    return first, codes[1].code


def enter_board_3(page: Page, language: str) -> None:
    """The entry screen, checked with the lead row showing; then sent."""
    page.locator('button.board-button[data-board="3"]').click()
    for group, value in [("level", 3), ("strain", "H"), ("doubling", "X")]:
        pick(page, group, value)
    for group, value in [("declarer", "E"), ("result", -1), ("lead-suit", "D")]:
        pick(page, group, value)
    page.locator("fieldset.lead-rank").wait_for()
    check(page, language, "entry-lead")
    # The lead's last card brought into view as a tap would: above the bar.
    page.locator(
        'fieldset.lead-rank button[data-value="2"]'
    ).scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / f"{language}-entry-lead-view.png"))
    pick(page, "lead-rank", "2")
    page.locator(".score-preview .score").first.wait_for()
    page.locator("button.send").click()


def confirm_and_traveller(page: Page, language: str) -> None:
    page.locator("button.accept").wait_for()
    check(page, language, "confirm")
    page.locator("button.accept").click()
    page.locator(".traveller tbody tr").nth(1).wait_for()
    assert page.locator(".traveller tbody tr").count() == 2
    check(page, language, "traveller")
    page.locator("button.continue").click()


def called(page: Page, language: str) -> None:
    page.locator('button.board-button[data-board="4"]').wait_for()
    check(page, language, "round")
    page.locator("#table-call").click()
    page.locator("#table-call.called").wait_for()
    check(page, language, "called")


def end_of_round(page: Page, language: str, table: Phone) -> None:
    """Board 4 and round 2 done at the table's other phone: the moves, then
    round 3 played there too: its scorecard to confirm, then the thanks."""
    play(table, 4)
    assert table.post("rounds/2/confirm").status_code == 200
    page.locator("ul.big-moves").wait_for(timeout=10_000)
    check(page, language, "end-of-round")
    page.locator("#table-screen button.big.primary").click()
    for board in table.round()["boards"]:
        play(table, board["number"])
    page.locator("table.scorecard tbody tr").nth(1).wait_for(timeout=10_000)
    check(page, language, "scorecard")
    page.locator("button.confirm-round").click()
    page.locator("p.thanks").wait_for()
    check(page, language, "thanks")


def phone_page(browser: Browser, language: str) -> Page:
    context = browser.new_context(
        viewport={"width": PHONE["width"], "height": PHONE["height"]},
        is_mobile=True,
        has_touch=True,
        locale=language,
    )
    return context.new_page()


def own_phone(page: Page, url: str, seat: str, language: str) -> None:
    """A pair's own phone signs in at table 1 and says which pair it is."""
    page.goto(url)
    page.locator(f'button.seat-choice[data-seat="{seat}"]').wait_for()
    if seat == "NS":
        check(page, language, "own-seat")
    page.locator(f'button.seat-choice[data-seat="{seat}"]').click()
    page.locator('button.board-button[data-board="1"]').wait_for()


@pytest.mark.parametrize("language", ["en", "es", "it"])
def test_each_pairs_own_phone_reads_in_every_language(
    language: str, live_server: LiveServer, browser: Browser, own_phones: Session
) -> None:
    """The seat choice; North-South waiting for East-West's answer; East-West
    asked, on their phone, to accept North-South's result."""
    code = {c.table: c for c in codes_ensure(own_phones)}[1].code
    url = live_server.url + reverse("table:code", args=[code])
    north_south, east_west = (
        phone_page(browser, language),
        phone_page(browser, language),
    )
    own_phone(north_south, url, "NS", language)
    own_phone(east_west, url, "EW", language)
    north_south.locator('button.board-button[data-board="1"]').click()
    for group, value in [("level", 4), ("strain", "S"), ("declarer", "N")]:
        pick(north_south, group, value)
    for group, value in [("result", 0), ("lead-suit", "H"), ("lead-rank", "K")]:
        pick(north_south, group, value)
    north_south.locator("button.send").click()
    north_south.locator("#table-screen button.continue").wait_for()
    check(north_south, language, "own-waiting")
    east_west.locator("button.accept").wait_for(timeout=10_000)
    check(east_west, language, "own-confirm")
    east_west.locator("button.accept").click()
    east_west.locator("button.continue").wait_for()
    check(east_west, language, "own-accepted")
    for page in (north_south, east_west):
        page.context.close()


@pytest.mark.parametrize("language", ["en", "es", "it"])
def test_every_phone_screen_reads_in_every_language(
    language: str, live_server: LiveServer, browser: Browser, session: Session
) -> None:
    table, code = round_one_elsewhere(session)
    page = phone_page(browser, language)
    page.goto(live_server.url + reverse("table:signin"))
    assert page.locator("html").get_attribute("lang") == language
    check(page, language, "signin")
    page.goto(live_server.url + reverse("table:code", args=[code]))
    enter_board_3(page, language)
    confirm_and_traveller(page, language)
    called(page, language)
    end_of_round(page, language, table)
    page.context.close()
