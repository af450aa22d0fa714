"""Both pairs on their own phones at one table (Debian's chromium through
Playwright, 390×844): four phones sign in as NS, EW, South and West, each in
its own language; North-South enter, East-West accept on theirs with the score
from their side; a rejection goes back to North-South, and a second one
becomes a dispute the director settles in the control room; both pairs confirm
the round's scorecard; the director's correction appears on both pairs'
phones. A phone offline in the middle of a round keeps its results through a
reload and sends each once.

Runs in the SQLite pass only (see conftest.py). Screenshots are saved as
test-output/pairs-*.png.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from django.urls import reverse
from pytest_django.live_server_helper import LiveServer

from scoring.models import ChangeLog, RoundConfirmation, TableEntry, TravellerLine
from scoring.table.play.codes import codes_ensure, table_of_token
from tests.browser.conftest import screenshot_path
from tests.browser.phones import director, enter, phone, pick, sit
from tests.scoring.engine.test_plausible import DD, DEAL
from tests.table.helpers import Phone
from tournaments.models import Board, Pair, Session

if TYPE_CHECKING:  # at run time playwright may be missing: the module is skipped
    from playwright.sync_api import Browser, Page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ANALYSIS = {"deal": DEAL, "double_dummy": DD, "par": None}


@pytest.fixture
def session(own_phones: Session) -> Session:
    return own_phones


def shot(page: Page, name: str, *, full: bool = False) -> None:
    page.screenshot(path=screenshot_path(f"pairs-{name}.png"), full_page=full)


def ns_enter_ew_accept(ns: Page, ew: Page) -> None:
    enter(ns, 1, (4, "S", "N"), lead=("H", "K"))
    ns.get_by_role("button", name="Send to East-West").click()
    ns.get_by_text("Sent: East-West accept it on their phone.").wait_for()
    shot(ns, "ns-waiting")
    # East-West's phone shows it by itself (the round is polled).
    ew.get_by_text("North-South entered this result. Accept it?").wait_for()
    mine = ew.locator(".scores .score.mine")
    assert mine.locator(".direction").inner_text() == "EW (you)"
    assert mine.locator("strong").inner_text() == "-420"  # EW's side first
    shot(ew, "ew-confirm")
    ew.get_by_role("button", name="Accept").click()
    ew.locator(".shown .scores").wait_for()
    assert ew.locator(".shown .score.mine .direction").inner_text() == "EW (you)"
    shot(ew, "ew-accepted")
    ew.get_by_role("button", name="Continue").click()
    # North-South's phone follows by itself, back to the boards.
    ns.locator('.board-button.status-accepted[data-board="1"]').wait_for()


def a_rejection_is_a_dispute(ns: Page, ew: Page, room: Page, url: str) -> None:
    """East-West's version goes back to North-South, who keep theirs: East-West
    reject again, and that is a dispute."""
    ns.locator('button.board-button[data-board="2"]').click()
    ns.fill("#table-typed", "3nt s -1 sq")
    ns.get_by_role("button", name="Send to East-West").click()
    for round_ in ("first", "second"):
        ew.get_by_text("North-South entered this result. Accept it?").wait_for()
        ew.get_by_role("button", name="Reject").click()
        pick(ew, "result", 0)  # East-West say it made
        if round_ == "first":
            ew.get_by_role("button", name="Send our version to North-South").click()
            ns.get_by_role("button", name="Keep ours: send it again").click()
    ew.get_by_text("What happened? Your version goes to the director.").wait_for()
    shot(ew, "ew-version", full=True)
    ew.get_by_role("button", name="Send our version to the director").click()
    ew.locator('.board-button.status-disputed[data-board="2"]').wait_for()
    assert not TravellerLine.objects.filter(board__number=2).exists()

    room.goto(url + reverse("table_room:room", args=[TableEntry.objects.get(
        status="disputed").table.section.session_id]))  # fmt: skip
    dispute = room.locator(".room-dispute")
    text = dispute.inner_text()
    assert "Table A1 · Board 2" in text and "phones NS / EW" in text
    assert "NS entered: 3NT S -1 -100" in text and "EW say: 3NT S = +600" in text
    shot(room, "control-room-dispute", full=True)
    dispute.get_by_label("EW say:").check()
    dispute.get_by_role("button", name="Settle").click()
    room.get_by_text("Board 2 settled.").wait_for()
    assert TravellerLine.objects.get(board__number=2).score_ns == 600


def table_plays_its_round(code: str) -> None:
    """Another table's two phones play their round through the API, and both
    pairs confirm it before they move."""
    ns, ew = Phone(code, seat="NS"), Phone(code, seat="EW")
    for board in ns.round()["boards"]:
        sent = ns.send(board["number"]).json()
        assert ew.post(f"results/{sent['id']}/confirm").status_code == 200
    for pair in (ns, ew):
        assert pair.post("rounds/1/confirm").status_code == 200


def both_confirm_the_round(
    ns: Page, ew: Page, room: Page, code1: str, table2: str
) -> None:
    for page, score in ((ns, "+600"), (ew, "-600")):
        page.get_by_text("End of round 1").wait_for()
        cells = page.locator("table.scorecard tbody tr").nth(1).locator("td")
        assert cells.nth(3).inner_text() == score  # board 2 from their side
    # East-West move on: their phone says where; North-South stay.
    ew.get_by_text("You go to table 2, East-West.").wait_for()
    ns.get_by_text("You stay at table 1, North-South.").wait_for()
    shot(ew, "ew-scorecard", full=True)
    room.reload()
    assert "not confirmed: round 1 at" in room.locator("#room-live").inner_text()
    ns.get_by_role("button", name="Confirm round 1").click()
    ns.locator(".table-head .round").wait_for()
    assert ns.locator(".table-head .round").inner_text() == "Round 2"
    # East-West's phone goes with them to table 2, no code typed: it waits
    # while table 2 finishes round 1, then it is table 2's East-West phone.
    ew.get_by_role("button", name="Confirm round 1").click()
    ew.locator(".table-busy").wait_for()
    head = ew.locator(".table-head").inner_text()
    assert "Table 2" in head and "Round 2" in head
    shot(ew, "ew-table-busy")
    table_plays_its_round(table2)
    ew.locator(".pair.ew .label").get_by_text("1EW").wait_for()
    head = ew.locator(".table-head").inner_text()
    assert "Table 2" in head and "Round 2" in head and "This phone: EW" in head
    assert ew.evaluate("localStorage.getItem('table.previous')") is None
    token = ew.evaluate(f"JSON.parse(localStorage.getItem('table.token.{code1}'))")
    pairs = table_of_token(token).holders or frozenset()
    assert [p.label for p in Pair.objects.filter(pk__in=pairs)] == ["1EW"]
    room.reload()
    assert "not confirmed:" not in room.locator("#room-live").inner_text()
    assert RoundConfirmation.objects.count() == 4  # both tables, both pairs


def the_director_corrects_board_1(ns: Page, ew: Page, room: Page, url: str) -> None:
    line = TravellerLine.objects.get(board__number=1)
    room.goto(url + reverse("scoring:line_edit", args=[line.pk]))
    room.fill("#id_entry", "4S N -1")
    with room.expect_navigation():
        room.locator("#id_entry").press("Enter")
    notice = "Board 1 was corrected by the director: 4S= N NS +420 → 4S-1 N NS -50"
    for page in (ns, ew):  # East-West read it at their new table
        page.locator(".table-notices .notice").get_by_text(notice).wait_for()
    shot(ew, "ew-notice")
    notices = ew.locator(".table-notices .notice")
    assert notices.count() == 2  # the settled board 2, the corrected board 1
    for _ in range(2):
        notices.first.get_by_role("button", name="Read").click()
    assert ew.locator(".table-notices").is_hidden()
    ew.reload()
    ew.locator(".board-button").first.wait_for()
    assert ew.locator(".table-notices").is_hidden()  # read stays read


def test_both_pairs_play_a_round_on_their_own_phones(
    live_server: LiveServer, browser: Browser, session: Session
) -> None:
    url = live_server.url
    codes = {c.table: c.code for c in codes_ensure(session)}
    code = codes[1]
    room = director(browser, url, session)
    ns = sit(browser, url, code, "NS", "en-GB")
    ew = sit(browser, url, code, "EW", "en-GB")
    south = sit(browser, url, code, "S", "it-IT")
    west = sit(browser, url, code, "W", "es-ES")
    # Four phones, three languages: each reads the table in its own.
    assert south.locator("html").get_attribute("lang") == "it"
    assert south.locator("#table-call").inner_text() == "Chiama l'arbitro"
    assert west.locator("html").get_attribute("lang") == "es"
    assert west.locator("#table-call").inner_text() == "Llamar al director"
    assert ns.locator("#table-call").inner_text() == "Call the director"
    assert ns.locator(".table-head .seat").inner_text() == "This phone: NS"
    shot(ns, "ns-round")
    shot(west, "west-round-es")

    ns_enter_ew_accept(ns, ew)
    a_rejection_is_a_dispute(ns, ew, room, url)
    both_confirm_the_round(ns, ew, room, code, codes[2])
    the_director_corrects_board_1(ns, ew, room, url)

    devices = set(ChangeLog.objects.exclude(device="").values_list("action", "device"))
    assert {
        ("sent", "table A1 NS"),
        ("entered", "table A1 EW"),
        ("disputed", "table A1 EW"),
        ("confirmed", "table A1 NS"),
        ("confirmed", "table A1 EW"),
    } <= devices
    settled = ChangeLog.objects.get(action="settled")
    assert settled.user is not None and settled.user.username == "td"


def test_an_offline_phone_keeps_its_results_through_a_reload(
    live_server: LiveServer, browser: Browser, session: Session
) -> None:
    Session.objects.filter(pk=session.pk).update(table_confirm="scorer")
    code = {c.table: c for c in codes_ensure(session)}[2].code
    context = phone(browser)
    page = context.new_page()
    page.goto(live_server.url + reverse("table:code", args=[code]))
    page.locator(".board-button").first.wait_for()
    page.wait_for_function("() => window.tableKept === true")  # the page is kept

    context.set_offline(True)
    for board, contract in ((3, (2, "H", "E")), (4, (1, "NT", "W"))):
        enter(page, board, contract, result=-1)
        page.get_by_role("button", name="Send to East-West").click()
        page.get_by_role("button", name="← Boards").click()
    banner = page.locator("#table-banner")
    banner.get_by_text("2 results waiting to be sent").wait_for()
    page.reload()  # offline: the service worker has the page
    banner.get_by_text("2 results waiting to be sent").wait_for()
    queued = page.locator(".board-button.status-queued")
    assert queued.count() == 2
    shot(page, "offline-after-reload")
    # Chromium's offline mode may let a request that passes the service worker
    # reach the server and lose only its answer, as a dropping Wi-Fi does: the
    # phone keeps what it has no answer for, and sends it again (its client id
    # keeps it single).
    sent = list(TableEntry.objects.values_list("board__number", flat=True))
    assert len(sent) == len(set(sent)) and set(sent) <= {3, 4}

    context.set_offline(False)
    page.locator('.board-button.status-pending[data-board="4"]').wait_for()
    assert banner.is_hidden()
    for board in (3, 4):
        page.locator(f'button.board-button[data-board="{board}"]').click()
        page.get_by_role("button", name="Accept").click()
        page.get_by_role("button", name="Continue").click()
    page.get_by_text("End of round 1").wait_for()
    entries = TableEntry.objects.filter(table__code=code)
    assert sorted(entries.values_list("board__number", flat=True)) == [3, 4]
    lines = TravellerLine.objects.filter(section__session=session, table=2)
    assert sorted(lines.values_list("board__number", flat=True)) == [3, 4]
    shot(page, "offline-back-online")


def test_the_phone_warns_on_the_result_sent_and_names_what_to_check(
    live_server: LiveServer, browser: Browser, session: Session
) -> None:
    """Board 5 was dealt from a hand record: North holds every spade, East
    every heart. The preview reads nothing of the deal; a spade lead is not
    East's and is refused when sent; sent with a heart lead, 4♥ by North making
    is far from double dummy and on the wrong side: East-West read why before
    they accept."""
    Session.objects.filter(pk=session.pk).update(table_confirm="scorer")
    Board.objects.update_or_create(
        session=session, number=5, defaults={"deal": DEAL, "analysis": ANALYSIS}
    )
    code = {c.table: c for c in codes_ensure(session)}[3].code
    page = phone(browser).new_page()
    page.goto(live_server.url + reverse("table:code", args=[code]))
    enter(page, 5, (4, "H", "N"), lead=("S", "T"))
    page.locator(".score-preview .scores").wait_for()
    assert page.locator(".score-preview .warnings").count() == 0
    page.get_by_role("button", name="Send to East-West").click()
    error = page.locator("#table-screen .table-error")
    error.wait_for()
    assert "does not hold ♠10" in error.inner_text()  # refused, nothing changed
    assert (
        page.locator('fieldset.level button[data-value="4"]').get_attribute(
            "aria-pressed"
        )
        == "true"
    )
    assert not TableEntry.objects.exists()
    pick(page, "lead-suit", "H")
    pick(page, "lead-rank", "K")
    page.get_by_role("button", name="Send to East-West").click()
    page.get_by_text("EW: accept this result?").wait_for()
    warnings = page.locator(".warnings li")
    assert page.locator(".warnings-title").inner_text() == "Check before accepting:"
    fields = [warnings.nth(i).get_attribute("data-field") for i in range(2)]
    assert fields == ["tricks", "declarer"]
    shot(page, "warnings", full=True)
