"""`new_event --teams`: a team event as the New team event page makes it, each
match an open and a closed room table; refusals name the option and write
nothing; `table_codes --json` names each team table's match and room."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from movements.models import Seating
from scoring.models import TableCode
from tournaments.models import Club, Event, Match, Pair, Team

pytestmark = pytest.mark.django_db


def run(command: str, *args: str) -> str:
    out = StringIO()
    call_command(command, *args, stdout=out)
    return out.getvalue()


def test_a_round_robin_of_four_teams_with_both_rooms_seated() -> None:
    printed = run("new_event", "--name", "Teams night", "--teams", "4",
                  "--boards-per-match", "3", "--club", "Riverside")  # fmt: skip
    event = Event.objects.get()
    session = event.sessions.get()
    assert printed.splitlines()[-1] == f"event {event.pk} session {session.pk}"
    assert event.scoring == Event.Scoring.TEAMS
    assert event.club == Club.objects.get(name="Riverside")
    assert event.boards_per_match == 3
    assert list(Team.objects.values_list("name", flat=True)) == [
        "Team 1", "Team 2", "Team 3", "Team 4",
    ]  # fmt: skip
    matches = list(Match.objects.all())
    assert len(matches) == 6 and {m.round for m in matches} == {1, 2, 3}
    met = {frozenset((m.home_id, m.away_id)) for m in matches}
    assert len(met) == 6  # every team meets every other once
    for match in matches:
        pairs = {(p.team_id, p.direction): p.pk for p in Pair.objects.all()}
        open_room = Seating.objects.get(round=match.round, table=match.open_table)
        closed = Seating.objects.get(round=match.round, table=match.closed_table)
        assert (open_room.ns_pair_id, open_room.ew_pair_id) == (
            pairs[match.home_id, "NS"], pairs[match.away_id, "EW"],
        )  # fmt: skip
        assert (closed.ns_pair_id, closed.ew_pair_id) == (
            pairs[match.away_id, "NS"], pairs[match.home_id, "EW"],
        )  # fmt: skip
        assert list(open_room.boards) == list(match.board_numbers)
        assert list(closed.boards) == list(match.board_numbers)


def test_a_swiss_draws_round_one_by_seeding() -> None:
    printed = run("new_event", "--name", "Swiss", "--teams", "6",
                  "--boards-per-match", "4", "--swiss", "--rounds", "5")  # fmt: skip
    event = Event.objects.get()
    assert event.scoring == Event.Scoring.SWISS and event.rounds == 5
    assert "round 1 of 5 drawn" in printed
    drawn = [(m.home.number, m.away.number) for m in Match.objects.all()]
    assert drawn == [(1, 4), (2, 5), (3, 6)]  # top half against bottom half
    assert Seating.objects.count() == 6


def test_board_a_match() -> None:
    run("new_event", "--name", "BAM", "--teams", "3", "--boards-per-match", "2",
        "--board-a-match")  # fmt: skip
    event = Event.objects.get()
    assert event.scoring == Event.Scoring.BAM
    assert Match.objects.count() == 3  # one match a round, a team sits out
    assert Seating.objects.count() == 6


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--teams", "1", "--boards-per-match", "2"], "--teams must be 2 to 60"),
        (["--teams", "61", "--boards-per-match", "2"], "--teams must be 2 to 60"),
        (["--teams", "4"], "--teams needs --boards-per-match"),
        (["--teams", "4", "--boards-per-match", "0"], "--boards-per-match must be"),
        (["--teams", "4", "--boards-per-match", "65"], "--boards-per-match must"),
        (["--teams", "4", "--boards-per-match", "2", "--swiss"], "--swiss needs"),
        (["--teams", "4", "--boards-per-match", "2", "--swiss", "--rounds", "4"],
         "--rounds 1 to 3"),
        (["--teams", "4", "--boards-per-match", "2", "--rounds", "2"],
         "--rounds is for --swiss"),
        (["--teams", "4", "--boards-per-match", "2", "--swiss", "--rounds", "2",
          "--board-a-match"], "--board-a-match is a round robin"),
        (["--teams", "4", "--boards-per-match", "2", "--tables", "2"], "--tables"),
        (["--teams", "4", "--boards-per-match", "2", "--movement", "howell"],
         "--movement"),
        (["--teams", "4", "--boards-per-match", "2", "--sessions", "2"],
         "--sessions"),
        (["--tables", "4", "--movement", "howell", "--boards-per-match", "2"],
         "--boards-per-match and --swiss are for --teams"),
        (["--tables", "4"], "--movement is required"),
    ],
)  # fmt: skip
def test_bad_values_are_refused_naming_the_option_and_nothing_is_written(
    args: list[str], message: str
) -> None:
    clubs = Club.objects.count()
    with pytest.raises(CommandError, match=message.replace("-", r"\-")):
        run("new_event", "--name", "Refused", *args)
    assert not Event.objects.exists() and Club.objects.count() == clubs


def test_a_blank_name_is_refused() -> None:
    with pytest.raises(CommandError, match="--name must not be blank"):
        run("new_event", "--name", "  ", "--teams", "4", "--boards-per-match", "2")
    assert not Event.objects.exists()


def test_table_codes_names_each_team_tables_match_and_room() -> None:
    printed = run("new_event", "--name", "Teams", "--teams", "4",
                  "--boards-per-match", "2")  # fmt: skip
    session_id = printed.split()[-1]
    rows = json.loads(run("table_codes", session_id, "--json"))
    codes = {c.table: c.code for c in TableCode.objects.all()}
    assert rows == [
        {"section": "A", "table": t, "code": codes[t], "match": (t + 1) // 2,
         "room": "open" if t % 2 else "closed"}
        for t in (1, 2, 3, 4)
    ]  # fmt: skip
    text = run("table_codes", session_id).splitlines()
    assert text[0] == f"A   1  {codes[1]}  match 1 open"
    assert text[3] == f"A   4  {codes[4]}  match 2 closed"
