"""The control room of a team event by match: both rooms' progress, the boards
complete in both, the room that is behind, and the tables' calls, results
waiting for the opponents and disputes, on the room's page and its live part."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from tests.factories import join, make_event
from tournaments.models import Event, Session

from .test_team_tables import CLOSED_1, OPEN_1, OPEN_2, played, room, teams_night

pytestmark = pytest.mark.django_db


@pytest.fixture
def session() -> Session:
    return teams_night()


def director(session: Session) -> Client:
    user = User.objects.create_user("td", password="pw")
    Event.objects.filter(pk=session.event_id).update(club=join(user).club)
    client = Client()
    client.force_login(user)
    return client


def test_each_match_shows_both_rooms_and_the_room_behind(session: Session) -> None:
    played(*room(session, 1), 1, OPEN_1)
    played(*room(session, 1), 2, OPEN_2)
    closed_ns, closed_ew = room(session, 2)
    played(closed_ns, closed_ew, 1, CLOSED_1)
    assert closed_ew.post("call").json()["called"] is True
    ns, _ew = room(session, 3)
    sent = ns.post("results", {"board": 1, "client_id": "w", **OPEN_1})
    assert sent.status_code == 201
    disputed_ns, disputed_ew = room(session, 4)
    wrong = {"contract": "4S", "declarer": "N", "tricks": 9, "lead": "C2"}
    for client_id in ("a", "b"):
        sent = disputed_ns.post(
            "results", {"board": 1, "client_id": client_id, **CLOSED_1}
        ).json()
        disputed_ew.post(f"results/{sent['id']}/reject", wrong)
    url = reverse("table_room:room", args=[session.pk])
    response = director(session).get(url)
    first, second = response.context["matches"]
    assert [(r.name, r.table, r.boards_in) for r in first.rooms] == [
        ("open", 1, 2),
        ("closed", 2, 1),
    ]
    assert (first.complete, first.boards, first.behind.name) == (1, 2, "closed")
    assert [(r.called, r.pending, r.disputes) for r in first.rooms] == [
        (False, 0, 0),
        (True, 0, 0),
    ]
    assert [(r.pending, r.disputes) for r in second.rooms] == [(1, 0), (0, 1)]
    assert (second.complete, second.behind) == (0, None)
    live = director_page(response.client, url + "?part=live")
    assert "Matches of round 1" in live and "1 of 2 boards" in live
    assert "calls the director" in live and "1 disputed" in live


def director_page(client: Client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200
    return response.content.decode()


def test_a_pairs_room_has_no_matches() -> None:
    pairs = make_event(tables=2).sessions.get()
    user = User.objects.create_user("td", password="pw")
    Event.objects.filter(pk=pairs.event_id).update(club=join(user).club)
    client = Client()
    client.force_login(user)
    response = client.get(reverse("table_room:room", args=[pairs.pk]))
    assert response.context["matches"] == [] and response.context["swiss"] is None
    assert "room-matches" not in response.content.decode()
