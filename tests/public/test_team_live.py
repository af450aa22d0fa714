"""The room display and the public live page of a team event: the standings and
the round in play's matches with their scores, under the one secrecy rule: a
board's IMPs count in no match's score shown while a table scheduled to play it
has not (its other room's result would tell it)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from scoring.live.displays import display_key
from tests.table.test_team_tables import (
    CLOSED_1,
    OPEN_1,
    played,
    room,
    run,
    teams_night,
)
from tournaments.models import Event, Session

pytestmark = pytest.mark.django_db


@pytest.fixture
def session() -> Session:
    return teams_night()


def shown(url: str) -> dict[str, list[dict[str, Any]]]:
    """Each table of the page by its title: its rows by column."""
    response = Client().get(url)
    assert response.status_code == 200
    return {
        title: [dict(row) for row in table.data]
        for title, table in response.context["groups"]
    }


def addresses(session: Session) -> list[str]:
    key = display_key(session)
    room_display = reverse("public:room", args=[key])
    live = reverse("public:live", args=[session.pk])
    return [room_display, f"{room_display}?part=live", live, f"{live}?part=live"]


SCORES = ("imps_home", "imps_away", "vp_home", "vp_away")


def match_rows(url: str) -> list[dict[str, Any]]:
    groups = shown(url)
    assert list(groups) == ["Standings", "Matches"]
    assert len(groups["Standings"]) == 4
    return groups["Matches"]


def test_a_board_counts_in_no_score_until_every_table_has_played_it(
    session: Session,
) -> None:
    Event.objects.filter(pk=session.event_id).update(published=True)
    played(*room(session, 1), 1, OPEN_1)
    played(*room(session, 2), 1, CLOSED_1)  # match 1: board 1 in both rooms
    for url in addresses(session):
        rows = match_rows(url)
        assert [row["round"] for row in rows] == [1, 1]  # the round in play
        # Match 2 has not played board 1: match 1's IMP won there is not shown.
        assert all(row[key] is None for row in rows for key in SCORES)
    played(*room(session, 3), 1, OPEN_1)
    played(*room(session, 4), 1, CLOSED_1)
    said = json.loads(run("results", str(session.event_id), "--json"))
    expected = sorted(
        (m["home"], m["away"], *(m[key] for key in SCORES))
        for m in said["matches"]
        if m["round"] == 1
    )
    assert len(expected) == 2 and all(m[2:4] == (1.0, 0.0) for m in expected)
    for url in addresses(session):
        rows = match_rows(url)
        got = [(r["home"], r["away"], *(float(r[key]) for key in SCORES)) for r in rows]
        assert sorted(got) == expected


def test_the_room_display_of_a_team_event_is_not_empty(session: Session) -> None:
    key = display_key(session)
    page = Client().get(reverse("public:room", args=[key])).content.decode()
    for name in ("Team 1", "Team 2", "Team 3", "Team 4"):
        assert name in page
    assert "No results yet." not in page
