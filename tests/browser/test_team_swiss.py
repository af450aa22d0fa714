"""A 4-team Swiss for two rounds on eight phones (Debian's chromium through
Playwright, 390×844): two matches of two boards, four tables, each team's pairs
on their own phone. Every board is entered by North-South and accepted on
East-West's phone; the control room proposes round 2's draw from round 1's VPs
(winners meet, no rematch) and the director confirms it; the phones follow
their teams to their new match, room and opponents. Every match's IMPs and VPs
on the phones equal ``results --json``.

Runs in the SQLite pass only (see conftest.py). Screenshots: /tmp/shots-swiss/.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from django.urls import reverse
from pytest_django.live_server_helper import LiveServer

from scoring.table.play.codes import codes_ensure
from tests.browser.checks import assert_accessible, assert_fits
from tests.browser.phones import confirm_round, director, seat_of, sit
from tests.browser.test_team_match import played, run
from tournaments.models import Match, Pair, Session

if TYPE_CHECKING:  # at run time playwright may be missing: the module is skipped
    from playwright.sync_api import Browser, Page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path("/tmp/shots-swiss")


@pytest.fixture
def session() -> Session:
    printed = run("new_event", "--name", "Swiss teams", "--teams", "4",
                  "--boards-per-match", "2", "--swiss", "--rounds", "2")  # fmt: skip
    session = Session.objects.get(pk=int(printed.split()[-1]))
    Session.objects.filter(pk=session.pk).update(table_confirm="own")
    return session


def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def at_tables(session: Session, phones: dict[str, Page], rnd: int) -> dict[int, Any]:
    """Each table's NS and EW phones in round ``rnd``, from where the pairs
    holding them sit."""
    tables: dict[int, dict[str, Page]] = {}
    for label, page in phones.items():
        table, seat = seat_of(session, label, rnd)
        tables.setdefault(table, {})["NS" if seat in "NS" else "EW"] = page
    return tables


def round_played(session: Session, phones: dict[str, Page], rnd: int) -> None:
    """Board 1 of the round: 4S N made in the open room, one down in the
    closed room (home 10 IMPs); board 2 made in both (no swing)."""
    tables = at_tables(session, phones, rnd)
    first = 2 * rnd - 1
    for match in Match.objects.filter(session=session, round=rnd):
        for board, results in ((first, (0, -1)), (first + 1, (0, 0))):
            for table, result in zip(
                (match.open_table, match.closed_table), results, strict=True
            ):
                played(tables[table]["NS"], tables[table]["EW"], board, result)


def scores_as_results_json(
    session: Session, phones: dict[str, Page], rnd: int
) -> list[dict[str, Any]]:
    """Each phone's match IMPs and VPs, from its team's side, as results --json."""
    data = json.loads(run("results", str(session.event_id), "--json"))
    said = [m for m in data["matches"] if m["round"] == rnd]
    for label, page in phones.items():
        team = Pair.objects.get(section__session=session, label=label).team
        assert team is not None
        match = next(m for m in said if team.name in (m["home"], m["away"]))
        ours, theirs = (
            ("home", "away") if match["home"] == team.name else ("away", "home")
        )
        page.get_by_text(f"End of round {rnd}").wait_for()
        imps = "Match score: {:.0f} – {:.0f} IMPs".format(
            match[f"imps_{ours}"], match[f"imps_{theirs}"]
        )
        vps = "Victory points: {:.2f} – {:.2f}".format(
            match[f"vp_{ours}"], match[f"vp_{theirs}"]
        )
        page.locator(".match .match-score", has_text=imps).first.wait_for()
        page.locator(".match .final", has_text=vps).wait_for()
    return said


def test_a_swiss_of_four_teams_for_two_rounds_on_eight_phones(
    live_server: LiveServer, browser: Browser, session: Session
) -> None:
    codes = {c.table: c.code for c in codes_ensure(session)}
    phones: dict[str, Page] = {}
    for match in Match.objects.filter(session=session, round=1):
        for table, ns, ew in (
            (match.open_table, match.home, match.away),
            (match.closed_table, match.away, match.home),
        ):
            phones[f"{ns.number}NS"] = sit(
                browser, live_server.url, codes[table], "NS", "en-GB"
            )
            phones[f"{ew.number}EW"] = sit(
                browser, live_server.url, codes[table], "EW", "en-GB"
            )
    round_played(session, phones, 1)
    first = scores_as_results_json(session, phones, 1)
    winners = {m["home"] for m in first}  # each home team won by 10 IMPs
    met = {frozenset((m["home"], m["away"])) for m in first}
    # The control room proposes round 2 from the VPs; the director confirms.
    desk = director(browser, live_server.url, session)
    desk.goto(live_server.url + reverse("table_room:room", args=[session.pk]))
    draw = desk.locator(".room-swiss ol.swiss-draw li")
    draw.first.wait_for()
    proposed = [frozenset(text.split(" v ")) for text in draw.all_inner_texts()]
    assert winners in proposed and not met & set(proposed)
    assert_accessible(desk, "control-room-swiss-proposal")
    shot(desk, "control-room-proposal")
    desk.get_by_role("button", name="Confirm the draw of round 2").click()
    desk.get_by_text("Round 2 is drawn").wait_for()
    drawn = Match.objects.filter(session=session, round=2)
    assert {frozenset((m.home.name, m.away.name)) for m in drawn} == set(proposed)
    desk.get_by_role("button", name="Confirm the draw of round 2").wait_for(
        state="detached"
    )
    # Each phone confirms round 1's scorecard and follows its team.
    for page in phones.values():
        confirm_round(page, 1)
    for label, page in phones.items():
        team = Pair.objects.get(section__session=session, label=label).team
        assert team is not None
        match = next(m for m in drawn if team.pk in (m.home_id, m.away_id))
        table, _seat = seat_of(session, label, 2)
        room = "Open room" if table == match.open_table else "Closed room"
        page.get_by_text(f"Match {match.number} · {room}").wait_for()
        other = match.away if team.pk == match.home_id else match.home
        page.get_by_text(f"Your team: {team.name}, against {other.name}").wait_for()
    winner = phones[f"{next(m.home.number for m in drawn)}NS"]
    assert_fits(winner)
    assert_accessible(winner, "phone-round-2-match")
    shot(winner, "phone-round-2")
    round_played(session, phones, 2)
    second = scores_as_results_json(session, phones, 2)
    assert len(second) == 2 and all(m["vp_home"] > m["vp_away"] for m in second)
