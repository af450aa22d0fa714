"""`import_usebio FILE --heat EVENT_ID --club NAME`: a club's session scored
elsewhere joins the simultaneous as its heat when its boards are the set's."""

from __future__ import annotations

from io import StringIO

import orjson
import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tests.factories import DEAL_1
from tests.paths import FIXTURES
from tournaments.models import DealSet, Event, Heat, Simultaneous

pytestmark = pytest.mark.django_db

FILE = str(FIXTURES / "usebio_mp_mitchell_16pairs.xml")  # 24 boards, dealt


def run(*args: str) -> str:
    out = StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


def sims(boards: str = "24") -> Simultaneous:
    printed = run("new_event", "--name", "Sims", "--simultaneous", "--boards", boards)
    return Simultaneous.objects.get(event_id=int(printed.split()[1]))


def upload(made: Simultaneous, club: str = "Lindfield") -> str:
    return run("import_usebio", FILE, "--heat", str(made.event_id), "--club", club)


def test_the_file_becomes_the_clubs_heat_and_counts_in_the_overall() -> None:
    made = sims()
    run("new_event", "--heat", str(made.event_id), "--club", "Alpha",
        "--tables", "3", "--movement", "mitchell")  # fmt: skip
    printed = upload(made).splitlines()[-1]
    heat = Heat.objects.get(club__name="Lindfield")
    assert printed == f"event {heat.session.event_id} session {heat.session_id}"
    assert heat.session.boards.count() == 24
    data = orjson.loads(run("results", str(made.event_id), "--json"))
    rows = [row for row in data["overall"] if row["club"] == "Lindfield"]
    assert len(rows) == 16 and {row["rank"] for row in rows} >= {"1"}


def test_an_empty_heat_made_beforehand_gives_way_to_the_file() -> None:
    made = sims()
    run("new_event", "--heat", str(made.event_id), "--club", "Lindfield",
        "--tables", "5", "--movement", "mitchell")  # fmt: skip
    upload(made)
    heat = Heat.objects.get()
    assert heat.session.sections.get().pairs.count() == 16
    assert Event.objects.count() == 2  # the organiser's and the file's


def test_a_deal_not_the_sets_is_refused_naming_the_board() -> None:
    made = sims()
    made.deal_set = DealSet.objects.create(fingerprint="x", deals={"3": DEAL_1})
    made.save()
    with pytest.raises(CommandError, match="Board 3: the file's deal is not"):
        upload(made)
    assert not Heat.objects.exists() and Event.objects.count() == 1


def test_a_board_beyond_the_set_is_refused_and_nothing_written() -> None:
    made = sims("20")
    with pytest.raises(CommandError, match="Board 21: the simultaneous has 20"):
        upload(made)
    assert Event.objects.count() == 1


def test_a_heat_with_results_and_an_unknown_simultaneous_are_refused() -> None:
    made = sims()
    upload(made)
    with pytest.raises(CommandError, match="The heat of Lindfield has results"):
        upload(made)
    with pytest.raises(CommandError, match="--heat 999: no such simultaneous"):
        run("import_usebio", FILE, "--heat", "999", "--club", "A")
    with pytest.raises(CommandError, match="--heat needs --club"):
        run("import_usebio", FILE, "--heat", str(made.event_id))
