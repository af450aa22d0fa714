"""The IMP pages: Butler ranking, traveller with the datum and scorecard; team
event creation, schedule, standings, cross-table, match scorecard, Swiss draw."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from scoring.interchange.usebio import usebio_import
from tests.factories import CLUB, join
from tests.paths import FIXTURES
from tournaments.models import Club, Director, Event, Match

from .test_teams import four_teams, play_round_one

pytestmark = pytest.mark.django_db


@pytest.fixture
def director(client: Client) -> Client:
    user = User.objects.create_user("td", password="pw", is_staff=True)
    join(user)
    Director.objects.create(user=user, language="en")
    client.force_login(user)
    return client


@pytest.fixture
def butler() -> Event:
    return usebio_import(path=FIXTURES / "usebio_butler_howell_8pairs.xml", club=CLUB)


def test_the_ranking_of_a_butler_event_is_in_imps(
    director: Client, butler: Event
) -> None:
    session = butler.sessions.get()
    response = director.get(reverse("scoring:ranking", args=[session.pk]), follow=True)
    rows = response.context["groups"][0][1]
    assert [(r.rank, r.pair.label, str(r.score)) for r in rows[:2]] == [
        ("1", "4", "34.00"),
        ("2", "3", "25.00"),
    ]
    assert "PLAYER 007" in response.content.decode()


def test_a_butler_traveller_shows_the_datum_and_imps(
    director: Client, butler: Event
) -> None:
    session = butler.sessions.get()
    response = director.get(reverse("imps:traveller", args=[session.pk, 2]))
    (board, rows, _table), = response.context["pools"]  # fmt: skip
    assert board.datum == -450
    assert [(r.ns, str(r.ns_points)) for r in rows][:2] == [
        ("2", "11.00"),
        ("3", "0.00"),
    ]
    assert "-450" in response.content.decode()


def test_a_butler_scorecard_runs_in_imps_with_the_datum_from_the_pairs_side(
    director: Client, butler: Event
) -> None:
    pair = butler.sessions.get().sections.get().pairs.get(label="7")
    response = director.get(reverse("scoring:scorecard", args=[pair.pk]), follow=True)
    rows = response.context["rows"]
    board_two = next(r for r in rows if r.board == 2)
    assert (board_two.direction, board_two.datum, str(board_two.points)) == (
        "EW",
        450,
        "-11.00",
    )
    assert str(rows[-1].running) == "9.00"


def test_a_team_event_is_created_from_the_page(director: Client) -> None:
    response = director.post(
        reverse("tournaments:team_event_new"),
        {
            "club": Club.objects.get(name=CLUB).pk,
            "name": "Spring teams",
            "kind": "teams",
            "boards_per_match": 6,
            "vp_scale": "wbf2013_continuous",
            "teams": "Aces: Ann, Bob, Cy, Di\nKings: Ed, Flo, Gus, Hal\nQueens",
        },
    )
    event = Event.objects.get()
    assert response["Location"] == reverse("imps:team_event", args=[event.pk])
    assert [t.name for t in event.teams.all()] == ["Aces", "Kings", "Queens"]
    director.post(reverse("tournaments:team_schedule", args=[event.pk]))
    assert Match.objects.count() == 3  # three rounds of one match and a bye


def test_a_team_page_refuses_one_team(director: Client) -> None:
    response = director.post(
        reverse("tournaments:team_event_new"),
        {
            "club": Club.objects.get(name=CLUB).pk,
            "name": "x",
            "kind": "teams",
            "boards_per_match": 6,
            "vp_scale": "wbf2013_continuous",
            "teams": "Aces: Ann",
        },
    )
    assert "at least two teams" in response.content.decode()
    assert not Event.objects.exists()


def test_the_team_page_shows_standings_cross_table_and_matches(
    director: Client,
) -> None:
    from tournaments.setup.teams import round_robin_schedule

    event = four_teams()
    round_robin_schedule(event=event)
    play_round_one(event)
    response = director.get(reverse("imps:team_event", args=[event.pk]))
    assert [r.team.name for r in response.context["standings"]][:1] == ["Jacks"]
    assert len(response.context["rounds"]) == 3
    assert "16.46" in response.content.decode()
    match = Match.objects.get(round=1, open_table=1)
    page = director.get(reverse("imps:match", args=[match.pk]))
    rows = page.context["rows"]
    assert (rows[0].open.score_ns, rows[0].closed.score_ns) == (420, -50)
    assert (str(rows[0].home_imps), rows[0].away_imps) == ("10.00", None)


def test_the_swiss_button_draws_once_the_round_is_complete(director: Client) -> None:
    event = four_teams(Event.Scoring.SWISS)
    url = reverse("tournaments:swiss_draw", args=[event.pk])
    director.post(url)
    response = director.post(url, follow=True)
    assert "Round 1 is not complete" in response.content.decode()
    assert Match.objects.count() == 2
    play_round_one(event)
    director.post(url)
    assert sorted(Match.objects.values_list("round", flat=True)) == [1, 1, 2, 2]


def test_the_event_page_links_to_the_team_pages(director: Client) -> None:
    event = four_teams()
    response = director.get(reverse("tournaments:event_detail", args=[event.pk]))
    assert reverse("imps:team_event", args=[event.pk]) in response.content.decode()


def test_the_keyboard_traveller_of_a_butler_event_shows_imps(
    director: Client, butler: Event
) -> None:
    section = butler.sessions.get().sections.get()
    response = director.get(reverse("scoring:board_entry", args=[section.pk, 2]))
    first = response.context["rows"][0].row
    assert (first.ns, str(first.ns_points), first.ns_pct) == (
        "2",
        "11.00",
        None,
    )
