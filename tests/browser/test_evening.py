"""A whole evening in the browser (Debian's chromium through Playwright),
issue 27's proof: a 3-table Mitchell of 3 rounds on six phones, North-South
and East-West each on their own (390×844), and an 8-player individual of 3
rounds on four phones a table. Each phone signs in once at its first table and
follows its pair (its player) through the movement. On the way: a typo fixed
at the table without the director; a dispute the director settles in the
control room (1200 px); one phone switched to Spanish with its own selector,
carrying on in Spanish; one phone offline for a round, its results queued and
sent exactly once when back. axe-core and the 390-px check on every distinct
screen, once a language. At the end: one line per board and table, each phone
showing its own pair's (player's) scorecard, and no phone able to act for
another pair.

Runs in the SQLite pass only (see conftest.py). Screenshots: /tmp/shots-evening/.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from django.urls import reverse
from pytest_django.live_server_helper import LiveServer

from scoring.models import ChangeLog, TableEntry, TravellerLine
from scoring.table.play.codes import codes_ensure
from tests.browser.checks import assert_accessible, assert_fits
from tests.browser.phones import (
    SEATS,
    WORDS,
    PlaywrightError,
    acts,
    boards_of,
    choose,
    confirm_round,
    director,
    enter,
    pick,
    play_board,
    say,
    seat_label,
    seat_of,
    sent_and_accepted,
    sit,
    token,
)
from tournaments.models import Session
from tournaments.setup.individuals import individual_event_create

if TYPE_CHECKING:  # at run time playwright may be missing: the module is skipped
    from playwright.sync_api import Browser, Page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path("/tmp/shots-evening")
ROUNDS = (1, 2, 3)


@dataclass
class Evening:
    """The session, its phones by pair (player) label, the codes they signed
    in with, the director's control room, and the screens checked so far."""

    session: Session
    phones: dict[str, Page]
    codes: dict[str, str]
    room: Page
    kind: str
    seen: set[tuple[str, str]] = field(default_factory=set)

    def look(self, page: Page, name: str) -> None:
        """The screen fits 390 px and passes axe-core, once a language."""
        language = page.locator("html").get_attribute("lang") or ""
        if (name, language) in self.seen:
            return
        self.seen.add((name, language))
        SHOTS.mkdir(exist_ok=True)
        shot = SHOTS / f"{self.kind}-{name}-{language}.png"
        page.screenshot(path=str(shot), full_page=True)
        assert_fits(page)
        assert_accessible(page, f"evening {self.kind} {name} ({language})")

    def at(self, rnd: int) -> dict[tuple[int, str], str]:
        """Who sits where in the round: (table, seat) -> label."""
        return {seat_of(self.session, h, rnd): h for h in self.phones}


@dataclass(frozen=True)
class Plan:
    """Where the evening's events happen: (round, table)."""

    typo: tuple[int, int] = (2, 1)  # its East-West phone switched to Spanish
    dispute: tuple[int, int] = (1, 2)
    offline: tuple[int, int] = (2, 2)  # its North-South (North) phone
    guard: tuple[int, int] = (3, 1)  # the other phones try to act there


PLAN = Plan()


def evening_begins(browser: Browser, url: str, session: Session, kind: str) -> Evening:
    """Every phone opens its first table's card and names its seat; the
    director opens the control room."""
    room = director(browser, url, session)
    room.goto(url + reverse("table_room:room", args=[session.pk]))
    codes = {c.table: c.code for c in codes_ensure(session)}
    named = {"N": "NS", "E": "EW"} if kind == "pairs" else {s: s for s in SEATS}
    phones, signed = {}, {}
    for seat, name in named.items():
        for table, code in sorted(codes.items()):
            holder = seat_label(session, table, seat, 1)
            phones[holder] = sit(browser, url, code, name, "en-GB")
            signed[holder] = code
    return Evening(session, phones, signed, room, kind)


def one_phone_speaks_spanish(ev: Evening) -> Page:
    """The East-West (East) phone of the typo's table picks Spanish in its own
    selector before the first round, and is answered in Spanish."""
    rnd, table = PLAN.typo
    page = ev.phones[ev.at(rnd)[table, "E"]]
    ev.look(page, "round")
    answer = choose(page, "es")
    assert answer.status == 302, answer.status  # not 403: CSRF verified
    page.locator(".table-head .seat").wait_for()
    assert page.locator("html").get_attribute("lang") == "es"
    assert page.get_by_role("button", name="Llamar al director").is_visible()
    ev.look(page, "round")
    return page


def round_played(ev: Evening, rnd: int) -> None:
    """Each table plays its boards on the phones of those there now; then
    every phone reads its scorecard and where it goes, and confirms."""
    at = ev.at(rnd)
    for table in sorted({t for t, _seat in at}):
        north, east = ev.phones[at[table, "N"]], ev.phones[at[table, "E"]]
        for page in (north, east):
            head = page.locator(".table-head")
            head.get_by_text(say(page, "Round %(round)s", round=rnd)).wait_for()
            assert f" {table}" in head.locator("h1").inner_text()
        table_plays(ev, rnd, table, north, east)
    for label, page in ev.phones.items():
        scorecard_read(ev, label, page, rnd)
    for page in ev.phones.values():
        confirm_round(page, rnd)


def table_plays(ev: Evening, rnd: int, table: int, north: Page, east: Page) -> None:
    first, second = boards_of(ev.session, table, rnd)
    if (rnd, table) == PLAN.offline:
        offline_round(ev, north, east, [first, second])
        return
    if (rnd, table) == PLAN.typo:
        typo_fixed_at_the_table(ev, north, east, first)
    elif (rnd, table) == PLAN.dispute:
        dispute_settled(ev, north, east, first)
    else:
        play_board(north, east, first)
    guard = None
    if (rnd, table) == PLAN.guard:
        guard = partial(no_phone_acts_for_another, ev, rnd, table, second)
    play_board(north, east, second, guard)


def ew_rejects(ew: Page, result: int, to: str) -> None:
    """East-West's phone rejects the result shown, with their own result."""
    ew.get_by_role("button", name=say(ew, "Reject"), exact=True).click()
    pick(ew, "result", result)
    ew.get_by_role("button", name=to).click()


def typo_fixed_at_the_table(ev: Evening, ns: Page, ew: Page, board: int) -> None:
    """North-South send 4♠ +1 for 4♠ made; East-West send their version back;
    North-South take it and send it; East-West accept. No director."""
    enter(ns, board, (4, "S", "N"), result=1, lead=("H", "K"))
    ev.look(ns, "entry-with-lead")
    ns.get_by_role("button", name=say(ns, "Send to East-West")).click()
    ns.get_by_text(say(ns, "Sent: %(side)s accept it on their phone.",
                       side=say(ns, "East-West"))).wait_for()  # fmt: skip
    ev.look(ns, "waiting-for-ew")
    ew.get_by_role("button", name=say(ew, "Accept"), exact=True).wait_for()
    ev.look(ew, "confirm")
    to_ns = say(ew, "Send our version to %(side)s", side=say(ew, "North-South"))
    ew_rejects(ew, 0, to_ns)
    ns.locator(".they-say").wait_for()
    ev.look(ns, "they-say")
    ns.get_by_role("button", name=say(ns, "Correct our result")).click()
    ns.locator('fieldset.result button[data-value="0"][aria-pressed="true"]').wait_for()
    ev.look(ns, "correct-ours")
    sent_and_accepted(ns, ew, board)
    line = TravellerLine.objects.get(
        board__number=board, round=PLAN.typo[0], table=PLAN.typo[1]
    )
    assert (line.tricks, line.lead) == (10, "HK")  # made, as East-West said
    # The evening's one dispute is round 1's, settled before: none more here.
    assert ChangeLog.objects.filter(action="disputed").count() == 1


def dispute_settled(ev: Evening, ns: Page, ew: Page, board: int) -> None:
    """East-West reject twice: a dispute, settled by the director in the
    control room with East-West's version; both phones say so."""
    enter(ns, board, (4, "S", "N"), lead=("H", "K"))
    ns.get_by_role("button", name=say(ns, "Send to East-West")).click()
    ew_rejects(
        ew, -1, say(ew, "Send our version to %(side)s", side=say(ew, "North-South"))
    )
    ew.locator(f'button.board-button[data-board="{board}"]').click()
    checking = say(
        ew, "%(side)s are checking your version.", side=say(ew, "North-South")
    )
    ew.get_by_text(checking).wait_for()
    ev.look(ew, "answer-waiting")
    ns.get_by_role("button", name=say(ns, "Keep ours: send it again")).click()
    to_td = say(ew, "Send our version to the director")
    ew.get_by_role("button", name=say(ew, "Reject"), exact=True).click()
    ew.get_by_role("button", name=to_td).wait_for()
    ev.look(ew, "version-to-director")
    pick(ew, "result", -1)
    ew.get_by_role("button", name=to_td).click()
    ns.locator(f'.board-button.status-disputed[data-board="{board}"]').wait_for()
    ev.look(ns, "disputed")
    settled_in_the_room(ev, board)
    for page in (ns, ew):
        settled = page.locator(f'.board-button.status-settled[data-board="{board}"]')
        settled.get_by_text(say(page, "Settled by the director")).wait_for()
    ev.look(ew, "settled")


def settled_in_the_room(ev: Evening, board: int) -> None:
    dispute = ev.room.locator(".room-dispute")
    dispute.wait_for()  # came through the change feed
    assert f"Board {board}" in dispute.inner_text()
    ev.room.screenshot(path=str(SHOTS / f"{ev.kind}-room-dispute.png"))
    dispute.get_by_label("EW say:").check()
    dispute.get_by_role("button", name="Settle").click()
    ev.room.get_by_text(f"Board {board} settled.").wait_for()
    line = TravellerLine.objects.get(
        board__number=board, round=PLAN.dispute[0], table=PLAN.dispute[1]
    )
    assert (line.tricks, line.lead) == (9, "HK")  # East-West's, with the lead
    assert ev.room.locator(".results .settled").first.is_visible()


def offline_round(ev: Evening, north: Page, east: Page, boards: list[int]) -> None:
    """North's phone loses the network for its round: both results wait on
    the phone, then go once each when it is back; East-West accept them."""
    north.wait_for_function("() => window.tableKept === true")
    north.context.set_offline(True)
    for board in boards:
        enter(north, board, (3, "NT", "N"), result=-1, lead=("C", "T"))
        north.get_by_role("button", name=say(north, "Send to East-West")).click()
        north.get_by_role("button", name=say(north, "← Boards")).click()
    banner = north.locator("#table-banner")
    banner.get_by_text("2 results waiting to be sent").wait_for()
    ev.look(north, "offline-queued")
    # Chromium's offline mode may let a request reach the server and lose
    # only its answer: then the phone sends it again, and its id keeps it one.
    rnd, table = PLAN.offline
    sent = TableEntry.objects.filter(
        board__number__in=boards, round=rnd, table__table=table
    )
    assert sent.count() <= 2
    north.context.set_offline(False)
    for _board in boards:
        accepted_one(east)
    north.get_by_text(say(north, "End of round %(round)s", round=rnd)).wait_for()
    assert banner.is_hidden()
    # Exactly once each: no second entry, not even one set aside.
    assert sorted(sent.values_list("board__number", flat=True)) == boards
    assert set(sent.values_list("status", flat=True)) == {"accepted"}


def accepted_one(east: Page) -> None:
    """East-West accept whichever of the results waiting comes first."""
    accept = east.get_by_role("button", name=say(east, "Accept"), exact=True)
    waiting = east.locator(".board-button.status-to_confirm").first
    accept.or_(waiting).first.wait_for()
    if not accept.is_visible():
        waiting.click()
    accept.click()
    east.locator(".shown .scores").wait_for()
    on = east.get_by_role("button", name=say(east, "Continue"))
    ended = east.get_by_text(say(east, "End of round %(round)s", round="")[:-1])
    on.or_(ended).first.wait_for()
    if on.is_visible():
        with contextlib.suppress(PlaywrightError):  # the scorecard replaced it
            on.click(timeout=3000)


def no_phone_acts_for_another(ev: Evening, rnd: int, table: int, board: int) -> None:
    """While ``board`` waits for East-West at ``table``: every phone of a pair
    (player) seated elsewhere can neither accept nor reject it, nor send it
    for ``table``; North-South's own phones cannot accept it for East-West."""
    entry = TableEntry.objects.get(status="pending", board__number=board)
    here = {h for (t, _s), h in ev.at(rnd).items() if t == table}
    body = {"board": board, "contract": "3NT", "declarer": "S", "tricks": 9,
            "lead": "SA"}  # fmt: skip
    for label, page in ev.phones.items():
        kept = token(page, ev.codes[label])
        if label in here:
            if seat_of(ev.session, label, rnd)[1] in "NS":  # the senders' side
                assert acts(kept, f"results/{entry.pk}/confirm") == 409, label
            continue
        for decision in ("confirm", "reject"):
            assert acts(kept, f"results/{entry.pk}/{decision}") == 404, label
        if board in boards_of(ev.session, seat_of(ev.session, label, rnd)[0], rnd):
            continue  # a barometer: its own table plays the board too
        tried = {**body, "client_id": f"{label}-try"}
        assert acts(kept, "results", tried) == 409, label
    entry.refresh_from_db()
    assert entry.status == "pending"


def scorecard_read(ev: Evening, label: str, page: Page, rnd: int) -> None:
    """The phone shows its own pair's (player's) boards of the round, and
    where it goes next."""
    table, seat = seat_of(ev.session, label, rnd)
    back = page.get_by_role("button", name=say(page, "← Boards"))
    if back.count():  # a phone left on the board its side accepted
        back.click()
    page.get_by_text(say(page, "End of round %(round)s", round=rnd)).wait_for()
    cells = page.locator("table.scorecard tbody tr td:first-child")
    assert [int(n) for n in cells.all_inner_texts()] == boards_of(
        ev.session, table, rnd
    ), label
    ev.look(page, "scorecard")
    if rnd == ROUNDS[-1]:
        return
    then, goes = seat_of(ev.session, label, rnd + 1)
    where = say(page, WORDS[goes]) if ev.kind == "individual" else say(
        page, "North-South" if goes == "N" else "East-West")  # fmt: skip
    stays = (then, goes) == (table, seat)
    text = "You stay at table %(table)s, %(seat)s." if stays else (
        "You go to table %(table)s, %(seat)s.")  # fmt: skip
    page.get_by_text(say(page, text, table=then, seat=where)).wait_for()


def evening_ends(ev: Evening, tables: int, boards_per_round: int) -> None:
    """Every phone thanks its own pair (player) and links only its own page;
    the database holds one line per board and table, each at the table where
    its pairs sat."""
    for label, page in ev.phones.items():
        page.get_by_text(say(page, "Thank you for playing!")).wait_for()
        links = page.locator(".personal-pages a").all_inner_texts()
        assert links == [label], label
        ev.look(page, "thanks")
    lines = TravellerLine.objects.filter(section__session=ev.session)
    assert lines.count() == tables * len(ROUNDS) * boards_per_round
    assert len({(x.board_id, x.round, x.table) for x in lines}) == lines.count()
    for line in lines:
        assert line.round is not None
        assert seat_of(ev.session, line.ns_pair.label, line.round)[0] == line.table
    assert not TableEntry.objects.filter(status__in=["pending", "disputed"]).exists()
    spanish = ev.phones[ev.at(PLAN.typo[0])[PLAN.typo[1], "E"]]
    assert spanish.locator("html").get_attribute("lang") == "es"


def the_evening(ev: Evening, tables: int) -> None:
    try:
        one_phone_speaks_spanish(ev)
        for rnd in ROUNDS:
            round_played(ev, rnd)
        evening_ends(ev, tables, 2)
    except Exception:
        SHOTS.mkdir(exist_ok=True)
        for label, page in ev.phones.items():  # what each phone showed
            page.screenshot(path=str(SHOTS / f"{ev.kind}-failed-{label}.png"))
        raise


def test_a_whole_mitchell_evening_on_six_phones(
    live_server: LiveServer, browser: Browser, own_phones: Session
) -> None:
    ev = evening_begins(browser, live_server.url, own_phones, "pairs")
    assert len(ev.phones) == 6
    the_evening(ev, 3)


def test_a_whole_individual_evening_on_four_phones_a_table(
    live_server: LiveServer, browser: Browser
) -> None:
    event = individual_event_create(
        name="Christmas individual", players=8, rounds=3, boards_per_round=2
    )
    session = event.sessions.get()
    Session.objects.filter(pk=session.pk).update(table_confirm="own")
    session.refresh_from_db()
    ev = evening_begins(browser, live_server.url, session, "individual")
    assert len(ev.phones) == 8
    the_evening(ev, 2)
