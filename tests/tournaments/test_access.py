"""Clubs cannot touch each other. Who reaches which page is the access matrix's
(``tests/access``); here, what a page offers once reached: a scorer's entry is
recorded, the forms offer only the user's clubs, and only a club administrator
names the club's members."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from scoring.models import TravellerLine
from tests.access.clubs import Ids, club_objects, member
from tests.factories import make_event

pytestmark = pytest.mark.django_db


@pytest.fixture
def club_a() -> Ids:
    return club_objects("Club A")


def login(client: Client, club: str, role: str = "director") -> Client:
    client.force_login(member(club, role))
    return client


def test_a_scorer_enters_a_result(client: Client, club_a: Ids) -> None:
    scorer = login(client, "Club A", "scorer")
    entry = reverse("scoring:board_entry", args=[club_a["section_id"], 2])
    page = scorer.post(entry, {"ns": "2", "ew": "2", "entry": "3NT N ="})
    assert page.status_code == 302
    assert TravellerLine.objects.filter(
        section_id=club_a["section_id"], board__number=2
    ).exists()


def test_the_event_list_and_new_event_form_offer_only_the_users_clubs(
    client: Client, club_a: Ids
) -> None:
    director = login(client, "Club B")
    make_event(club="Club B")
    listed = director.get(reverse("tournaments:event_list")).content.decode()
    assert "Tuesday pairs" in listed and "Winter teams" not in listed
    form = director.get(reverse("tournaments:event_new")).context["form"]
    assert [c.name for c in form.fields["club"].queryset] == ["Club B"]


def test_only_a_club_administrator_names_the_clubs_members(
    client: Client, club_a: Ids
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
