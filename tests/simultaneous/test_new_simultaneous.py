"""`new_event --simultaneous` and `new_event --heat`: the organiser's event,
the clubs' heats playing the set's boards by number, refusals naming the option
and writing nothing."""

from __future__ import annotations

from datetime import UTC, datetime
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from movements.models import Seating
from tournaments.models import DealSet, Event, Heat, Session, Simultaneous
from tournaments.setup.simultaneous import heat_add

pytestmark = pytest.mark.django_db


def run(*args: str) -> str:
    out = StringIO()
    call_command("new_event", *args, stdout=out)
    return out.getvalue().strip()


def sims(boards: str = "24", *extra: str) -> Simultaneous:
    printed = run("--name", "Spring Sims", "--simultaneous", "--boards", boards,
                  "--club", "Federation", *extra)  # fmt: skip
    event_id = int(printed.removeprefix("event "))
    return Simultaneous.objects.get(event_id=event_id)


def test_the_organisers_event_prints_its_id_with_its_settings() -> None:
    made = sims("26", "--release", "2026-03-01T22:00:00+00:00", "--one-winner",
                "--sims-percentage")  # fmt: skip
    assert made.event.name == "Spring Sims" and made.boards == 26
    assert made.event.club is not None and made.event.club.name == "Federation"
    assert made.release_at == datetime(2026, 3, 1, 22, tzinfo=UTC)
    assert not made.event.two_winners and made.sims_percentage
    assert not made.event.sessions.exists()  # the heats play, not the organiser


def test_heats_play_at_most_the_sets_boards_by_number() -> None:
    made = sims("24", "--one-winner")  # a Howell heat: one winner
    for club, tables, movement in (("Alpha", "3", "mitchell"),
                                   ("Beta", "5", "mitchell"),
                                   ("Gamma", "7", "howell")):  # fmt: skip
        printed = run("--heat", str(made.event_id), "--club", club,
                      "--tables", tables, "--movement", movement)  # fmt: skip
        heat = Heat.objects.get(club__name=club)
        session = heat.session
        assert printed == f"event {session.event_id} session {session.pk}"
        numbers = list(session.boards.values_list("number", flat=True))
        assert numbers == list(range(1, len(numbers) + 1)) and len(numbers) <= 24
        assert Seating.objects.filter(section__session=session).exists()
        assert session.event.club == heat.club
    boards = {h.club.name: h.session.boards.count() for h in made.heats.all()}
    assert boards == {"Alpha": 12, "Beta": 20, "Gamma": 13}
    assert not Heat.objects.get(club__name="Gamma").session.event.two_winners


def test_a_heats_boards_take_the_sets_deals() -> None:
    made = sims("12")
    deal = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"
    made.deal_set = DealSet.objects.create(fingerprint="f", deals={"1": deal})
    made.save()
    session = heat_add(simultaneous=made, club="Alpha", tables=3, kind="mitchell")
    assert session.boards.get(number=1).deal == deal


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--boards", "0"), "--boards must be 1 to 36, not 0"),
        (("--boards", "37"), "--boards must be 1 to 36"),
        (("--boards", "24", "--release", "tomorrow"), "--release must be a date"),
        (("--boards", "24", "--tables", "3"), "--tables: not for a simultaneous"),
        (("--boards", "24", "--sections", "2"), "--sections: not for a simul"),
    ],
)
def test_a_bad_simultaneous_is_refused_naming_the_option(
    args: tuple[str, ...], message: str
) -> None:
    with pytest.raises(CommandError, match=message):
        run("--name", "Sims", "--simultaneous", *args)
    assert not Event.objects.exists()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--club", "A", "--tables", "0", "--movement", "mitchell"), "--tables must"),
        (("--tables", "5", "--movement", "mitchell"), "--club"),
        (("--club", "A", "--tables", "5", "--movement", "swiss"), "--movement must"),
        (("--club", "A", "--tables", "5", "--movement", "mitchell", "--boards", "3"),
         "--boards: not for a heat"),
        (("--club", "A", "--tables", "20", "--movement", "howell"),
         "No howell movement for 20 tables fits 24 boards"),
    ],
)  # fmt: skip
def test_a_bad_heat_is_refused_naming_the_option_and_writes_nothing(
    args: tuple[str, ...], message: str
) -> None:
    made = sims("24")
    with pytest.raises(CommandError, match=message):
        run("--heat", str(made.event_id), *args)
    assert Event.objects.count() == 1 and not Session.objects.exists()


def test_a_heat_of_no_simultaneous_and_a_second_heat_of_a_club_are_refused() -> None:
    made = sims("24")
    with pytest.raises(CommandError, match="--heat 999: no such simultaneous"):
        run("--heat", "999", "--club", "A", "--tables", "3", "--movement", "mitchell")
    heat = ("--heat", str(made.event_id), "--club", "A", "--tables", "3",
            "--movement", "mitchell")  # fmt: skip
    run(*heat)
    with pytest.raises(CommandError, match="A has a heat of this simultaneous"):
        run(*heat)
    assert Heat.objects.count() == 1


def test_a_simultaneous_option_on_another_event_is_refused() -> None:
    with pytest.raises(CommandError, match="--boards: for --simultaneous"):
        run("--name", "Club", "--tables", "3", "--movement", "mitchell",
            "--boards", "24")  # fmt: skip
