"""Phones that follow their pair through a whole evening (Debian's chromium
through Playwright, 390×844): a 3-table Mitchell of 3 rounds on six phones,
North-South and East-West each on its own, and an 8-player individual on four
phones a table. Each phone signs in once with its first table's card; at the
end of a round it says where its pair (its player) goes and is then that
table's phone for it. Every board is entered and accepted on the phones; at
the end there is one line per board and table, each phone shows its own pair's
scorecard, and no phone can act for another pair.

Runs in the SQLite pass only (see conftest.py). Screenshots: /tmp/shots-follow/.
"""

from __future__ import annotations

import json
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from django.test import Client
from pytest_django.live_server_helper import LiveServer

from movements.models import Seating
from scoring.models import PairPhone, TableEntry, TravellerLine
from scoring.table.play.codes import codes_ensure
from tests.browser.checks import assert_accessible, assert_fits
from tests.browser.phones import (
    SEATS,
    WORDS,
    acts,
    boards_of,
    confirm_round,
    play_board,
    seat_label,
    seat_of,
    sit,
    token,
)
from tests.individuals.factory import individual_section
from tournaments.models import Session

if TYPE_CHECKING:  # at run time playwright may be missing: the module is skipped
    from playwright.sync_api import Browser, Page

try:
    from playwright.sync_api import Error as PlaywrightError
except ImportError:  # the module is skipped (conftest.py)
    PlaywrightError = Exception  # type: ignore[misc,assignment]

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path("/tmp/shots-follow")


def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def checked(page: Page, name: str) -> None:
    shot(page, name)
    assert_fits(page)
    assert_accessible(page, name)


@pytest.fixture
def mitchell(own_phones: Session) -> Session:
    return own_phones


def test_six_phones_follow_their_pairs_through_a_mitchell(
    live_server: LiveServer, browser: Browser, mitchell: Session
) -> None:
    codes = {c.table: c.code for c in codes_ensure(mitchell)}
    phones = {
        f"{t}{side}": sit(browser, live_server.url, codes[t], side, "en-GB")
        for t in (1, 2, 3)
        for side in ("NS", "EW")
    }
    for rnd in (1, 2, 3):
        mitchell_round(mitchell, phones, codes, rnd)
        for label, page in phones.items():
            scorecard_read(mitchell, label, page, rnd)
            confirm_round(page, rnd)
    for label, page in phones.items():
        page.get_by_text("Thank you for playing!").wait_for()
        links = page.locator(".personal-pages a").all_inner_texts()
        assert links == [label], label
    checked(phones["1EW"], "mitchell-thanks")
    lines = TravellerLine.objects.filter(section__session=mitchell)
    assert lines.count() == 18  # 3 tables, 3 rounds, 2 boards
    assert len({(x.board_id, x.ns_pair_id, x.ew_pair_id) for x in lines}) == 18
    for line in lines:  # each at the table where both its pairs sat
        assert line.round is not None
        for pair in (line.ns_pair, line.ew_pair):
            assert seat_of(mitchell, pair.label, line.round)[0] == line.table
    assert PairPhone.objects.filter(signed_in__section__session=mitchell).count() == 6


def mitchell_round(
    session: Session, phones: dict[str, Page], codes: dict[int, str], rnd: int
) -> None:
    """Each table plays its boards on the phones of the pairs there now."""
    at = {seat_of(session, label, rnd): label for label in phones}
    for table in (1, 2, 3):
        ns, ew = phones[at[table, "N"]], phones[at[table, "E"]]
        head = ew.locator(".table-head")
        head.get_by_text(f"Section A · Table {table}").wait_for()
        head.get_by_text(f"Round {rnd}").wait_for()
        assert ew.locator(".pair.ew .label").inner_text() == at[table, "E"]
        if (rnd, table) == (2, 2):
            checked(ew, "mitchell-ew-at-its-next-table")
        for board in boards_of(session, table, rnd):
            tried = partial(no_phone_acts_for_another_pair, phones, codes, board)
            play_board(ns, ew, board, tried if (rnd, table) == (3, 1) else None)


def scorecard_read(session: Session, label: str, page: Page, rnd: int) -> None:
    """The phone shows its own pair's boards of the round, and where it goes."""
    table = seat_of(session, label, rnd)[0]
    page.get_by_text(f"End of round {rnd}").wait_for()
    cells = page.locator("table.scorecard tbody tr td:first-child")
    assert [int(n) for n in cells.all_inner_texts()] == boards_of(
        session, table, rnd
    ), label
    if rnd < 3:
        then, seat = seat_of(session, label, rnd + 1)
        stays = "go to" if then != table else "stay at"
        side = "North-South" if seat == "N" else "East-West"
        page.get_by_text(f"You {stays} table {then}, {side}.").wait_for()
    if (rnd, label) == (1, "1EW"):
        checked(page, "mitchell-ew-scorecard-go-to")


def no_phone_acts_for_another_pair(
    phones: dict[str, Page], codes: dict[int, str], board: int
) -> None:
    """Round 3, table 1: 1NS has sent ``board``; 2EW sits there now. The
    phones of 1EW (table 1's first East-West, signed in there) and 3EW (its
    last) can neither accept, reject nor send it for table 1."""
    entry = TableEntry.objects.get(status="pending", table__table=1)
    assert entry.board.number == board
    for label, code in (("1EW", codes[1]), ("3EW", codes[3])):
        kept = token(phones[label], code)
        for decision in ("confirm", "reject"):
            assert acts(kept, f"results/{entry.pk}/{decision}") == 404, label
        body = {
            "board": board,
            "contract": "3NT",
            "declarer": "S",
            "tricks": 9,
            "lead": "C2",
        }
        client = Client(headers={"Authorization": f"Bearer {kept}"})
        sent = client.post(
            "/api/table/results",
            json.dumps({**body, "client_id": f"{label}-try"}),
            "application/json",
        )
        assert sent.status_code == 409, (label, sent.content)
    entry.refresh_from_db()
    assert entry.status == "pending"


def test_an_individuals_players_follow_their_seats(
    live_server: LiveServer, browser: Browser
) -> None:
    section = individual_section(8)
    session = section.session
    Session.objects.filter(pk=session.pk).update(table_confirm="own")
    codes = {c.table: c.code for c in codes_ensure(session)}
    phones = {}
    for row in Seating.objects.filter(section=section, round=1):
        ids = (row.ns_pair, row.ew_pair, row.south, row.west)
        for seat, player in zip(SEATS, ids, strict=True):
            assert player is not None
            page = sit(browser, live_server.url, codes[row.table], seat, "en-GB")
            phones[player.label] = page
    for rnd in (1, 2):
        individual_round(session, phones, rnd)
        # Every player reads where he goes before the first confirms (a
        # side's confirmation is its two players').
        for label, page in phones.items():
            where_next_read(session, label, page, rnd)
        if rnd == 1:
            checked(phones[seat_label(session, 1, "W", 1)], "individual-west-go-to")
        for page in phones.values():
            confirm_round(page, rnd)
    lines = TravellerLine.objects.filter(section=section)
    assert lines.count() == 8  # 2 tables, 2 rounds, 2 boards
    for label, page in phones.items():
        table, seat = seat_of(session, label, 3)
        page.locator(f".players .seat-{seat}.mine").wait_for()
        assert f"Table {table}" in page.locator(".table-head").inner_text()
    checked(phones[seat_label(session, 1, "S", 3)], "individual-round-3")


def individual_round(session: Session, phones: dict[str, Page], rnd: int) -> None:
    """Each player's phone at his seat; North enters, East accepts."""
    for table in (1, 2):
        for seat in SEATS:
            page = phones[seat_label(session, table, seat, rnd)]
            page.locator(f".players .seat-{seat}.mine").wait_for()
            assert f"Round {rnd}" in page.locator(".table-head").inner_text()
        north = phones[seat_label(session, table, "N", rnd)]
        east = phones[seat_label(session, table, "E", rnd)]
        for board in boards_of(session, table, rnd):
            play_board(north, east, board)


def where_next_read(session: Session, label: str, page: Page, rnd: int) -> None:
    table, seat = seat_of(session, label, rnd + 1)
    stays = "stay at" if (table, seat) == seat_of(session, label, rnd) else "go to"
    back = page.get_by_role("button", name="← Boards")
    if back.count():  # West's phone, left on the board East accepted
        back.click()
    page.get_by_text(f"You {stays} table {table}, {WORDS[seat]}.").wait_for()
