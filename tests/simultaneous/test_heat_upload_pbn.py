"""`import_pbn FILE --heat EVENT_ID --club NAME` and the heat's upload page with
a PBN file: the same checks as a USEBIO heat (the boards the set's, a deal that
differs refused naming the board, nothing half-written), the page telling the
two formats apart by their content."""

from __future__ import annotations

from io import StringIO
from pathlib import Path

import orjson
import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse

from scoring.interchange.heat_upload import HEAT_REFUSALS, heat_file_import
from scoring.models import TravellerLine
from tests.factories import DEAL_1
from tests.paths import FIXTURES, ROOT
from tests.simultaneous.test_heat_pages import signed_in
from tests.simultaneous.test_heat_upload import FILE as USEBIO
from tournaments.models import DealSet, Event, Heat, Simultaneous
from tournaments.setup.simultaneous import heat_add

pytestmark = pytest.mark.django_db

PBN = ROOT / "tests" / "data" / "pbn" / "results_mitchell.pbn"  # 3 tables, 3 boards
BOARD_2 = "N:T865.Q653.AJ64.2 72.K97.T9.KQ9874 AK3.T2.KQ875.A65 QJ94.AJ84.32.JT3"


def run(*args: str) -> str:
    out = StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


def sims(boards: int = 24, deals: dict[str, str] | None = None) -> Simultaneous:
    made = Simultaneous.objects.create(
        event=Event.objects.create(name="Sims"), boards=boards
    )
    if deals is not None:
        made.deal_set = DealSet.objects.create(fingerprint="x", deals=deals)
        made.save()
    return made


def upload(made: Simultaneous, path: Path = PBN, club: str = "Lindfield") -> str:
    return run("import_pbn", str(path), "--heat", str(made.event_id), "--club", club)


def test_the_pbn_file_becomes_the_clubs_heat_and_counts_in_the_overall() -> None:
    made = sims(deals={"2": BOARD_2})
    empty = heat_add(simultaneous=made, club="Lindfield", tables=3)
    printed = upload(made).splitlines()
    heat = Heat.objects.get(simultaneous=made)
    assert heat.session_id != empty.pk  # the empty heat gave way to the file
    assert printed[-1] == f"event {heat.session.event_id} session {heat.session_id}"
    assert "imported 'Club pairs': 3 boards, 6 pairs" in printed
    assert heat.session.event.source and heat.club.name == "Lindfield"
    assert TravellerLine.objects.filter(section__session=heat.session).count() == 9
    data = orjson.loads(run("results", str(made.event_id), "--json"))
    rows = {(row["pair"], row["percentage"]) for row in data["overall"]}
    # one heat alone: the overall is the heat's own ranking (TotalScoreTable)
    assert {pct for _pair, pct in rows} == {66.67, 41.67, 75.0, 50.0, 25.0}
    assert len(rows) == 6


def test_a_deal_not_the_sets_is_refused_naming_the_board_nothing_written() -> None:
    made = sims(deals={"1": DEAL_1, "2": BOARD_2})
    heat_add(simultaneous=made, club="Lindfield", tables=3)
    events = Event.objects.count()
    with pytest.raises(CommandError, match="Board 1: the file's deal is not the"):
        upload(made)
    assert Event.objects.count() == events and not TravellerLine.objects.exists()
    assert Heat.objects.get(simultaneous=made).session.event.source == ""


def test_a_board_beyond_the_set_a_teams_file_and_an_individual_are_refused() -> None:
    made = sims(boards=2)
    with pytest.raises(CommandError, match="Board 3: the simultaneous has 2 boards"):
        upload(made)
    teams = FIXTURES / "pbn_teams_imps_30tables.pbn"
    with pytest.raises(CommandError, match="A heat is a pairs session"):
        upload(sims(boards=36), teams)
    individual = ROOT / "tests" / "data" / "pbn" / "results_ruter_individual.pbn"
    with pytest.raises(CommandError, match="A heat is a pairs session"):
        upload(sims(boards=36), individual)
    assert Event.objects.count() == 3 and not Heat.objects.exists()


def test_the_command_needs_a_simultaneous_and_a_club() -> None:
    made = sims()
    with pytest.raises(CommandError, match="--heat 999: no such simultaneous"):
        run("import_pbn", str(PBN), "--heat", "999", "--club", "A")
    with pytest.raises(CommandError, match="--heat needs --club"):
        run("import_pbn", str(PBN), "--heat", str(made.event_id))
    upload(made)
    with pytest.raises(CommandError, match="The heat of Lindfield has results"):
        upload(made)


def test_the_format_is_told_by_the_content_not_the_name(tmp_path: Path) -> None:
    pbn = tmp_path / "results.xml"  # a PBN file, misnamed
    pbn.write_bytes(b"\xef\xbb\xbf" + PBN.read_bytes())
    event = heat_file_import(path=pbn, simultaneous=sims(), club="A")
    assert event.sessions.get().boards.count() == 3
    usebio = tmp_path / "results.pbn"  # a USEBIO file, misnamed
    usebio.write_bytes(Path(USEBIO).read_bytes())
    event = heat_file_import(path=usebio, simultaneous=sims(), club="B")
    assert event.sessions.get().boards.count() == 24
    neither = tmp_path / "notes.txt"
    neither.write_text("tonight's results\n")
    with pytest.raises(HEAT_REFUSALS):
        heat_file_import(path=neither, simultaneous=sims(), club="C")
    assert Heat.objects.count() == 2


def page_upload(session_id: int, content: bytes) -> object:
    client = signed_in("Lindfield", "director")
    data = SimpleUploadedFile("heat", content, "application/octet-stream")
    url = reverse("scoring:heat_upload", args=[session_id])
    return client.post(url, {"file": data})


def test_the_heats_director_uploads_a_pbn_on_the_page() -> None:
    made = sims()
    empty = heat_add(simultaneous=made, club="Lindfield", tables=3)
    response = page_upload(empty.pk, PBN.read_bytes())
    assert response.status_code == 302  # type: ignore[attr-defined]
    heat = Heat.objects.get(simultaneous=made)
    assert heat.session.sections.get().pairs.count() == 6


def test_a_refused_pbn_on_the_page_names_the_board_and_writes_nothing() -> None:
    made = sims(deals={"3": DEAL_1})
    empty = heat_add(simultaneous=made, club="Lindfield", tables=3)
    events = Event.objects.count()
    response = page_upload(empty.pk, PBN.read_bytes())
    assert response.status_code == 400  # type: ignore[attr-defined]
    text = response.content.decode()  # type: ignore[attr-defined]
    assert "Board 3: the file&#x27;s deal is not the simultaneous&#x27; deal." in text
    assert Event.objects.count() == events
    assert Heat.objects.get(simultaneous=made).session_id == empty.pk
