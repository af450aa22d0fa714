"""The demo evening `make run` shows a newcomer: complete and scored; never
loaded into a real club's database by mistake."""

from __future__ import annotations

from collections.abc import Iterator
from io import StringIO

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from django.test import override_settings
from pytest_django import DjangoDbBlocker
from pytest_django.fixtures import Settings

from scoring.models import TravellerLine
from scoring.standings import session_results
from tournaments.models import Club, Event, Person

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def demo(django_db_setup: None, django_db_blocker: DjangoDbBlocker) -> Iterator[Event]:
    """Built once for the module (it takes seconds), removed afterwards."""
    with django_db_blocker.unblock(), override_settings(DEBUG=True):  # make run
        call_command("load_demo", stdout=StringIO())
        yield Event.objects.get(name="Club pairs (demo)")
        Event.objects.all().delete()
        Person.objects.all().delete()  # the demo's players joined the roster
        Club.objects.all().delete()
        User.objects.all().delete()


def test_it_is_a_seven_table_mitchell_of_21_boards_all_entered(demo: Event) -> None:
    section = demo.sessions.get().sections.get()
    assert section.pairs.count() == 14
    assert all(p.players.count() == 2 for p in section.pairs.all())
    lines = TravellerLine.objects.filter(section=section)
    assert lines.count() == 21 * 7
    assert set(lines.values_list("board__number", flat=True)) == set(range(1, 22))


def test_it_has_one_adjusted_score_and_every_pair_ranked(demo: Event) -> None:
    lines = TravellerLine.objects.filter(section__session__event=demo)
    assert lines.exclude(ns_artificial="").count() == 1
    results = session_results(demo.sessions.get())
    assert len(results.standings) == 14
    assert {s.boards for s in results.standings} == {21}
    assert {s.rank for s in results.standings if s.rank == "1"} == {"1"}


def test_every_board_has_its_deal(demo: Event) -> None:
    deals = demo.sessions.get().boards.values_list("deal", flat=True)
    assert all(d.startswith("N:") and len(d.split()) == 4 for d in deals)


def test_loading_it_again_replaces_it_with_debug_off_when_told_explicitly(
    demo: Event, settings: Settings
) -> None:
    settings.DEBUG = False
    out = StringIO()
    call_command("load_demo", "--production-database", stdout=out)
    assert "log in as director / director" in out.getvalue()
    assert Event.objects.filter(name="Club pairs (demo)").count() == 1


def test_with_debug_off_it_refuses_and_writes_nothing(
    demo: Event, settings: Settings
) -> None:
    settings.DEBUG = False
    User.objects.filter(username="director").delete()
    events = Event.objects.count()
    with pytest.raises(CommandError, match="--production-database"):
        call_command("load_demo", stdout=StringIO())
    assert Event.objects.count() == events
    assert not User.objects.filter(username="director").exists()
