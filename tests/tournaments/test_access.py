"""Clubs cannot touch each other: every director URL, generated from the URL
patterns so that a new view cannot forget, is a 404 for another club's director,
a login for an anonymous visitor, and director-only for a scorer."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from scoring.models import ChangeLog, TableEntry
from scoring.table.codes import codes_ensure
from tests.factories import join, make_event, make_result, section_of
from tests.scoring.test_teams import four_teams
from tests.urlconf import routes
from tournaments.models import Club, Event, Match, Person
from tournaments.setup.teams import round_robin_schedule

pytestmark = pytest.mark.django_db

DIRECTOR_NAMESPACES = {"scoring", "imps", "tournaments", "movements", "table_room"}
# Pages that name no object of a club: they are checked on their own below.
CLUB_FREE = {"tournaments:event_list", "tournaments:event_new",
             "tournaments:team_event_new", "scoring:preview",
             "tournaments:notation"}  # fmt: skip
# What a scorer may do in their club: enter and correct results, read results.
SCORER_POSTS = {"scoring:board_entry", "scoring:line_edit", "table_room:answered",
                "table_room:reopen"}  # fmt: skip


def director_urls() -> Iterator[tuple[str, list[str]]]:
    """Every named URL of the director's pages, with its argument names."""
    for route in routes():
        if route.namespace in DIRECTOR_NAMESPACES:
            yield route.name, list(route.arguments)


@pytest.fixture
def club_a() -> dict[str, int]:
    """A pairs event and a team event of club A, with a result and a match."""
    event = make_event(club="Club A")
    section = section_of(event)
    line = make_result(section, 1, "1NS", "1EW", "4S N =")
    teams = four_teams()
    Event.objects.filter(pk=teams.pk).update(club=Club.objects.get(name="Club A"))
    round_robin_schedule(event=teams)
    return {
        "event_id": teams.pk,
        "session_id": section.session_id,
        "section_id": section.pk,
        "board": 1,
        "line_id": line.pk,
        "pair_id": line.ns_pair_id,
        "match_id": Match.objects.filter(session__event=teams)[0].pk,
        "change_id": ChangeLog.objects.get(line_id=line.pk).pk,
        "club_id": Club.objects.get(name="Club A").pk,
        "code_id": codes_ensure(section.session)[0].pk,
        "entry_id": TableEntry.objects.create(
            table=codes_ensure(section.session)[0],
            client_id="disputed",
            round=1,
            board=line.board,
            ns_pair=line.ns_pair,
            ew_pair=line.ew_pair,
            status=TableEntry.Status.DISPUTED,
        ).pk,
        "person_id": Person.objects.create(
            club=Club.objects.get(name="Club A"), name="Ann Roster"
        ).pk,
    }


def object_urls(ids: dict[str, int]) -> list[tuple[str, str]]:
    urls = [
        (name, reverse(name, kwargs={a: ids[a] for a in args}))
        for name, args in director_urls()
        if name not in CLUB_FREE
    ]
    assert len(urls) >= 20  # every director page, not an empty list
    return urls


def login(client: Client, club: str, role: str = "director") -> Client:
    user = User.objects.create_user(f"{role}-of-{club}", password="pw")
    join(user, club, role)
    client.force_login(user)
    return client


def test_another_clubs_director_gets_404_on_every_page_and_form(
    client: Client, club_a: dict[str, int]
) -> None:
    other = login(client, "Club B")
    for name, url in object_urls(club_a):
        # 405: a POST-only page refuses a GET before it looks anything up.
        assert other.get(url).status_code in (404, 405), name
        assert other.post(url, {}).status_code in (404, 405), name


def test_an_anonymous_visitor_is_sent_to_log_in(
    client: Client, club_a: dict[str, int]
) -> None:
    for name, url in object_urls(club_a):
        response = client.get(url)
        if name.endswith(("session_pdf", "session_xlsx")):
            assert response.status_code == 404, name  # unpublished: nothing
        else:
            assert response.status_code in (302, 405), name
            assert response.status_code == 405 or "/login/" in response["Location"]


def test_a_scorer_enters_results_but_changes_nothing_else(
    client: Client, club_a: dict[str, int]
) -> None:
    scorer = login(client, "Club A", "scorer")
    for name, url in object_urls(club_a):
        if name not in SCORER_POSTS:
            assert scorer.post(url, {}).status_code in (404, 405), name
    entry = reverse("scoring:board_entry", args=[club_a["section_id"], 2])
    page = scorer.post(entry, {"ns": "2", "ew": "2", "entry": "3NT N ="})
    assert page.status_code == 302


def test_the_event_list_and_new_event_form_offer_only_the_users_clubs(
    client: Client, club_a: dict[str, int]
) -> None:
    director = login(client, "Club B")
    make_event(club="Club B")
    listed = director.get(reverse("tournaments:event_list")).content.decode()
    assert "Tuesday pairs" in listed and "Winter teams" not in listed
    form = director.get(reverse("tournaments:event_new")).context["form"]
    assert [c.name for c in form.fields["club"].queryset] == ["Club B"]


def test_only_a_club_administrator_names_the_clubs_members(
    client: Client, club_a: dict[str, int]
) -> None:
    url = reverse("tournaments:club_members", args=[club_a["club_id"]])
    director = login(client, "Club A")
    assert director.get(url).status_code == 404
    admin = login(Client(), "Club A", "admin")
    page = admin.post(url, {"username": "sam", "role": "scorer",
                            "password": "Xk9!long-pass"})  # fmt: skip
    assert page.status_code == 302
    assert User.objects.get(username="sam").memberships.get().role == "scorer"
    refused = admin.post(url, {"username": "newbie", "role": "scorer"})
    assert "A new user needs a password." in refused.content.decode()
