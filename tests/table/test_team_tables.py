"""Phones at a 4-team round robin's tables: each match plays at two tables, its
open room (home NS) and its closed room (away NS); the phones sign in with the
card's code, enter and confirm on the opponents' own phone and dispute as for
pairs; the round answer names the match, the room and the teams and carries the
match's score as the engine scores it (equal to ``results --json``), hidden as
the director chose, and never from a board the phone's pairs have not played."""

from __future__ import annotations

import json
from io import StringIO
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from scoring.models import ChangeLog, TravellerLine
from scoring.table.sight.rule import Sight
from tests.factories import join, make_event
from tournaments.models import Event, Session
from tournaments.setup.teams import swiss_next_round

from .helpers import Phone, codes

pytestmark = pytest.mark.django_db

# Board 1 (none vulnerable): 4S N made in the open room, 3NT N made in the
# closed room: home +420, away +400: 20 points, 1 IMP to home.
OPEN_1 = {"contract": "4S", "declarer": "N", "tricks": 10, "lead": "C2"}
CLOSED_1 = {"contract": "3NT", "declarer": "N", "tricks": 9, "lead": "H3"}
# Board 2 (NS vulnerable): 4H S -1 in the open room (home -100), 4H S made
# in the closed room (away +620): 720 points, 12 IMPs to away.
OPEN_2 = {"contract": "4H", "declarer": "S", "tricks": 9, "lead": "SA"}
CLOSED_2 = {"contract": "4H", "declarer": "S", "tricks": 10, "lead": "SA"}


def run(command: str, *args: str) -> str:
    out = StringIO()
    call_command(command, *args, stdout=out)
    return out.getvalue()


def teams_night() -> Session:
    """Four teams, two boards a match, each side confirming on its own phone."""
    printed = run("new_event", "--name", "Teams night", "--teams", "4",
                  "--boards-per-match", "2")  # fmt: skip
    session = Session.objects.get(pk=int(printed.split()[-1]))
    Session.objects.filter(pk=session.pk).update(table_confirm="own")
    return Session.objects.get(pk=session.pk)


@pytest.fixture
def session() -> Session:
    return teams_night()


def room(session: Session, table: int) -> tuple[Phone, Phone]:
    code = codes(session)["A", table]
    return Phone(code, seat="NS"), Phone(code, seat="EW")


def played(ns: Phone, ew: Phone, board: int, said: dict[str, Any]) -> None:
    """North-South send the result, East-West accept it on their own phone."""
    sent = ns.post("results", {"board": board, "client_id": f"{board}", **said})
    assert sent.status_code == 201, sent.content
    accepted = ew.post(f"results/{sent.json()['id']}/confirm")
    assert accepted.json()["status"] == "accepted", accepted.content


def match_of(phone: Phone) -> dict[str, Any]:
    match: dict[str, Any] = phone.round()["match"]
    return match


def results_match(session: Session, home: str, away: str) -> dict[str, Any]:
    data = json.loads(run("results", str(session.event_id), "--json"))
    found: dict[str, Any] = next(
        m
        for m in data["matches"]
        if (m["round"], m["home"], m["away"]) == (1, home, away)
    )
    return found


def test_the_round_names_the_match_the_room_and_the_teams(session: Session) -> None:
    open_ns, open_ew = room(session, 1)
    closed_ns, closed_ew = room(session, 2)
    data = open_ns.round()
    match = data["match"]
    assert (match["number"], match["round"], match["room"]) == (1, 1, "open")
    home, away = match["home"], match["away"]
    assert home != away and {home, away} <= {f"Team {n}" for n in range(1, 5)}
    assert (match["ours"], match_of(open_ew)["ours"]) == ("home", "away")
    closed = match_of(closed_ns)
    assert (closed["number"], closed["room"], closed["home"]) == (1, "closed", home)
    assert (closed["ours"], match_of(closed_ew)["ours"]) == ("away", "home")
    assert [b["number"] for b in data["boards"]] == [1, 2] == match["boards"]
    assert match["boards_complete"] == 0
    assert match["imps"] == {"home": 0.0, "away": 0.0} and match["vps"] is None
    assert data["pairs"]["ns"]["label"].endswith("NS")
    assert data["pairs"]["ew"]["label"].endswith("EW")
    assert match_of(room(session, 3)[0])["number"] == 2


def test_a_board_complete_in_both_rooms_scores_the_match_as_results_json(
    session: Session,
) -> None:
    open_ns, open_ew = room(session, 1)
    closed_ns, closed_ew = room(session, 2)
    played(open_ns, open_ew, 1, OPEN_1)
    assert match_of(open_ns)["boards_complete"] == 0
    played(closed_ns, closed_ew, 1, CLOSED_1)
    match = match_of(open_ns)
    said = results_match(session, match["home"], match["away"])
    assert match["boards_complete"] == 1
    assert match["imps"] == {"home": 1.0, "away": 0.0}
    assert match["imps"] == {"home": said["imps_home"], "away": said["imps_away"]}
    assert match["vps"] is None  # the match is not over
    assert match_of(closed_ew)["imps"] == match["imps"]
    played(open_ns, open_ew, 2, OPEN_2)
    played(closed_ns, closed_ew, 2, CLOSED_2)
    over = match_of(closed_ns)
    said = results_match(session, match["home"], match["away"])
    assert over["boards_complete"] == 2
    assert over["imps"] == {"home": 1.0, "away": 12.0}
    assert over["imps"] == {"home": said["imps_home"], "away": said["imps_away"]}
    assert over["vps"] == {"home": said["vp_home"], "away": said["vp_away"]}
    assert over["vps"]["away"] > over["vps"]["home"]
    assert TravellerLine.objects.count() == 4


def test_the_other_room_result_is_not_shown_before_the_table_plays_it(
    session: Session,
) -> None:
    open_ns, open_ew = room(session, 1)
    closed_ns, _closed_ew = room(session, 2)
    other_ns, _other_ew = room(session, 3)
    Session.objects.filter(pk=session.pk).update(table_shows="traveller")
    played(open_ns, open_ew, 1, OPEN_1)
    for phone in (closed_ns, other_ns):
        answer = phone.round()
        assert answer["match"]["boards_complete"] == 0
        assert answer["match"]["imps"] == {"home": 0.0, "away": 0.0}
        assert "420" not in json.dumps(answer)
        assert all(b["entry"] is None for b in answer["boards"])
        assert phone.get("boards/1").json()["shown"] is None
    shown = open_ns.get("boards/1").json()["shown"]
    assert [line["score_ns"] for line in shown["lines"]] == [420]


def test_a_phone_that_has_not_seen_every_complete_board_sees_no_score() -> None:
    seen = Sight(holders=frozenset({1}), played=frozenset({1}), here=True)
    assert seen.sees_all([1]) and seen.sees_all([])
    assert not seen.sees_all([1, 2])


@pytest.mark.parametrize("shown", ["at_end", "nothing"])
def test_the_director_hides_the_match_score(session: Session, shown: str) -> None:
    Event.objects.filter(pk=session.event_id).update(table_match_score=shown)
    open_ns, open_ew = room(session, 1)
    closed_ns, closed_ew = room(session, 2)
    played(open_ns, open_ew, 1, OPEN_1)
    played(closed_ns, closed_ew, 1, CLOSED_1)
    match = match_of(open_ns)
    assert match["boards_complete"] == 1
    assert (match["imps"], match["vps"]) == (None, None)
    assert open_ns.get("boards/1").json()["shown"] is None  # its IMPs would tell
    played(open_ns, open_ew, 2, OPEN_2)
    played(closed_ns, closed_ew, 2, CLOSED_2)
    over = match_of(open_ew)
    board = open_ew.get("boards/2").json()["shown"]
    if shown == "nothing":
        assert (over["imps"], over["vps"]) == (None, None)
        assert board is None
    else:
        assert board["imps_ew"] == 12.0  # away sits EW in the open room
        said = results_match(session, over["home"], over["away"])
        assert over["imps"] == {"home": said["imps_home"], "away": said["imps_away"]}
        assert over["vps"] == {"home": said["vp_home"], "away": said["vp_away"]}


def test_a_knockout_match_hides_its_score_until_it_ends_by_default() -> None:
    run("new_event", "--name", "Final", "--teams", "2", "--boards-per-match", "2")
    assert Event.objects.get().table_match_score == "at_end"
    run("new_event", "--name", "Swiss", "--teams", "4", "--boards-per-match", "2",
        "--swiss", "--rounds", "3")  # fmt: skip
    assert Event.objects.get(name="Swiss").table_match_score == "live"


def test_the_other_room_changes_the_etag(session: Session) -> None:
    open_ns, open_ew = room(session, 1)
    closed_ns, closed_ew = room(session, 2)
    played(open_ns, open_ew, 1, OPEN_1)
    etag = open_ns.get("round")["ETag"]
    played(closed_ns, closed_ew, 1, CLOSED_1)
    again = open_ns.client.get(
        "/api/table/round", headers={**open_ns.headers(), "If-None-Match": etag}
    )
    assert again.status_code == 200
    assert again.json()["match"]["boards_complete"] == 1


def test_a_dispute_at_a_team_table_works_as_for_pairs(session: Session) -> None:
    open_ns, open_ew = room(session, 1)
    sent = open_ns.post("results", {"board": 1, "client_id": "a", **OPEN_1}).json()
    said = {"contract": "4S", "declarer": "N", "tricks": 9, "lead": "C2"}
    rejected = open_ew.post(f"results/{sent['id']}/reject", said).json()
    assert rejected["status"] == "rejected"
    kept = open_ns.post("results", {"board": 1, "client_id": "b", **OPEN_1}).json()
    again = open_ew.post(f"results/{kept['id']}/reject", said).json()
    assert again["status"] == "disputed"
    assert match_of(open_ns)["boards_complete"] == 0


def test_a_pairs_table_has_no_match(session: Session) -> None:
    pairs = make_event(tables=2).sessions.get()
    assert Phone(codes(pairs)["A", 1], seat="NS").round()["match"] is None


def test_players_sign_in_by_member_number_at_a_team_table(session: Session) -> None:
    Session.objects.filter(pk=session.pk).update(table_players=True)
    open_ns, _open_ew = room(session, 1)
    signed = open_ns.post("players", {"side": "NS", "members": ["101", "102"]})
    assert signed.status_code == 200, signed.content
    home = open_ns.round()["match"]["home"]
    assert signed.json()["pair"] == f"{home.split()[-1]}NS"
    assert open_ns.round()["pairs"]["ns"]["names"] == "101 – 102"


def test_board_a_match_tables_show_the_board_points() -> None:
    printed = run("new_event", "--name", "BAM", "--teams", "4",
                  "--boards-per-match", "1", "--board-a-match")  # fmt: skip
    session = Session.objects.get(pk=int(printed.split()[-1]))
    Session.objects.filter(pk=session.pk).update(table_confirm="own")
    open_ns, open_ew = room(session, 1)
    closed_ns, closed_ew = room(session, 2)
    played(open_ns, open_ew, 1, OPEN_1)
    played(closed_ns, closed_ew, 1, CLOSED_1)
    match = match_of(open_ew)  # the table's phones wait on the scorecard
    said = results_match(session, match["home"], match["away"])
    assert match["unit"] == "points" and match["boards_complete"] == 1
    assert match["imps"] == {"home": said["vp_home"], "away": said["vp_away"]}
    assert match["imps"]["home"] > match["imps"]["away"]  # +420 beats +400
    assert match["vps"] == match["imps"]


def test_after_the_round_the_pairs_moves_and_no_board_relay(session: Session) -> None:
    next_round = room(session, 1)[0].round()["next"]
    assert next_round["round"] == 2 and next_round["boards"] is None
    assert next_round["notes"] == ""
    assert len(next_round["text"]) == 2  # where NS and EW go
    assert not any("boards" in line for line in next_round["text"])


def test_the_director_chooses_what_the_team_tables_show(session: Session) -> None:
    user = User.objects.create_user("td", password="pw")
    club = join(user).club
    Event.objects.filter(pk=session.event_id).update(club=club)
    client = Client()
    client.force_login(user)
    url = reverse("tournaments:event_settings", args=[session.event_id])
    form = client.get(url).context["form"]
    assert "table_match_score" in form.fields
    data = {k: v for k, v in form.initial.items() if v not in (None, False)}
    assert client.post(url, data | {"table_match_score": "nothing"}).status_code == 302
    assert Event.objects.get(pk=session.event_id).table_match_score == "nothing"
    (logged,) = ChangeLog.objects.filter(action="settings")
    assert "table_match_score: live → nothing" in logged.description
    refused = client.post(url, data | {"table_match_score": "<b>all</b>"})
    assert refused.status_code == 200
    assert "table_match_score" in refused.context["form"].errors
    pairs = make_event()
    Event.objects.filter(pk=pairs.pk).update(club=club)
    pairs_url = reverse("tournaments:event_settings", args=[pairs.pk])
    assert "table_match_score" not in client.get(pairs_url).context["form"].fields


def test_a_swiss_round_drawn_on_the_event_page_reaches_the_tables() -> None:
    printed = run("new_event", "--name", "Swiss", "--teams", "4",
                  "--boards-per-match", "1", "--swiss", "--rounds", "3")  # fmt: skip
    session = Session.objects.get(pk=int(printed.split()[-1]))
    tables = {t: room(session, t) for t in (1, 2, 3, 4)}
    for table, said in ((1, OPEN_1), (2, CLOSED_1), (3, OPEN_1), (4, CLOSED_1)):
        played(*tables[table], 1, said)
    scorer = Phone(codes(session)["A", 1])  # the table's own phone
    assert scorer.round()["finished"]
    swiss_next_round(event=session.event)
    answer = scorer.round()
    assert (answer["round"], answer["finished"]) == (2, False)
    assert [b["number"] for b in answer["boards"]] == [2]
    # Until the pairs confirm round 1's scorecard, it shows with its match.
    assert answer["scorecard"]["round"] == 1 and answer["match"]["round"] == 1
    assert answer["match"]["vps"] is not None
    for phone in tables[1]:
        assert phone.post("rounds/1/confirm").status_code == 200
    match = scorer.round()["match"]
    assert (match["round"], match["number"], match["boards"]) == (2, 1, [2])


def test_the_control_room_and_the_cards_serve_a_team_event(session: Session) -> None:
    user = User.objects.create_user("td", password="pw")
    Event.objects.filter(pk=session.event_id).update(club=join(user).club)
    open_ns, open_ew = room(session, 1)
    played(open_ns, open_ew, 1, OPEN_1)
    client = Client()
    client.force_login(user)
    for name in ("room", "cards", "cards_pdf"):
        url = reverse(f"table_room:{name}", args=[session.pk])
        assert client.get(url).status_code == 200, name
    page = client.get(reverse("table_room:room", args=[session.pk])).content.decode()
    assert "Table A4" in page and "Table A1" in page
