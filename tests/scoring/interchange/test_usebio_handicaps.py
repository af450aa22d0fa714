"""A handicapped NZ Scorer file: each pair's HANDICAP read, the file's way of
adding it (half the handicap) recognised from its percentages, the places as
the file has them, the raw percentage kept beside the handicapped one; and the
handicaps going out in our USEBIO export and coming back the same."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest
from django.core.management import CommandError

from scoring.formats.usebio import read_usebio
from scoring.formats.usebio_write import write_usebio
from scoring.interchange.exports import event_session, scored_session
from tests.usebio import DATA, edited, import_command, written_standings
from tournaments.models import Event, Pair

HANDICAPS = DATA / "nz_scorer_handicaps.xml"
HALF_LINE = (
    "convention: handicapped: The percentage plus half the handicap (NZ Scorer) "
    "(the file's HANDICAP, PERCENTAGE and PLACE); the raw percentage is shown "
    "beside it"
)

pytestmark = pytest.mark.django_db


def standings(event: Event) -> dict[str, tuple[object, ...]]:
    """Pair label -> raw percentage, handicap, handicapped percentage, place."""
    return {
        s.pair.label: (s.percentage, s.handicap, s.handicapped, s.rank.rstrip("="))
        for s in event_session(event).standings
    }


def test_the_handicaps_are_read_and_ranked_as_the_file_ranks() -> None:
    out, event_id = import_command(HANDICAPS)
    assert HALF_LINE in out
    event = Event.objects.get(pk=event_id)
    assert event.handicapped
    assert event.handicap_share == Event.HandicapShare.HALF
    assert Pair.objects.get(section__session__event=event, label="3 NS").handicap == 10
    ours = standings(event)
    for label, (total, percentage, place) in written_standings(HANDICAPS).items():
        raw, _handicap, handicapped, rank = ours[label]
        assert (raw, handicapped, rank) == (total, percentage, place), label
    assert ours["3 NS"][:3] == (Fraction(75, 2), 10, Fraction(85, 2))


def test_a_file_adding_the_whole_handicap_is_recognised(tmp_path: Path) -> None:
    whole = edited(
        HANDICAPS,
        tmp_path,
        ("<PERCENTAGE>48.00</PERCENTAGE>", "<PERCENTAGE>46.00</PERCENTAGE>"),
        ("<PERCENTAGE>65.50</PERCENTAGE>", "<PERCENTAGE>68.50</PERCENTAGE>"),
        ("<PERCENTAGE>42.50</PERCENTAGE>", "<PERCENTAGE>47.50</PERCENTAGE>"),
        ("<PERCENTAGE>84.50</PERCENTAGE>", "<PERCENTAGE>81.50</PERCENTAGE>"),
        ("<PERCENTAGE>4.00</PERCENTAGE>", "<PERCENTAGE>8.00</PERCENTAGE>"),
        ("<PERCENTAGE>63.50</PERCENTAGE>", "<PERCENTAGE>64.50</PERCENTAGE>"),
        ("<PLACE>2</PLACE>\n        <TOTAL_SCORE>50.00", "<PLACE>3</PLACE>\n        "
         "<TOTAL_SCORE>50.00"),
        ("<PLACE>3</PLACE>\n        <TOTAL_SCORE>37.50", "<PLACE>2</PLACE>\n        "
         "<TOTAL_SCORE>37.50"),
    )  # fmt: skip
    out, event_id = import_command(whole)
    assert (
        "convention: handicapped: The percentage plus the handicap (the file's "
        "HANDICAP, PERCENTAGE and PLACE)"
    ) in out
    event = Event.objects.get(pk=event_id)
    assert event.handicap_share == Event.HandicapShare.WHOLE
    assert standings(event)["3 NS"][2:] == (Fraction(95, 2), "2")


def test_a_place_not_ranked_on_the_handicap_is_refused(tmp_path: Path) -> None:
    wrong = edited(
        HANDICAPS,
        tmp_path,
        ("<PLACE>3</PLACE>\n        <TOTAL_SCORE>37.50", "<PLACE>1</PLACE>\n        "
         "<TOTAL_SCORE>37.50"),
    )  # fmt: skip
    with pytest.raises(CommandError, match=r"pair 3 NS: place 1 in the file, 3 by"):
        import_command(wrong)
    assert not Event.objects.exists()


def test_a_handicap_that_is_not_one_is_refused(tmp_path: Path) -> None:
    wrong = edited(HANDICAPS, tmp_path, ("<HANDICAP>10</HANDICAP>", "<HANDICAP>75"
                                         "</HANDICAP>"))  # fmt: skip
    with pytest.raises(CommandError, match=r"pair 3 NS: HANDICAP '75' is not a"):
        import_command(wrong)
    assert not Event.objects.exists()


def test_the_handicaps_come_back_the_same_from_our_export(tmp_path: Path) -> None:
    _out, event_id = import_command(HANDICAPS)
    event = Event.objects.get(pk=event_id)
    exported = tmp_path / "export.xml"
    exported.write_bytes(write_usebio(scored_session(event_session(event))))
    read = {p.label: p.handicap for p in read_usebio(exported).pairs}
    assert Decimal(read["3NS"]) == 10 and Decimal(read["1EW"]) == -6
    out, again = import_command(exported)
    assert HALF_LINE in out
    assert standings(Event.objects.get(pk=again)) == {
        label.replace(" ", ""): row for label, row in standings(event).items()
    }
