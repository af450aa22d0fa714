"""A file's CLUB_ID_NUMBER is the club's federation number: kept on the club
and written back by our export, with the event type."""

from __future__ import annotations

from pathlib import Path

import pytest

from scoring.formats.usebio import UsebioError, read_usebio
from scoring.interchange.usebio import import_file
from tests.scoring.interchange.test_round_trips import usebio_of
from tests.usebio import DATA, edited
from tournaments.models import Club

pytestmark = pytest.mark.django_db

UNROUNDED = DATA / "compscore_unrounded_neuberg.xml"  # club 2210, MP_PAIRS
PHANTOM = DATA / "nz_scorer_howell_phantom.xml"  # club 412, PAIRS


@pytest.mark.parametrize(
    ("source", "number", "event_type"),
    [(UNROUNDED, "2210", "MP_PAIRS"), (PHANTOM, "412", "MP_PAIRS")],
)
def test_the_club_number_and_event_type_survive_a_round_trip(
    tmp_path: Path, source: Path, number: str, event_type: str
) -> None:
    event = import_file(path=source).event
    assert event.club is not None and event.club.number == number
    back = read_usebio(usebio_of(event, tmp_path))
    assert (back.club_number, back.event_type) == (number, event_type)


def test_a_club_keeps_the_number_it_has() -> None:
    Club.objects.create(name="Harbourside Bridge Club", number="77")
    import_file(path=UNROUNDED)
    assert Club.objects.get().number == "77"


def test_another_club_named_on_import_takes_no_number() -> None:
    import_file(path=UNROUNDED, club="Riverside")
    assert Club.objects.get().number == ""


def test_a_club_number_too_long_refuses_the_file(tmp_path: Path) -> None:
    path = edited(UNROUNDED, tmp_path, (">2210<", ">" + "9" * 21 + "<"))
    with pytest.raises(UsebioError, match="CLUB_ID_NUMBER '9+' is longer than 20"):
        import_file(path=path)
    assert not Club.objects.exists()
