"""The EVENT_TYPE a file wrote is kept on the event and written back by our
export with the club's CLUB_ID_NUMBER: NZ Scorer's generic PAIRS goes out as
PAIRS (its scoring in BOARD_SCORING_METHOD), and comes back the same; a team
file's type likewise."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from scoring.formats.usebio import read_usebio
from scoring.interchange.usebio import import_file
from tests.paths import FIXTURES
from tests.scoring.exports.realbridge import realbridge_event
from tests.scoring.interchange.test_round_trips import usebio_of
from tests.usebio import DATA, event_element, text
from tournaments.models import Event

pytestmark = pytest.mark.django_db


def written(path: Path) -> tuple[str, str]:
    """The file's EVENT_TYPE and CLUB_ID_NUMBER."""
    club = ET.parse(path).getroot().find("CLUB")
    assert club is not None, f"no <CLUB> in {path.name}"
    return event_element(path).get("EVENT_TYPE", ""), text(club, "CLUB_ID_NUMBER")


@pytest.mark.parametrize(
    "source",
    [
        DATA / "nz_scorer_howell_phantom.xml",  # PAIRS, club 412
        DATA / "nz_scorer_handicaps.xml",  # PAIRS, handicapped
        DATA / "compscore_unrounded_neuberg.xml",  # MP_PAIRS, club 2210
        FIXTURES / "usebio_mp_mitchell_16pairs.xml",  # MP_PAIRS, club 2074
    ],
    ids=lambda p: p.stem,
)
def test_import_export_keeps_the_event_type_and_club_number(
    tmp_path: Path, source: Path
) -> None:
    event = import_file(path=source).event
    assert event.file_event_type == written(source)[0]
    out = usebio_of(event, tmp_path)
    assert written(out) == written(source)
    again = import_file(path=out).event
    assert (again.scoring, again.file_event_type) == (event.scoring, written(source)[0])


def test_a_generic_pairs_event_goes_out_with_its_scoring_method(
    tmp_path: Path,
) -> None:
    event = import_file(path=DATA / "nz_scorer_howell_phantom.xml").event
    out = usebio_of(event, tmp_path)
    assert text(event_element(out), "BOARD_SCORING_METHOD") == "MATCH_POINTS"
    assert read_usebio(out).event_type == "MP_PAIRS"


def test_an_event_of_ours_writes_its_kinds_type(tmp_path: Path) -> None:
    event = import_file(path=DATA / "nz_scorer_howell_phantom.xml").event
    Event.objects.filter(pk=event.pk).update(file_event_type="")
    event.refresh_from_db()
    out = usebio_of(event, tmp_path)
    assert written(out)[0] == "MP_PAIRS"
    assert event_element(out).find("BOARD_SCORING_METHOD") is None


def test_a_team_file_keeps_its_event_type_and_club_number(tmp_path: Path) -> None:
    event = realbridge_event()
    assert event.club is not None
    event.club.number = "3051"
    event.club.save()
    first = usebio_of(event, tmp_path)
    assert written(first) == ("TEAMS_OF_FOUR", "3051")
    event.club.delete()  # the import finds the club again by the file's name
    again = import_file(path=first).event
    assert again.file_event_type == "TEAMS_OF_FOUR"
    assert again.club is not None and again.club.number == "3051"
    assert written(usebio_of(again, tmp_path)) == ("TEAMS_OF_FOUR", "3051")
