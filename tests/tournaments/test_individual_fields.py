"""The stored shape of an individual: four players on a line, each once a board."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from scoring.models import TravellerLine
from tests.factories import make_event, pair, section_of
from tournaments.models import Event

pytestmark = pytest.mark.django_db


def _line(**seats: str) -> TravellerLine:
    section = section_of(make_event(tables=3))
    board = section.session.boards.get(number=1)
    return TravellerLine(section=section, board=board, **{
        name: pair(section, label) for name, label in seats.items()
    })  # fmt: skip


def test_a_line_holds_four_different_players() -> None:
    line = _line(ns_pair="1NS", ew_pair="1EW", south="2NS", west="2EW")
    line.save()
    assert line.south is not None and line.west is not None
    assert (line.south.label, line.west.label) == ("2NS", "2EW")


@pytest.mark.parametrize(
    "seats",
    [
        {"ns_pair": "1NS", "ew_pair": "1EW", "south": "2NS"},
        {"ns_pair": "1NS", "ew_pair": "1EW", "south": "1NS", "west": "2EW"},
        {"ns_pair": "1NS", "ew_pair": "1EW", "south": "2NS", "west": "1EW"},
        {"ns_pair": "1NS", "ew_pair": "1EW", "south": "2NS", "west": "2NS"},
    ],
)
def test_a_line_with_three_players_or_one_twice_is_refused(
    seats: dict[str, str],
) -> None:
    with pytest.raises(IntegrityError), transaction.atomic():
        _line(**seats).save()


def test_a_player_sits_south_once_a_board() -> None:
    first = _line(ns_pair="1NS", ew_pair="1EW", south="2NS", west="2EW")
    first.save()
    section, board = first.section, first.board
    again = TravellerLine(
        section=section,
        board=board,
        ns_pair=pair(section, "3NS"),
        ew_pair=pair(section, "3EW"),
        south=pair(section, "2NS"),
        west=pair(section, "1NS"),
    )
    with pytest.raises(IntegrityError), transaction.atomic():
        again.save()


def test_an_individual_is_scored_in_matchpoints() -> None:
    event = Event(name="Christmas", individual=True, scoring=Event.Scoring.CROSS_IMPS)
    with pytest.raises(ValidationError) as refused:
        event.clean()
    assert "individual" in refused.value.message_dict
