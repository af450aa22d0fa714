"""The director's own controls: a fouled board's deal version on the line page,
the teams' carry-over on the team page, the notation language in the header."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from scoring.models import ChangeLog, TravellerLine
from tests.factories import CLUB, join, make_event, make_result, section_of
from tests.scoring.test_teams import four_teams
from tournaments.models import Director

pytestmark = pytest.mark.django_db


@pytest.fixture
def director(client: Client) -> Client:
    user = User.objects.create_user("td", password="pw")
    join(user, CLUB)
    client.force_login(user)
    return client


def test_a_fouled_boards_version_is_set_on_the_line_page(director: Client) -> None:
    line = make_result(section_of(make_event()), 1, "1NS", "1EW", "4S N =")
    url = reverse("scoring:line_version", args=[line.pk])
    director.post(url, {"version": "B"})
    assert TravellerLine.objects.get(pk=line.pk).version == "B"
    assert ChangeLog.objects.order_by("-id")[0].action == "fouled"


def test_carry_over_is_typed_on_the_team_page(director: Client) -> None:
    event = four_teams()
    url = reverse("tournaments:carry_over", args=[event.pk])
    director.post(url, {"team-1": "12.5", "team-3": "3"})
    assert dict(event.teams.values_list("number", "carry_over")) == {
        1: Decimal("12.5"), 2: 0, 3: 3, 4: 0,
    }  # fmt: skip
    refused = director.post(url, {"team-2": "lots"}, follow=True)
    assert "a number of VPs" in refused.content.decode()
    assert event.teams.get(number=2).carry_over == 0


def test_the_notation_language_is_each_users_choice(director: Client) -> None:
    back = reverse("tournaments:event_list")
    response = director.post(
        reverse("tournaments:notation"), {"language": "it", "next": back}
    )
    assert response["Location"] == back
    assert Director.objects.get(user__username="td").language == "it"
    elsewhere = director.post(
        reverse("tournaments:notation"),
        {"language": "es", "next": "https://example.invalid/"},
    )
    assert elsewhere["Location"] == back  # never sent to another site
