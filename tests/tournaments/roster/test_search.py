"""Search-as-you-type finds a club's people by name or member number, and only
that club's: another club's people never appear."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from tests.factories import join
from tournaments.models import Club, Person
from tournaments.roster.search import roster_search

pytestmark = pytest.mark.django_db


@pytest.fixture
def clubs() -> tuple[Club, Club]:
    ours, theirs = Club.objects.create(name="Ours"), Club.objects.create(name="Theirs")
    Person.objects.create(club=ours, name="Ana Ruiz", national_id="1001")
    Person.objects.create(club=ours, name="Bo Ruizman", national_id="2001")
    Person.objects.create(club=theirs, name="Ana Ruiz Theirs", national_id="1002")
    return ours, theirs


def test_it_finds_by_every_word_of_the_name_or_by_the_start_of_the_number(
    clubs: tuple[Club, Club],
) -> None:
    ours, _theirs = clubs
    assert [p.name for p in roster_search(ours.pk, "ruiz")] == [
        "Ana Ruiz",
        "Bo Ruizman",
    ]
    assert [p.name for p in roster_search(ours.pk, "ruiz ana")] == ["Ana Ruiz"]
    assert [p.name for p in roster_search(ours.pk, "100")] == ["Ana Ruiz"]
    assert list(roster_search(ours.pk, "  ")) == []


def test_accents_and_letter_case_aside_lop_finds_lopez(
    clubs: tuple[Club, Club],
) -> None:
    ours, _theirs = clubs
    Person.objects.create(club=ours, name="José López", national_id="3001")
    assert [p.name for p in roster_search(ours.pk, "Lop")] == ["José López"]
    assert [p.name for p in roster_search(ours.pk, "jose LÓPEZ")] == ["José López"]
    assert [p.name for p in roster_search(ours.pk, "lópez ana")] == []


def test_the_endpoint_answers_with_the_directors_club_only(
    client: Client, clubs: tuple[Club, Club]
) -> None:
    ours, theirs = clubs
    user = User.objects.create_user("d", password="pw")
    join(user, "Ours")
    client.force_login(user)
    url = reverse("tournaments:person_search", args=[ours.pk])
    found = client.get(url, {"q": "Ana"}).json()["people"]
    assert [(p["name"], p["national_id"]) for p in found] == [("Ana Ruiz", "1001")]
    assert client.get(url, {"q": "1002"}).json() == {"people": []}
    other = reverse("tournaments:person_search", args=[theirs.pk])
    assert client.get(other, {"q": "Ana"}).status_code == 404


def test_hostile_names_come_back_as_json_text(
    client: Client, clubs: tuple[Club, Club]
) -> None:
    ours, _theirs = clubs
    Person.objects.create(club=ours, name='<script>alert("x")</script>')
    user = User.objects.create_user("d", password="pw")
    join(user, "Ours")
    client.force_login(user)
    url = reverse("tournaments:person_search", args=[ours.pk])
    response = client.get(url, {"q": "script"})
    assert response["Content-Type"] == "application/json"
    assert response.json()["people"][0]["name"] == '<script>alert("x")</script>'
