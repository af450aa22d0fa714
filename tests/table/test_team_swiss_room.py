"""The control room of a Swiss teams event: once every match of a round is
complete it proposes the next round's draw (from the VP standings, no
rematch), the director confirms it once, and the teams' phones follow their
team to its new match, room and opponents. A draw before the round is over,
twice, stale, by a scorer, a player's phone or a forged form is refused and
writes nothing."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from scoring.models import ChangeLog
from tests.factories import join
from tournaments.models import Event, Match, Session

from .helpers import Phone
from .test_team_tables import CLOSED_1, OPEN_1, played, room, run

pytestmark = pytest.mark.django_db


@pytest.fixture
def session() -> Session:
    printed = run("new_event", "--name", "Swiss night", "--teams", "4",
                  "--boards-per-match", "1", "--swiss", "--rounds", "2")  # fmt: skip
    session = Session.objects.get(pk=int(printed.split()[-1]))
    Session.objects.filter(pk=session.pk).update(table_confirm="own")
    return Session.objects.get(pk=session.pk)


def director(session: Session, role: str = "director", **options: Any) -> Client:
    name = f"{role}-{User.objects.count()}"
    user = User.objects.create_user(name, password="pw")
    Event.objects.filter(pk=session.event_id).update(club=join(user, role=role).club)
    client = Client(**options)
    client.force_login(user)
    return client


def page(client: Client, session: Session) -> Any:
    return client.get(reverse("table_room:room", args=[session.pk]))


def confirm(client: Client, session: Session, **form: Any) -> Any:
    url = reverse("table_room:draw", args=[session.pk])
    return client.post(url, form, follow=True)


def phones(session: Session) -> dict[int, tuple[Phone, Phone]]:
    return {table: room(session, table) for table in (1, 2, 3, 4)}


def round_one_played(tables: dict[int, tuple[Phone, Phone]]) -> None:
    """Both matches won by the home team by 1 IMP (+420 against +400)."""
    for table, said in ((1, OPEN_1), (2, CLOSED_1), (3, OPEN_1), (4, CLOSED_1)):
        played(*tables[table], 1, said)


def told(response: Any) -> str:
    return " ".join(str(m) for m in response.context["messages"])


def test_no_draw_is_proposed_or_confirmed_while_a_match_is_incomplete(
    session: Session,
) -> None:
    client = director(session)
    tables = phones(session)
    played(*tables[1], 1, OPEN_1)
    offer = page(client, session).context["swiss"]
    assert offer.proposal is None and "Round 1 is not complete" in offer.waiting
    assert 'name="draw"' not in page(client, session).content.decode()
    logged = ChangeLog.objects.count()
    refused = confirm(client, session, round="2", draw="1-2,3-4")
    assert "No round drawn: Round 1 is not complete" in told(refused)
    assert not Match.objects.filter(session=session, round=2).exists()
    assert ChangeLog.objects.count() == logged


def test_the_draw_from_the_vps_is_confirmed_once_and_the_phones_follow(
    session: Session,
) -> None:
    client = director(session)
    tables = phones(session)
    round_one_played(tables)
    data = json.loads(run("results", str(session.event_id), "--json"))
    winners = {m["home"] for m in data["matches"] if m["vp_home"] > m["vp_away"]}
    met = {frozenset((m["home"], m["away"])) for m in data["matches"]}
    draw = page(client, session).context["swiss"].proposal
    assert draw.round == 2
    names = [frozenset((home.name, away.name)) for home, away in draw.matches]
    assert winners in names and not met & set(names)  # winners meet, no rematch
    assert draw.said in page(client, session).content.decode()
    done = confirm(client, session, round="2", draw=draw.said)
    assert "Round 2 is drawn" in told(done)
    drawn = Match.objects.filter(session=session, round=2).order_by("open_table")
    assert [frozenset((m.home.name, m.away.name)) for m in drawn] == names
    logged = ChangeLog.objects.filter(action="swiss-draw").order_by("id")
    assert [e.description[:8] for e in logged] == ["round 1:", "round 2:"]
    twice = confirm(client, session, round="2", draw=draw.said)
    assert "Round 2 is already drawn." in told(twice)
    assert Match.objects.filter(session=session).count() == 4
    the_phone_follows_its_team(tables, drawn[0])


def the_phone_follows_its_team(
    tables: dict[int, tuple[Phone, Phone]], match: Match
) -> None:
    """The home team's NS pair (at table 1 or 3 in round 1) confirms round 1's
    scorecard and is shown its new match, room, table and opponents."""
    home_ns = next(
        phone
        for table in (1, 3)
        for phone in tables[table]
        if phone.round()["match"]["home"] == match.home.name
        and phone.round()["match"]["ours"] == "home"
        and phone.round()["match"]["room"] == "open"
    )
    for phone in tables[1 if home_ns in tables[1] else 3]:
        assert phone.post("rounds/1/confirm").status_code == 200
    answer = home_ns.round()
    assert answer["table"] == match.open_table
    shown = answer["match"]
    assert (shown["round"], shown["room"], shown["ours"]) == (2, "open", "home")
    assert (shown["home"], shown["away"]) == (match.home.name, match.away.name)
    assert shown["boards"] == [2] == [b["number"] for b in answer["boards"]]


def test_a_draw_not_as_proposed_is_refused(session: Session) -> None:
    client = director(session)
    round_one_played(phones(session))
    draw = page(client, session).context["swiss"].proposal
    stale = ",".join(reversed(draw.said.split(",")))
    refused = confirm(client, session, round="2", draw=stale)
    assert "The standings changed since this draw was proposed" in told(refused)
    for garbage in ("", "two", "-1"):
        refused = confirm(client, session, round=garbage, draw=draw.said)
        assert "The draw to confirm names no round." in told(refused)
    assert not Match.objects.filter(session=session, round=2).exists()


def test_the_rounds_planned_all_drawn_no_draw_is_proposed(session: Session) -> None:
    client = director(session)
    tables = phones(session)
    round_one_played(tables)
    draw = page(client, session).context["swiss"].proposal
    confirm(client, session, round="2", draw=draw.said)
    for phone in (p for pair in tables.values() for p in pair):
        assert phone.post("rounds/1/confirm").status_code == 200
    for match in Match.objects.filter(session=session, round=2):
        for table in (match.open_table, match.closed_table):
            said = OPEN_1 if table == match.open_table else CLOSED_1
            played(*room(session, table), 2, said)
    offer = page(client, session).context["swiss"]
    assert offer.proposal is None
    assert offer.waiting == "The 2 rounds planned are all drawn."
    refused = confirm(client, session, round="3", draw="1-2,3-4")
    assert "The 2 rounds planned are all drawn." in told(refused)


def test_only_the_director_confirms_with_a_form_of_the_site(session: Session) -> None:
    round_one_played(phones(session))
    said = director(session).get(reverse("table_room:room", args=[session.pk]))
    draw = said.context["swiss"].proposal.said
    form = {"round": "2", "draw": draw}
    url = reverse("table_room:draw", args=[session.pk])
    scorer = director(session, role="scorer")
    assert page(scorer, session).status_code == 200
    assert scorer.post(url, form).status_code in (403, 404)
    player = room(session, 1)[0]  # a player's phone: no director's login
    assert player.client.post(url, form, headers=player.headers()).status_code == 302
    forged = director(session, role="director", enforce_csrf_checks=True)
    assert forged.post(url, form).status_code == 403
    assert forged.get(url).status_code == 405
    assert not Match.objects.filter(session=session, round=2).exists()
