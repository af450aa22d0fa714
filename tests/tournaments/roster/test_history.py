"""A player's page lists their events and percentages over time, read from the
scored results: public when the club publishes player pages, else its
directors' only."""

from __future__ import annotations

from datetime import date
from fractions import Fraction

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from tests.factories import CLUB, join, make_small_evening, pair, section_of
from tournaments.models import Club, Event, Person
from tournaments.roster.history import player_history
from tournaments.setup.events import pair_name
from tournaments.setup.settings import event_publish

pytestmark = pytest.mark.django_db


@pytest.fixture
def ana() -> Person:
    """Ana played 2NS (75 %) on 1 March, published, and 1NS (25 %) on 8 March,
    not published."""
    for day, label in ((date(2026, 3, 8), "1NS"), (date(2026, 3, 1), "2NS")):
        event = make_small_evening(day=day)
        pair_name(pair=pair(section_of(event), label), names=["Ana Ruiz", "Bo Li"])
    event_publish(event=Event.objects.get(date=date(2026, 3, 1)), on=True, user=None)
    return Person.objects.get(name="Ana Ruiz")


def test_the_history_reads_the_scored_percentages_oldest_first(ana: Person) -> None:
    played = player_history(ana, public=False)
    assert [(p.day, p.pair.label, p.rank) for p in played] == [
        (date(2026, 3, 1), "2NS", "1"),
        (date(2026, 3, 8), "1NS", "3"),
    ]
    assert [p.percentage for p in played] == [Fraction(75), Fraction(25)]
    assert played[0].partners == "Bo Li"
    assert [p.day for p in player_history(ana, public=True)] == [date(2026, 3, 1)]


def test_the_public_page_is_there_only_when_the_club_publishes_it(
    client: Client, ana: Person
) -> None:
    url = reverse("public:player", args=[ana.pk])
    assert client.get(url).status_code == 404
    Club.objects.filter(name=CLUB).update(publish_players=True)
    page = client.get(url).content.decode()
    assert "Ana Ruiz" in page and "75.00" in page
    assert "25.00" not in page  # the unpublished evening stays private
    club_page = client.get(reverse("public:club", args=[ana.club_id])).content.decode()
    assert url in club_page


def test_the_directors_page_shows_every_event_and_is_the_clubs_only(
    client: Client, ana: Person
) -> None:
    url = reverse("tournaments:person_results", args=[ana.pk])
    user = User.objects.create_user("d", password="pw")
    join(user, "Another club")
    client.force_login(user)
    assert client.get(url).status_code == 404
    join(user, CLUB)
    page = client.get(url).content.decode()
    assert "75.00" in page and "25.00" in page


def test_a_person_of_no_published_event_has_no_public_page(
    client: Client, ana: Person
) -> None:
    Club.objects.filter(name=CLUB).update(publish_players=True)
    Event.objects.update(published=False)
    # Found by the access matrix: the roster's names were readable by number.
    assert client.get(reverse("public:player", args=[ana.pk])).status_code == 404
    unplayed = Person.objects.create(club=ana.club, name="Roster Only")
    assert client.get(reverse("public:player", args=[unplayed.pk])).status_code == 404
