"""Master points typed per pair or given by place reach the USEBIO file as
MASTER_POINTS_AWARDED (hundredths), read back by our own reader."""

from __future__ import annotations

from pathlib import Path

import pytest

from scoring.formats.usebio import read_usebio
from scoring.interchange.exports import event_session, session_usebio
from scoring.models import ChangeLog
from tests.factories import make_small_evening, pair, section_of
from tournaments.models import Event
from tournaments.roster.points import master_points_by_place, master_points_set

pytestmark = pytest.mark.django_db


def _read_back(event: Event, tmp_path: Path) -> dict[str, str]:
    path = tmp_path / "event.xml"
    path.write_bytes(session_usebio(event_session(event)))
    return {p.label: p.master_points for p in read_usebio(path).pairs}


def test_no_award_writes_no_master_points(tmp_path: Path) -> None:
    event = make_small_evening()
    assert set(_read_back(event, tmp_path).values()) == {""}
    assert b"MPS_AWARDED_FLAG" not in session_usebio(event_session(event))


def test_awards_typed_per_pair_are_written_in_hundredths(tmp_path: Path) -> None:
    event = make_small_evening()
    section = section_of(event)
    session = event.sessions.get()
    awards = {pair(section, "2NS").pk: 150, pair(section, "3EW").pk: 75}
    assert master_points_set(session=session, awards=awards, user=None) == 2
    read = _read_back(event, tmp_path)
    assert (read["2NS"], read["3EW"], read["1NS"]) == ("150", "75", "")
    assert "2NS: 1.50" in ChangeLog.objects.get(action="master points").description


def test_the_rule_gives_the_top_third_of_each_field_its_places_points(
    tmp_path: Path,
) -> None:
    event = make_small_evening()  # NS: 2NS, 3NS, 1NS; EW: 3EW, 2EW, 1EW
    section = section_of(event)
    session = event.sessions.get()
    master_points_set(session=session, awards={pair(section, "1NS").pk: 99})
    master_points_by_place(session=session, table=[600, 400, 300], user=None)
    read = _read_back(event, tmp_path)
    assert {label: mp for label, mp in read.items() if mp} == {
        "2NS": "600",
        "3EW": "600",
    }  # one pair of three scores; the award typed before is gone
    xml = session_usebio(event_session(event)).decode()
    assert "<MPS_AWARDED_FLAG>Y</MPS_AWARDED_FLAG>" in xml
