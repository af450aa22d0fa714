"""The `new_event` command: sections A, B, C… each with its movement, all or
nothing, and `event <id> session <id>` last."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from movements.models import Seating
from tournaments.management.commands.new_event import Command as NewEvent
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


# Individuals -------------------------------------------------------------------------
def test_an_individual_of_twelve_players_is_made_and_described_as_json() -> None:
    made = json.loads(run("--name", "Christmas", "--movement", "individual",
                          "--players", "12", "--json"))  # fmt: skip
    event = Event.objects.get()
    session = Session.objects.get(event=event)
    section = Section.objects.get(session=session)
    assert made == {
        "event": event.pk, "session": session.pk, "section": section.pk,
        "kind": "individual", "players": 12, "phantoms": [], "tables": 3,
        "rounds": 11, "boards_per_round": 2, "boards": 22,
        "warnings": [made["warnings"][0]],
    }  # fmt: skip
    # 12 players: no cyclic design is balanced left and right (§1.1).
    assert "do not meet as often on each side" in made["warnings"][0]
    assert event.individual and Pair.objects.filter(section=section).count() == 12
    assert Seating.objects.filter(section=section).count() == 33


def test_ten_players_say_which_phantoms_make_the_sit_outs() -> None:
    printed = run("--name", "Ten", "--movement", "individual", "--players", "10",
                  "--boards-per-round", "3")  # fmt: skip
    lines = printed.splitlines()
    event = Event.objects.get()
    assert lines[0].startswith("section A: 10 players at 3 tables, individual ")
    assert any(
        line.startswith("warning: phantom players 11, 12 unbalance") for line in lines
    )
    assert lines[-1] == f"event {event.pk} session {event.sessions.get().pk}"
    seating = Seating.objects.filter(section__session__event=event).first()
    assert seating is not None and (seating.first_board, seating.last_board) == (1, 3)


def test_a_shortened_individual_plays_its_first_rounds_and_says_how_unbalanced():
    made = json.loads(run("--name", "Evening", "--movement", "individual",
                          "--players", "20", "--rounds", "9", "--json"))  # fmt: skip
    assert (made["players"], made["tables"], made["rounds"], made["boards"]) == (
        20, 5, 9, 18,
    )  # fmt: skip
    assert made["warnings"][0] == (
        "stopping after 9 rounds unbalances the movement: 100 of 190 pairs of "
        "players never partner; two players oppose 0 to 2 times"
    )
    section = Section.objects.get(pk=made["section"])
    assert sorted(set(section.seatings.values_list("round", flat=True))) == list(
        range(1, 10)
    )
    assert section.session.boards.count() == 18
    printed = run("--name", "Full", "--movement", "individual", "--players", "20",
                  "--rounds", "19")  # fmt: skip
    assert "movement of 19 rounds, 38 boards" in printed
    assert "stopping after" not in printed


def test_a_rainbow_of_seven_tables() -> None:
    made = json.loads(run("--name", "Rainbow", "--movement", "rainbow",
                          "--tables", "7", "--json"))  # fmt: skip
    assert (made["kind"], made["players"], made["tables"], made["rounds"]) == (
        "rainbow", 28, 7, 7,
    )  # fmt: skip
    assert made["warnings"] == [] and made["boards"] == 14


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--movement", "individual"], "--movement individual needs --players"),
        (["--movement", "individual", "--players", "4"],
         "--players: No such individual movement: an individual needs 5 to 20 "
         "players, not 4."),
        (["--movement", "individual", "--players", "21"], "--players: .* not 21"),
        (["--movement", "individual", "--players", "12", "--tables", "3"],
         "--movement individual takes --players, not --tables"),
        (["--movement", "individual", "--players", "12", "--sections", "2"],
         "one section and one session"),
        (["--movement", "individual", "--players", "20", "--rounds", "20"],
         "--rounds: No such individual movement: an individual of 20 players has "
         "1 to 19 rounds, not 20."),
        (["--movement", "individual", "--players", "12", "--rounds", "0"],
         "--rounds: .* has 1 to 11 rounds, not 0"),
        (["--movement", "rainbow", "--tables", "5", "--rounds", "3"],
         "--rounds is for --movement swiss or individual"),
        (["--movement", "individual", "--players", "12", "--boards-per-round", "0"],
         "--boards-per-round must be 1 to 10"),
        (["--movement", "rainbow"], "--movement rainbow needs --tables"),
        (["--movement", "rainbow", "--tables", "9"],
         "--tables: .*cannot have 9 tables"),
        (["--movement", "rainbow", "--tables", "5", "--players", "20"],
         "takes --tables, not --players"),
        (["--movement", "mitchell", "--players", "12", "--tables", "3"],
         "--players and --json are for --movement individual or rainbow"),
        (["--movement", "mitchell"], "--movement mitchell needs --tables"),
    ],
)  # fmt: skip
def test_an_impossible_individual_is_refused_naming_the_option(
    args: list[str], message: str
) -> None:
    with pytest.raises(CommandError, match=message):
        run("--name", "Nope", *args)
    assert not Event.objects.exists() and not Pair.objects.exists()


# run_from_argv closes the database connections when it ends, as manage.py does:
# the test then reads through a new connection, outside a test transaction.
@pytest.mark.django_db(transaction=True)
def test_a_refusal_exits_with_status_1_and_says_why_on_stderr(
    capsys: pytest.CaptureFixture[str],
) -> None:
    command = NewEvent()
    argv = ["manage.py", "new_event", "--name", "X", "--movement", "rainbow",
            "--tables", "6"]  # fmt: skip
    with pytest.raises(SystemExit) as stopped:
        command.run_from_argv(argv)
    assert stopped.value.code == 1
    assert "cannot have 6 tables" in capsys.readouterr().err
    assert not Event.objects.exists()
