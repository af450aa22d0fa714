"""The `new_event` command: sections A, B, C… each with its movement, all or
nothing, and `event <id> session <id>` last."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from movements.models import Seating
from tournaments.models import Club, Event, Pair, Section, Session

pytestmark = pytest.mark.django_db


def run(*args: str) -> str:
    out = StringIO()
    call_command("new_event", *args, stdout=out)
    return out.getvalue()


def test_it_makes_every_section_with_its_movement_and_prints_the_ids_last() -> None:
    printed = run("--name", "Monday pairs", "--tables", "7", "--sections", "3",
                  "--movement", "mitchell", "--boards-per-round", "2")  # fmt: skip
    event = Event.objects.get()
    session = Session.objects.get(event=event)
    assert printed.splitlines()[-1] == f"event {event.pk} session {session.pk}"
    assert event.name == "Monday pairs" and event.two_winners
    sections = Section.objects.filter(session=session).order_by("letter")
    assert [(s.letter, s.tables) for s in sections] == [("A", 7), ("B", 7), ("C", 7)]
    for section in sections:
        seatings = Seating.objects.filter(section=section)
        assert seatings.count() == 7 * 7  # 7 rounds at 7 tables
        first = seatings.get(round=1, table=1)
        assert (first.first_board, first.last_board) == (1, 2)
        assert Pair.objects.filter(section=section).count() == 14


def test_a_howell_with_a_club() -> None:
    printed = run("--name", "Howell", "--tables", "4", "--sections", "2",
                  "--movement", "howell", "--club", "Riverside")  # fmt: skip
    event = Event.objects.get()
    assert event.club == Club.objects.get(name="Riverside")
    assert not event.two_winners
    for section in Section.objects.filter(session__event=event):
        assert Seating.objects.filter(section=section).exists()
        labels = Pair.objects.filter(section=section).values_list("label", flat=True)
        assert set(labels) == {str(n) for n in range(1, 9)}
    assert printed.splitlines()[-1].startswith(f"event {event.pk} session ")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--tables", "0"], "--tables must be 1 to 60"),
        (["--tables", "61"], "--tables must be 1 to 60"),
        (["--tables", "5", "--sections", "0"], "--sections must be 1 to 26"),
        (["--tables", "5", "--sections", "27"], "--sections must be 1 to 26"),
        (["--tables", "5", "--boards-per-round", "0"], "--boards-per-round"),
        (["--tables", "5", "--name", "  "], "--name must not be blank"),
    ],
)
def test_bad_values_are_refused_before_anything_is_written(
    args: list[str], message: str
) -> None:
    with pytest.raises(CommandError, match=message):
        run("--name", "Pairs", "--movement", "mitchell", *args)
    assert not Event.objects.exists()


def test_no_movement_for_the_tables_writes_nothing() -> None:
    """A Howell for 12 tables has no default movement: the event and the section
    already made are rolled back."""
    with pytest.raises(CommandError, match="no howell movement for 12 tables"):
        run("--name", "Big Howell", "--tables", "12", "--sections", "2",
            "--movement", "howell")  # fmt: skip
    assert not Event.objects.exists()
    assert not Section.objects.exists() and not Seating.objects.exists()


def test_an_unknown_movement_is_refused() -> None:
    with pytest.raises(CommandError):
        run("--name", "Pairs", "--tables", "5", "--movement", "swiss")
    assert not Event.objects.exists()


def test_sessions_carry_the_same_entries_over() -> None:
    printed = run("--name", "Two nights", "--tables", "3", "--sections", "2",
                  "--movement", "mitchell", "--sessions", "2")  # fmt: skip
    event = Event.objects.get()
    first, second = Session.objects.filter(event=event).order_by("number")
    assert printed.splitlines()[-1] == f"event {event.pk} session {first.pk}"
    assert "session 2 section B: 3 tables, mitchell movement of 3 rounds" in printed
    assert Seating.objects.filter(section__session=second).exists()
    entries = [
        set(Pair.objects.filter(section__session=s).values_list("entry", flat=True))
        for s in (first, second)
    ]
    assert entries[0] == entries[1] and len(entries[0]) == 12 and None not in entries[0]


@pytest.mark.parametrize("sessions", ["0", "21"])
def test_a_number_of_sessions_out_of_range_is_refused(sessions: str) -> None:
    with pytest.raises(CommandError, match="--sessions must be 1 to 20"):
        run("--name", "Pairs", "--tables", "3", "--movement", "mitchell",
            "--sessions", sessions)  # fmt: skip
    assert not Event.objects.exists()
