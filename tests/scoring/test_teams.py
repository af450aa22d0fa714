"""Team events: teams and their pairs, round robin and Swiss schedules, match
IMPs in both rooms, VPs, board-a-match points, standings and `results --json`."""

from __future__ import annotations

import json
from decimal import Decimal
from fractions import Fraction
from io import StringIO

import pytest
from django.core.exceptions import ValidationError
from django.core.management import call_command

from scoring.reports.teams import cross_table
from scoring.standings import ScoredLine, event_matches, session_results
from scoring.standings.results import Points
from scoring.standings.teams import team_standings
from tests.factories import CLUB, make_result
from tournaments.models import Club, Event, Match, Section
from tournaments.setup.teams import (
    TeamEntry,
    round_robin_schedule,
    swiss_next_round,
    team_event_create,
)

pytestmark = pytest.mark.django_db

MATCH_KEYS = {"round", "home", "away", "imps_home", "imps_away", "vp_home", "vp_away",
              "lineups"}  # fmt: skip


def four_teams(kind: str = Event.Scoring.TEAMS, boards: int = 2) -> Event:
    return team_event_create(
        club=Club.objects.get_or_create(name=CLUB)[0],
        name="Winter teams",
        kind=kind,
        boards_per_match=boards,
        teams=[
            TeamEntry("Aces", ["Ann", "Bob", "Cy", "Di"]),
            TeamEntry("Kings", ["Ed", "Flo", "Gus", "Hal"]),
            TeamEntry("Queens"),
            TeamEntry("Jacks"),
        ],
    )


def section(event: Event) -> Section:
    return event.sessions.get().sections.get()


def points_of(scored: ScoredLine) -> Points:
    """The line's points, which a line with a result or a score must have."""
    assert scored.points is not None, f"line {scored.line.pk} has no points"
    return scored.points


def play(match: Match, open_entry: str, closed_entry: str, board: int) -> None:
    home, away = match.home.number, match.away.number
    s = section(match.session.event)
    make_result(s, board, f"{home}NS", f"{away}EW", open_entry, table=match.open_table)
    make_result(
        s, board, f"{away}NS", f"{home}EW", closed_entry, table=match.closed_table
    )


def play_round_one(event: Event) -> tuple[Match, Match]:
    first, second = Match.objects.filter(round=1).order_by("open_table")
    play(first, "4S N =", "4S N -1", 1)  # +420 against −50: 10 IMPs to home
    play(first, "3NT S =", "3NT S =", 2)  # +600 both rooms (NS vulnerable)
    play(second, "1NT N =", "1NT N +1", 1)  # +90 against +120: away wins 1 IMP
    play(second, "2H E =", "2H E =", 2)
    return first, second


def results_json(event: Event) -> dict:
    out = StringIO()
    call_command("results", str(event.pk), "--json", stdout=out)
    return json.loads(out.getvalue())


def test_teams_sit_as_an_ns_and_an_ew_pair_with_their_players() -> None:
    event = four_teams()
    aces = event.teams.get(number=1)
    assert [(p.label, p.names) for p in aces.pairs.order_by("direction")] == [
        ("1EW", "Cy – Di"),
        ("1NS", "Ann – Bob"),
    ]
    assert (section(event).tables, event.is_teams) == (4, True)


def test_a_team_event_needs_two_named_distinct_teams() -> None:
    with pytest.raises(ValidationError, match="used twice"):
        team_event_create(
            name="x",
            kind="teams",
            boards_per_match=4,
            teams=[TeamEntry("A"), TeamEntry("a")],
        )
    with pytest.raises(ValidationError, match="at least two teams"):
        team_event_create(
            name="x", kind="teams", boards_per_match=4, teams=[TeamEntry("A")]
        )
    assert not Event.objects.exists()


def test_the_round_robin_gives_each_match_two_rooms_and_its_boards() -> None:
    event = four_teams()
    matches = round_robin_schedule(event=event)
    assert [(m.round, m.home.number, m.away.number) for m in matches] == [
        (1, 4, 1), (1, 2, 3), (2, 2, 4), (2, 3, 1), (3, 4, 3), (3, 1, 2),
    ]  # fmt: skip
    second = matches[3]
    assert (second.open_table, second.closed_table) == (3, 4)
    assert list(second.board_numbers) == [3, 4]
    with pytest.raises(ValidationError, match="already scheduled"):
        round_robin_schedule(event=event)


def test_a_match_is_imped_board_by_board_across_both_rooms() -> None:
    event = four_teams()
    round_robin_schedule(event=event)
    play_round_one(event)
    first, second = event_matches(event)[:2]
    assert [(b.home_imps, b.away_imps) for b in first.boards] == [(10, -10), (0, 0)]
    assert (first.imps_home, first.imps_away, first.complete) == (10, 0, True)
    # 2 boards: X = 15·√2, V(10) = 16.46 on the WBF 2013 continuous scale
    assert (first.vp_home, first.vp_away) == (Decimal("16.46"), Decimal("3.54"))
    assert (second.imps_home, second.imps_away, second.vp_home) == (
        0,
        1,
        Decimal("9.14"),
    )


def test_the_traveller_lines_carry_each_rooms_imps() -> None:
    event = four_teams()
    round_robin_schedule(event=event)
    play_round_one(event)
    board = next(b for b in session_results(event.sessions.get()).boards)
    points = {
        (s.line.ns_pair.label, points_of(s).ns, points_of(s).ew) for s in board.lines
    }
    assert ("4NS", 10, -10) in points and ("1NS", -10, 10) in points


def test_standings_add_vps_and_the_cross_table_shows_each_match() -> None:
    event = four_teams()
    round_robin_schedule(event=event)
    play_round_one(event)
    results = event_matches(event)
    rows = team_standings(event, results)
    assert [(r.team.name, r.total, r.rank) for r in rows] == [
        ("Jacks", Decimal("16.46"), "1"),
        ("Queens", Decimal("10.86"), "2"),
        ("Kings", Decimal("9.14"), "3"),
        ("Aces", Decimal("3.54"), "4"),
    ]
    table = {row["team"]: row for row in cross_table(event, results).rows}
    jacks = [table["4 Jacks"][f"t{t.pk}"] for t in event.teams.all()]
    assert jacks == [Decimal("16.46"), None, None, "—"]


def test_board_a_match_counts_boards_won_not_imps() -> None:
    event = four_teams(Event.Scoring.BAM)
    round_robin_schedule(event=event)
    play_round_one(event)
    first = event_matches(event)[0]
    assert (first.vp_home, first.vp_away) == (Decimal("1.50"), Decimal("0.50"))


def test_results_json_has_matches_and_standings_for_teams() -> None:
    event = four_teams()
    round_robin_schedule(event=event)
    play_round_one(event)
    data = results_json(event)
    assert set(data) == {"event", "rankings", "boards", "matches", "standings"}
    assert all(set(m) == MATCH_KEYS for m in data["matches"])
    assert data["matches"][0] == {
        "round": 1, "home": "Jacks", "away": "Aces", "imps_home": 10.0,
        "imps_away": 0.0, "vp_home": 16.46, "vp_away": 3.54,
        "lineups": data["matches"][0]["lineups"],
    }  # fmt: skip
    boards = [(b["board"], b["room"]) for b in data["matches"][0]["lineups"]]
    assert boards == [(1, "open"), (1, "closed"), (2, "open"), (2, "closed")]
    assert data["matches"][2]["vp_home"] is None  # round 2 not played yet
    assert data["standings"][0]["name"] == "Jacks"
    assert data["rankings"][0]["score"] == 16.46
    line = data["boards"][0]["lines"][0]
    assert (line["ns_points"], line["ew_points"]) == (10.0, -10.0)


def test_swiss_rounds_are_drawn_after_the_previous_round_is_complete() -> None:
    event = four_teams(Event.Scoring.SWISS)
    first = swiss_next_round(event=event)
    assert sorted(t for m in first for t in (m.home.number, m.away.number)) == [
        1, 2, 3, 4,
    ]  # fmt: skip
    with pytest.raises(ValidationError, match="Round 1 is not complete"):
        swiss_next_round(event=event)
    assert Match.objects.count() == 2
    play_round_one(event)
    second = swiss_next_round(event=event)
    met = {frozenset((m.home_id, m.away_id)) for m in first}
    assert all(frozenset((m.home_id, m.away_id)) not in met for m in second)
    results = event_matches(event)
    winners = {r.match.home_id if r.imps_home > 0 else r.match.away_id
               for r in results if r.match.round == 1}  # fmt: skip
    assert {second[0].home_id, second[0].away_id} == winners
    assert list(second[0].board_numbers) == [3, 4]


def test_an_artificial_room_gives_its_award_to_each_team() -> None:
    from scoring.entry import services

    event = four_teams()
    round_robin_schedule(event=event)
    first, _second = play_round_one(event)
    line = first.session.boards.get(number=2).lines.get(ns_pair__label="4NS")
    services.artificial_set(line=line, ns="A60", ew="A40")
    result = event_matches(event)[0]
    assert (result.boards[1].home_imps, result.boards[1].away_imps) == (
        Fraction(3),
        Fraction(-3),
    )
