"""The director's home is tonight: each event with where it stands (set up,
in play with its round, finished, published), one button for tonight's
session, and the club's lists in a menu rather than the page."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from scoring.models import TableCode
from scoring.table.play import calling
from scoring.table.room.tonight import event_state
from tests.factories import join, make_event, play_rounds, section_of
from tournaments.home_views import PAST_PAGE
from tournaments.models import Event, Session

pytestmark = pytest.mark.django_db


def test_an_event_goes_from_set_up_to_in_play_finished_and_published() -> None:
    event = make_event(tables=7)
    assert event_state(event) == "set up"
    play_rounds(section_of(event), range(1, 4))
    session = event.sessions.get()
    calling.round_call(session=session, number=3, user=None)
    assert event_state(Event.objects.get(pk=event.pk)) == "in play: round 3 of 7"
    Session.objects.filter(pk=session.pk).update(tables_open=False)
    assert event_state(Event.objects.get(pk=event.pk)) == "finished"
    Session.objects.filter(pk=session.pk).update(released=True)
    Event.objects.filter(pk=event.pk).update(published=True)
    assert event_state(Event.objects.get(pk=event.pk)) == "published"


def test_the_home_page_offers_tonight_first(client: Client) -> None:
    user = User.objects.create_user("d", password="pw")
    join(user)
    client.force_login(user)
    home = reverse("tournaments:event_list")
    page = client.get(home).content.decode()
    assert "Start tonight's session" in page
    assert page.index("Start tonight") < page.index("Clubs, roster and members")
    event = make_event(tables=7, day=timezone.localdate())
    page = client.get(home).content.decode()
    assert reverse("tournaments:event_detail", args=[event.pk]) in page
    assert "Run tonight's session: Tuesday pairs" in page
    assert ">set up</td>" in page


def test_the_event_page_lists_north_south_before_east_west(client: Client) -> None:
    user = User.objects.create_user("d", password="pw")
    join(user)
    client.force_login(user)
    event = make_event(tables=7)
    page = client.get(reverse("tournaments:event_detail", args=[event.pk]))
    html = page.content.decode()
    labels = ["1NS", "2NS", "7NS", "1EW", "7EW"]
    places = [html.index(f">{label}</a>") for label in labels]
    assert places == sorted(places)


def _director(client: Client) -> None:
    user = User.objects.create_user("d", password="pw")
    join(user)
    client.force_login(user)


def test_the_home_groups_today_coming_and_past_most_recent_first(
    client: Client,
) -> None:
    _director(client)
    today = timezone.localdate()
    days = {"Yesterday": -1, "Last week": -7, "Tomorrow": 1, "This evening": 0}
    for name, offset in days.items():
        Event.objects.filter(pk=make_event(day=today + timedelta(offset)).pk).update(
            name=name
        )
    page = client.get(reverse("tournaments:event_list")).content.decode()
    order = ["Today", "This evening", "Coming events", "Tomorrow", "Past events"]
    order += ["Yesterday", "Last week"]
    places = [page.index(f">{text}<") for text in order]
    assert places == sorted(places)


def test_the_home_reads_only_and_with_a_bounded_number_of_queries(
    client: Client, django_assert_max_num_queries: Any
) -> None:
    _director(client)
    today = timezone.localdate()
    tonight = make_event(tables=7, day=today)
    play_rounds(section_of(tonight), range(1, 3))
    calling.round_call(session=tonight.sessions.get(), number=2, user=None)
    for back in range(1, 31):
        play_rounds(section_of(make_event(day=today - timedelta(back))), range(1, 2))
    # the past evenings' tables left open: over all the same, and not reckoned
    home = reverse("tournaments:event_list")
    with django_assert_max_num_queries(30):
        page = client.get(home).content.decode()
    assert not TableCode.objects.exists()  # a GET makes no table code
    assert "in play: round 2 of 7" in page
    assert page.count(">finished</td>") == PAST_PAGE
    assert "Page 1 of 2" in page
    older = client.get(home + "?page=2").content.decode()
    assert older.count(">finished</td>") == 30 - PAST_PAGE


@pytest.mark.parametrize("page_name", ["master_points", "session_entries"])
def test_the_session_pages_list_north_south_before_east_west(
    client: Client, page_name: str
) -> None:
    _director(client)
    session = make_event(tables=3).sessions.get()
    url = reverse(f"tournaments:{page_name}", args=[session.pk])
    html = client.get(url).content.decode()
    places = [html.index(label) for label in ("1NS", "3NS", "1EW", "3EW")]
    assert places == sorted(places)
