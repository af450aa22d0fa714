"""Each team board's line-up (who sat where), kept when the table's result is
accepted: the members signed in at the table when the director asks for it,
else the team's pairs as seated; ``results --json`` gives it match by match,
room by room, and a later sign-in changes no board already played."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from scoring.entry.services import line_record
from scoring.models import LineupSeat
from tests.factories import join
from tournaments.models import Event, Match, Pair, Player, Session
from tournaments.setup.events import pair_name

from .helpers import Phone
from .test_team_tables import CLOSED_1, OPEN_1, OPEN_2, played, room, run, teams_night

pytestmark = pytest.mark.django_db


@pytest.fixture
def session() -> Session:
    return teams_night()


def first_match(session: Session) -> dict[str, Any]:
    data = json.loads(run("results", str(session.event_id), "--json"))
    match: dict[str, Any] = data["matches"][0]
    return match


def signed(phone: Phone, side: str, *members: str) -> None:
    answer = phone.post("players", {"side": side, "members": list(members)})
    assert answer.status_code == 200, answer.content


def seated(lineup: dict[str, Any]) -> dict[str, tuple[str, str]]:
    players = lineup["players"].items()
    return {seat: (p["name"], p["member"]) for seat, p in players}


def test_the_members_signed_in_are_kept_board_by_board(session: Session) -> None:
    Session.objects.filter(pk=session.pk).update(table_players=True)
    open_ns, open_ew = room(session, 1)
    signed(open_ns, "NS", "101", "102")
    signed(open_ew, "EW", "201", "202")
    played(open_ns, open_ew, 1, OPEN_1)
    boards = first_match(session)["lineups"]
    assert [(b["board"], b["room"]) for b in boards] == [(1, "open")]
    assert seated(boards[0]) == {
        "N": ("101", "101"),
        "E": ("201", "201"),
        "S": ("102", "102"),
        "W": ("202", "202"),
    }
    # Another member sits in for North: board 2 has him, board 1 is as played.
    signed(open_ns, "NS", "103", "102")
    played(open_ns, open_ew, 2, OPEN_2)
    one, two = first_match(session)["lineups"]
    assert (seated(one)["N"][1], seated(two)["N"][1]) == ("101", "103")
    assert LineupSeat.objects.count() == 8


def test_without_a_sign_in_the_team_s_pairs_sit_as_seated(session: Session) -> None:
    for pair in Pair.objects.filter(section__session=session):
        Player.objects.bulk_create(
            Player(pair=pair, seat=seat, name=f"{pair.label}-{seat}") for seat in (1, 2)
        )
    played(*room(session, 1), 1, OPEN_1)
    played(*room(session, 2), 1, CLOSED_1)
    match = first_match(session)
    home, away = (name.split()[-1] for name in (match["home"], match["away"]))
    open_, closed = match["lineups"]
    assert (open_["room"], closed["room"]) == ("open", "closed")
    assert seated(open_) == {
        "N": (f"{home}NS-1", ""),
        "E": (f"{away}EW-1", ""),
        "S": (f"{home}NS-2", ""),
        "W": (f"{away}EW-2", ""),
    }
    assert seated(closed)["N"] == (f"{away}NS-1", "")
    assert seated(closed)["W"] == (f"{home}EW-2", "")
    assert LineupSeat.objects.count() == 8  # kept at the tables


def test_a_board_typed_by_the_director_shows_the_pairs_as_seated_now(
    session: Session,
) -> None:
    match = Match.objects.get(session=session, round=1, open_table=1)
    ns, ew = (
        Pair.objects.get(team=team, direction=side)
        for team, side in ((match.home, "NS"), (match.away, "EW"))
    )
    line_record(section=ns.section, board_number=1, ns_pair=ns, ew_pair=ew,
                result=None, round_no=1, table=1)  # fmt: skip
    pair_name(pair=ns, names=["Ann", "Bob"], ids=["7", ""])
    (board,) = first_match(session)["lineups"]
    assert (board["board"], board["room"]) == (1, "open")
    assert seated(board) == {"N": ("Ann", "7"), "S": ("Bob", "")}
    assert not LineupSeat.objects.exists()


def test_the_match_scorecard_shows_each_board_s_line_up(session: Session) -> None:
    Session.objects.filter(pk=session.pk).update(table_players=True)
    open_ns, open_ew = room(session, 1)
    signed(open_ns, "NS", "101", "102")
    signed(open_ew, "EW", "<b>201</b>", "202")
    played(open_ns, open_ew, 1, OPEN_1)
    user = User.objects.create_user("td", password="pw")
    Event.objects.filter(pk=session.event_id).update(club=join(user).club)
    client = Client()
    client.force_login(user)
    match = Match.objects.get(session=session, round=1, open_table=1)
    page = client.get(reverse("imps:match", args=[match.pk]))
    assert page.context["lineups"] == first_match(session)["lineups"]
    text = page.content.decode()
    assert "Line-ups" in text and "<td>101 (101)</td>" in text
    assert "<b>201</b>" not in text  # hostile text inert
