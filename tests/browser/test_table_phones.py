"""Two tables' phones (Debian's chromium through Playwright, 390×844) play a
round of a 3-table Mitchell, two boards a round: sign in with the code (typed,
or the card's address), enter boards with the buttons and typed notation, have
East-West reject and accept, see the board's percentage, follow the moves to
round 2; a result sent while offline, and one whose answer is lost, each store
one line.

Runs in the SQLite pass only (see conftest.py). Screenshots are saved as
test-output/table-*.png.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from django.contrib.auth.models import User
from django.db.models import Count
from django.urls import reverse
from pytest_django.live_server_helper import LiveServer

from scoring.models import TableCode, TableEntry, TravellerLine
from scoring.table.play.codes import codes_ensure
from tests.browser.conftest import screenshot_path
from tests.browser.phones import enter, phone, pick
from tests.factories import join
from tests.table.helpers import Phone
from tournaments.models import Event, Pair, Player, Session
from tournaments.setup.events import event_create, pair_name

if TYPE_CHECKING:  # at run time playwright may be missing: the module is skipped
    from playwright.sync_api import Browser, BrowserContext, Page, Request, Route

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

HOSTILE = '<img src=x onerror="window.hacked=1">Ann'


@pytest.fixture
def session() -> Session:
    event = event_create(name="Thursday pairs", tables=3, boards_per_round=2)
    session = event.sessions.get()
    pair = Pair.objects.get(section__session=session, label="1NS")
    Player.objects.create(pair=pair, seat=1, name=HOSTILE)
    Player.objects.create(pair=pair, seat=2, name="Bob Smith")
    return session


def shot(page: Page, name: str, *, full: bool = False) -> None:
    page.screenshot(path=screenshot_path(f"table-{name}.png"), full_page=full)


def send(page: Page) -> None:
    page.get_by_role("button", name="Send to East-West").click()


def accept(page: Page) -> None:
    page.get_by_role("button", name="Accept").click()
    page.locator(".shown .scores").wait_for()


def assert_ask(page: Page, ns_score: str) -> None:
    page.get_by_text("EW: accept this result?").wait_for()
    assert page.locator(".scores .score.ns strong").inner_text() == ns_score


def table1_signs_in_by_typing(page: Page, url: str, code: TableCode) -> None:
    page.goto(url + reverse("table:signin"))
    page.fill("#table-code", "NOPE99")
    page.get_by_role("button", name="Start").click()
    error = page.locator("#table-signin-error")
    error.get_by_text("This code opens no table").wait_for()
    shot(page, "signin-refused")
    page.fill("#table-code", f" {code.code.lower()} ")
    page.get_by_role("button", name="Start").click()
    page.locator(".table-head h1").wait_for()
    assert page.locator(".table-head h1").inner_text() == "Section A · Table 1"
    assert page.url.endswith(reverse("table:code", args=[code.code]))


def table1_round1(page: Page, url: str, code: TableCode) -> None:
    table1_signs_in_by_typing(page, url, code)
    assert page.locator(".table-head .round").inner_text() == "Round 1"
    names = page.locator(".pair.ns .names").inner_text()
    assert names == f"{HOSTILE} – Bob Smith"  # shown as text, never run
    assert page.evaluate("window.hacked") is None
    shot(page, "round")

    enter(page, 1, (4, "S", "N"), lead=("H", "K"))
    assert page.locator(".summary").inner_text() == "4♠ by N = · ♥K"
    preview = page.locator(".score-preview .score.ns strong")
    preview.wait_for()
    assert preview.inner_text() == "+420"  # the score before anything is sent
    shot(page, "entry", full=True)
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    shot(page, "entry-bottom")
    send(page)
    assert_ask(page, "+420")
    shot(page, "confirm")

    page.get_by_role("button", name="Reject").click()
    page.get_by_text("East-West rejected the result").wait_for()
    level = page.locator('fieldset.level button[data-value="4"]')
    assert level.get_attribute("aria-pressed") == "true"  # the values are kept
    pick(page, "result", 1)
    send(page)
    assert_ask(page, "+450")
    accept(page)
    tiles = page.locator(".shown .scores").inner_text()
    assert "%" in tiles
    shot(page, "percentage")
    page.get_by_role("button", name="Continue").click()

    typed_board2(page)
    accept(page)
    page.get_by_role("button", name="Continue").click()
    end_of_round(page, "table1")


def typed_board2(page: Page) -> None:
    """Board 2 typed as notation: the buttons follow the text."""
    page.locator('button.board-button[data-board="2"]').click()
    page.fill("#table-typed", "3nt s -1 sq")
    assert page.locator(".typed-status").inner_text().startswith("Read")
    assert page.locator(".summary").inner_text() == "3NT by S −1 · ♠Q"
    strain = page.locator('fieldset.strain button[data-value="NT"]')
    assert strain.get_attribute("aria-pressed") == "true"
    send(page)
    assert_ask(page, "-100")  # board 2: North-South vulnerable


def end_of_round(page: Page, name: str) -> None:
    page.get_by_text("End of round 1").wait_for()
    moves = page.locator("ul.big-moves li").all_inner_texts()
    assert any(m.startswith("NS ") for m in moves)
    assert any(m.startswith("EW ") for m in moves)
    assert any(m.startswith("boards go to") for m in moves)
    shot(page, f"end-of-round-{name}")
    page.get_by_role("button", name="Continue to round 2").click()
    assert page.locator(".table-head .round").inner_text() == "Round 2"


def lose_first_answer(route: Route) -> None:
    """The server gets the result, the phone never hears back."""
    route.fetch()
    route.abort("connectionreset")


def table2_round1(
    context: BrowserContext, page: Page, url: str, code: TableCode
) -> None:
    page.goto(url + reverse("table:code", args=[code.code]))
    assert page.locator(".table-head h1").inner_text() == "Section A · Table 2"

    enter(page, 3, (2, "H", "E"), result=-2, lead=("C", "T"))
    context.set_offline(True)
    send(page)
    page.get_by_text("Not sent yet — retrying").wait_for()
    shot(page, "offline")
    waiting = page.evaluate(f"localStorage.getItem('table.outbox.{code.code}')")
    assert '"client_id"' in waiting and '"board":3' in waiting
    context.set_offline(False)
    assert_ask(page, "+200")
    accept(page)
    page.get_by_role("button", name="Continue").click()

    enter(page, 4, (1, "NT", "W"), result=2)
    page.route("**/api/table/results", lose_first_answer, times=1)
    tries: list[str | None] = []

    def tried(request: Request) -> None:
        if request.method == "POST":
            tries.append(request.post_data)

    page.on("request", tried)
    send(page)
    assert_ask(page, "-150")  # board 4: both vulnerable, 1NT+2 by West
    assert len(tries) == 2 and tries[0] == tries[1]  # the same client_id again
    page.route("**/api/table/results/*/confirm", lose_first_answer, times=1)
    accept(page)
    shot(page, "after-retries")
    page.get_by_role("button", name="Continue").click()
    end_of_round(page, "table2")


def traveller_in_round2(page: Page, session: Session) -> None:
    """With the traveller shown, table 1 sees board 3 as table 2 and it played it."""
    Session.objects.filter(pk=session.pk).update(table_shows="traveller")
    enter(page, 3, (3, "H", "E"), doubling="X", result=-1, lead=("D", "2"))
    send(page)
    assert_ask(page, "+200")  # board 3: East-West vulnerable, 3♥X-1
    accept(page)
    rows = page.locator(".traveller tbody tr")
    assert rows.count() == 2
    ours = page.locator(".traveller tr.ours td").all_inner_texts()
    assert ours[:4] == ["1NS", "3EW", "3♥X E", "−1"]
    shot(page, "traveller")
    page.get_by_role("button", name="Continue").click()


def control_room(browser: Browser, url: str, session: Session) -> Page:
    """The director, signed in on a laptop, watching the session's control room."""
    user = User.objects.create_user("td", password="a long director password")
    club = join(user, "Thursday club").club
    Event.objects.filter(pk=session.event_id).update(club=club)
    page = browser.new_context(viewport={"width": 1200, "height": 900}).new_page()
    page.goto(url + reverse("login"))
    page.fill("#id_username", "td")
    page.fill("#id_password", "a long director password")
    with page.expect_navigation():
        page.locator("form button[type=submit], form input[type=submit]").first.click()
    page.goto(url + reverse("table_room:room", args=[session.pk]))
    page.get_by_text("No result sent from a table yet.").wait_for()
    return page


def results_arrive(room: Page) -> None:
    """The control room fills in by itself (no reload): lines, boards in, calls."""
    arrived = room.locator("#room-live table.results tbody tr")
    room.wait_for_function(
        "() => document.querySelectorAll('#room-live table.results tbody tr')"
        ".length >= 5",
        timeout=15_000,
    )
    text = room.locator("#room-live").inner_text()
    assert "4S N +1 +450" in text  # board 1 as accepted after the correction
    assert "accepted" in text and "replaced" in text  # the rejected first try
    assert arrived.count() >= 5
    shot(room, "control-room", full=True)


def test_two_tables_play_a_round_on_their_phones(
    live_server: LiveServer, browser: Browser, session: Session
) -> None:
    codes = {c.table: c for c in codes_ensure(session)}
    room = control_room(browser, live_server.url, session)
    first, second = phone(browser), phone(browser)
    one, two = first.new_page(), second.new_page()
    table1_round1(one, live_server.url, codes[1])
    table2_round1(second, two, live_server.url, codes[2])
    results_arrive(room)

    lines = TravellerLine.objects.filter(section__session=session, round=1)
    assert lines.count() == 4
    per_board = lines.values("board__number", "table").annotate(n=Count("id"))
    assert {(r["board__number"], r["table"], r["n"]) for r in per_board} == {
        (1, 1, 1),
        (2, 1, 1),
        (3, 2, 1),
        (4, 2, 1),
    }
    assert lines.get(board__number=1).tricks == 11  # the corrected result
    entries = TableEntry.objects.filter(table__section__session=session)
    assert entries.filter(board__number=1).count() == 2  # rejected, then accepted
    assert entries.filter(board__number=4).count() == 1  # the retry made none
    assert entries.filter(board__number=3).count() == 1

    traveller_in_round2(one, session)
    one.get_by_role("button", name="Call the director").click()
    one.get_by_role("button", name="Director called — on the way").wait_for()
    assert TableCode.objects.get(pk=codes[1].pk).called_at is not None
    shot(one, "round-2")


def test_a_spanish_phone_reads_spanish_notation(
    live_server: LiveServer, browser: Browser, session: Session
) -> None:
    """In Spanish "C" is hearts and "O" is West; the API hears the page's language."""
    page = phone(browser, "es-ES").new_page()
    code = {c.table: c for c in codes_ensure(session)}[3]
    with page.expect_request("**/api/table/round") as sent:
        page.goto(live_server.url + reverse("table:code", args=[code.code]))
    assert sent.value.headers["accept-language"] == "es"
    assert page.locator("html").get_attribute("lang") == "es"
    page.locator('button.board-button[data-board="5"]').click()
    page.fill("#table-typed", "2cx o -1 pr")
    for group, value in [("strain", "H"), ("doubling", "X"), ("declarer", "W")]:
        chosen = page.locator(f'fieldset.{group} button[data-value="{value}"]')
        assert chosen.get_attribute("aria-pressed") == "true"
    assert page.locator('fieldset.declarer button[data-value="W"]').inner_text() == "O"
    assert (
        page.locator('fieldset.lead-suit button[aria-pressed="true"]').inner_text()
        == "♠"
    )
    shot(page, "entry-es", full=True)


def test_a_table_that_has_played_every_round_is_thanked(
    live_server: LiveServer, browser: Browser, session: Session
) -> None:
    code = {c.table: c for c in codes_ensure(session)}[1]
    table = Phone(code)
    while not (state := table.round())["finished"]:
        for board in state["boards"]:
            assert table.play(board["number"]).status_code == 200
    last = state["round"]
    for played in range(1, last):
        assert table.post(f"rounds/{played}/confirm").status_code == 200
    page = phone(browser).new_page()
    page.goto(live_server.url + reverse("table:code", args=[code.code]))
    page.get_by_text(f"End of round {last}").wait_for()  # its scorecard
    page.get_by_role("button", name=f"Confirm round {last}").click()
    page.get_by_text("Thank you for playing!").wait_for()
    shot(page, "thanks")


def test_players_sign_in_with_their_member_numbers_at_the_first_round(
    live_server: LiveServer, browser: Browser, session: Session
) -> None:
    """North-South sign in (the club knows one of them), East-West skip; the
    round shows North-South's names and a reload does not ask again."""
    earlier = event_create(name="Monday pairs", tables=3, club="Riverside BC")
    known = Pair.objects.get(section__session__event=earlier, label="2NS")
    pair_name(pair=known, names=["Carol Jones"], ids=["1234"])  # joins the roster
    Event.objects.filter(pk=session.event_id).update(club=earlier.club)
    Session.objects.filter(pk=session.pk).update(table_players=True)
    code = {c.table: c for c in codes_ensure(session)}[1]
    page = phone(browser).new_page()
    page.goto(live_server.url + reverse("table:code", args=[code.code]))
    page.get_by_text("Sign in with your member numbers").wait_for()
    ns = page.locator("form.members-side.ns")
    ns.get_by_label("North").fill("1234")
    ns.get_by_role("button", name="Sign in North-South").click()
    ns.get_by_text("Type both players' member numbers.").wait_for()
    shot(page, "members-missing")
    ns.get_by_label("South").fill(" 5678 ")
    page.context.set_offline(True)
    ns.get_by_role("button", name="Sign in North-South").click()
    ns.get_by_text("The member numbers did not get through").wait_for()
    page.context.set_offline(False)
    ns.get_by_role("button", name="Sign in North-South").click()  # try again
    signed = page.locator(".members-side.ns.done .signed")
    signed.wait_for()
    assert signed.inner_text() == "Signed in: Carol Jones – Bob Smith"
    shot(page, "members", full=True)

    page.get_by_role("button", name="Skip").click()
    page.locator(".board-button").first.wait_for()
    assert page.locator(".table-head .round").inner_text() == "Round 1"
    assert page.locator(".pair.ns .names").inner_text() == "Carol Jones – Bob Smith"
    players = Player.objects.filter(pair__section__session=session, pair__label="1NS")
    assert list(players.order_by("seat").values_list("national_id", "name")) == [
        ("1234", "Carol Jones"),
        ("5678", "Bob Smith"),
    ]
    ew = Player.objects.filter(pair__section__session=session, pair__label="1EW")
    assert not ew.exists()

    page.reload()
    page.locator(".board-button").first.wait_for()
    assert page.locator("form.members-side").count() == 0
