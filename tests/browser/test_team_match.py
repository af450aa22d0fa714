"""One team match at its two tables (Debian's chromium through Playwright,
390×844): a 4-team round robin's match 1, its open room (table 1, home NS) and
closed room (table 2, away NS), each pair on its own phone. North-South enter,
East-West accept on theirs; the closed room sees nothing of the open room's
board before playing it; once a board is complete in both rooms each phone
shows the match score from its own team's side, and after the last board the
VPs, equal to ``results --json``.

Runs in the SQLite pass only (see conftest.py). Screenshots: /tmp/shots-teams/.
"""

from __future__ import annotations

import contextlib
import json
from io import StringIO
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from django.core.management import call_command
from pytest_django.live_server_helper import LiveServer

from scoring.models import TravellerLine
from scoring.table.play.codes import codes_ensure
from tests.browser.checks import assert_accessible, assert_fits
from tests.browser.test_table_pairs import sit
from tests.browser.test_table_phones import enter
from tournaments.models import Match, Session

if TYPE_CHECKING:  # at run time playwright may be missing: the module is skipped
    from playwright.sync_api import Browser, Page

try:
    from playwright.sync_api import Error as PlaywrightError
except ImportError:  # the module is skipped (conftest.py)
    PlaywrightError = Exception  # type: ignore[misc,assignment]

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path("/tmp/shots-teams")


def run(command: str, *args: str) -> str:
    out = StringIO()
    call_command(command, *args, stdout=out)
    return out.getvalue()


def checked(page: Page, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)
    assert_fits(page)
    assert_accessible(page, name)


@pytest.fixture
def session() -> Session:
    printed = run("new_event", "--name", "Teams night", "--teams", "4",
                  "--boards-per-match", "2")  # fmt: skip
    session = Session.objects.get(pk=int(printed.split()[-1]))
    Session.objects.filter(pk=session.pk).update(table_confirm="own")
    return session


def played(ns: Page, ew: Page, board: int, result: int) -> None:
    """North-South enter 4S by North (``result``: over or under), East-West
    accept it on their phone; both back at their boards (or the scorecard)."""
    enter(ns, board, (4, "S", "N"), result=result, lead=("H", "K"))
    ns.get_by_role("button", name="Send to East-West").click()
    ew.get_by_role("button", name="Accept", exact=True).click()
    ew.locator("section.shown").wait_for()
    on = ew.get_by_role("button", name="Continue")
    on.or_(ew.get_by_text("End of round")).first.wait_for()
    if on.count():
        with contextlib.suppress(PlaywrightError):  # the scorecard replaced it
            on.click(timeout=3000)
    for page in (ew, ns):
        done = page.locator(f'.board-button.status-accepted[data-board="{board}"]')
        done.or_(page.get_by_text("End of round")).first.wait_for()


def score_of(page: Page, text: str) -> None:
    page.locator(".match .match-score", has_text=text).first.wait_for()


def match_said(session: Session) -> dict[str, Any]:
    data = json.loads(run("results", str(session.event_id), "--json"))
    match = Match.objects.get(round=1, open_table=1)
    said: dict[str, Any] = next(
        m for m in data["matches"]
        if (m["round"], m["home"], m["away"]) == (1, match.home.name, match.away.name)
    )  # fmt: skip
    return said


def test_one_match_through_its_boards_on_four_phones(
    live_server: LiveServer, browser: Browser, session: Session
) -> None:
    codes = {c.table: c.code for c in codes_ensure(session)}
    open_ns, open_ew, closed_ns, closed_ew = (
        sit(browser, live_server.url, codes[table], side, "en-GB")
        for table, side in ((1, "NS"), (1, "EW"), (2, "NS"), (2, "EW"))
    )
    match = Match.objects.get(round=1, open_table=1)
    open_ns.get_by_text("Match 1 · Open room").wait_for()
    closed_ns.get_by_text("Match 1 · Closed room").wait_for()
    teams = f"Your team: {match.away.name}, against {match.home.name}"
    closed_ns.get_by_text(teams).wait_for()
    checked(open_ns, "open-ns-start")
    # Open room, board 1: 4S N made, home +420.
    played(open_ns, open_ew, 1, 0)
    closed_ns.get_by_text("0 of 2 boards complete in both rooms").wait_for()
    assert "420" not in closed_ns.locator("#table-screen").inner_text()
    # Closed room, board 1: 4S N one down, away −50: 470 to home, 10 IMPs.
    played(closed_ns, closed_ew, 1, -1)
    score_of(open_ns, "Match score: 10 – 0 IMPs")  # home's side
    score_of(closed_ns, "Match score: 0 – 10 IMPs")  # away's side
    score_of(closed_ew, "Match score: 10 – 0 IMPs")  # home sits EW here
    checked(closed_ns, "closed-ns-after-board-1")
    # Board 2 (NS vulnerable): 4S N made in both rooms, no swing.
    played(open_ns, open_ew, 2, 0)
    played(closed_ns, closed_ew, 2, 0)
    said = match_said(session)
    assert (said["imps_home"], said["imps_away"]) == (10, 0)
    vps = f"Victory points: {said['vp_home']:.2f} – {said['vp_away']:.2f}"
    for page in (open_ns, open_ew, closed_ns, closed_ew):
        page.get_by_text("End of round 1").wait_for()
    open_ns.locator(".match .final", has_text=vps).wait_for()
    theirs = f"Victory points: {said['vp_away']:.2f} – {said['vp_home']:.2f}"
    closed_ns.locator(".match .final", has_text=theirs).wait_for()
    checked(open_ns, "open-ns-scorecard-vps")
    assert TravellerLine.objects.filter(section__session=session).count() == 4
