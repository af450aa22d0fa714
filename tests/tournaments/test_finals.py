"""Finals seeded from the ranking over the sessions of the two-session event of
test_sessions, ranked by the average of percentages: Bob 200/3, Cy 175/3,
Ann 100/3, Eve 25, Di 50/3."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse

from tests.factories import join
from tests.tournaments.test_sessions import two_sessions  # noqa: F401 (fixture)
from tournaments.models import Entry, Event, Pair
from tournaments.setup.events import MITCHELL
from tournaments.setup.finals import finals_seed

pytestmark = pytest.mark.django_db


@pytest.fixture
def qualifying(two_sessions: Event) -> Event:  # noqa: F811
    two_sessions.combined_by = Event.CombinedBy.AVERAGE
    two_sessions.save()
    return two_sessions


def seated(final: Event) -> list[tuple[str, str, Decimal | None]]:
    pairs = Pair.objects.filter(section__session__event=final).order_by("entry__number")
    return [
        (p.label, p.names.split(" – ")[0], p.entry.carry_over if p.entry else None)
        for p in pairs
    ]


def test_bands_of_the_ranking_make_an_a_and_a_b_final(qualifying: Event) -> None:
    a_final, b_final = finals_seed(
        event=qualifying, bands=[("A", 2), ("B", 2)], kind=MITCHELL
    )
    assert a_final.name == "Tuesday pairs – A final"
    assert a_final.combined_by == Event.CombinedBy.AVERAGE
    # carried over: the qualifying percentage to four places
    assert seated(a_final) == [
        ("1NS", "Bob", Decimal("66.6667")),  # 200/3
        ("1EW", "Cy", Decimal("58.3333")),  # 175/3
    ]
    assert seated(b_final) == [
        ("1NS", "Ann", Decimal("33.3333")),  # 100/3
        ("1EW", "Eve", Decimal("25.0000")),
    ]
    # Di (5th) is in neither final; the qualifying event is unchanged
    assert not Pair.objects.filter(
        section__session__event__in=[a_final, b_final], players__name="Di"
    ).exists()
    assert qualifying.sessions.count() == 2


def test_a_final_without_carry_over_starts_level(qualifying: Event) -> None:
    (a_final,) = finals_seed(
        event=qualifying, bands=[("A", 2)], kind=MITCHELL, carry=False
    )
    assert {e.carry_over for e in Entry.objects.filter(event=a_final)} == {None}
    assert [name for _label, name, _carry in seated(a_final)] == ["Bob", "Cy"]


def test_bands_larger_than_the_field_are_refused(qualifying: Event) -> None:
    events = Event.objects.count()
    with pytest.raises(ValidationError, match="more entries than the 5 ranked"):
        finals_seed(event=qualifying, bands=[("A", 4), ("B", 2)], kind=MITCHELL)
    assert Event.objects.count() == events


def test_the_director_seeds_the_finals_on_a_page(
    client: Client, qualifying: Event
) -> None:
    user = User.objects.create_user("td", password="pw")
    join(user)
    client.force_login(user)
    url = reverse("tournaments:finals", args=[qualifying.pk])
    assert "Seed the finals" in client.get(url).content.decode()
    page = client.post(
        url, {"a_final": "2", "b_final": "2", "kind": MITCHELL, "carry": "on"}
    )
    a_final = Event.objects.get(name="Tuesday pairs – A final")
    assert page["Location"] == reverse("tournaments:event_detail", args=[a_final.pk])
    assert Event.objects.filter(name="Tuesday pairs – B final").exists()
