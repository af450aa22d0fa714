"""Recording, correcting and refusing traveller lines."""

from __future__ import annotations

from fractions import Fraction

import pytest
from django.core.exceptions import ValidationError

from scoring.engine.notation import Language, parse_entry
from scoring.entry.services import artificial_set, line_delete, line_record
from scoring.models import ChangeLog, TravellerLine
from scoring.standings import ScoredLine, session_results
from scoring.standings.results import Points
from tests.factories import add_section, make_event, make_result, pair, section_of

pytestmark = pytest.mark.django_db


def points_of(scored: ScoredLine) -> Points:
    """The line's points, which a line with a result or a score must have."""
    assert scored.points is not None, f"line {scored.line.pk} has no points"
    return scored.points


def test_it_stores_the_law_77_score_from_ns_view() -> None:
    section = section_of(make_event())
    line = make_result(section, 2, "1NS", "1EW", "4H W =")  # board 2: NS vulnerable
    assert line.score_ns == -420
    line = make_result(section, 2, "2NS", "2EW", "3NTX N -2")
    assert line.score_ns == -500


def test_it_refuses_a_pair_entered_twice_on_a_board_and_saves_nothing() -> None:
    section = section_of(make_event())
    make_result(section, 1, "1NS", "1EW", "4S N =")
    with pytest.raises(ValidationError, match="1NS already has a result on board 1"):
        make_result(section, 1, "1NS", "2EW", "3NT S +1")
    assert TravellerLine.objects.count() == 1


def test_it_refuses_a_pair_of_another_section() -> None:
    event = make_event()
    other = add_section(event, "B", 3)
    with pytest.raises(ValidationError, match="plays in section B, not in section A"):
        line_record(
            section=section_of(event),
            board_number=1,
            ns_pair=pair(section_of(event), "1NS"),
            ew_pair=pair(other, "1EW"),
            result=None,
        )
    assert TravellerLine.objects.count() == 0


def test_it_refuses_two_results_for_one_table() -> None:
    section = section_of(make_event())
    make_result(section, 1, "1NS", "1EW", "4S N =", table=1)
    with pytest.raises(ValidationError, match="Table 1 already has a result"):
        make_result(section, 1, "2NS", "2EW", "4S N =", table=1)


def test_it_refuses_an_ew_pair_entered_as_ns() -> None:
    section = section_of(make_event())
    with pytest.raises(ValidationError, match="sits EW"):
        make_result(section, 1, "1EW", "2EW", "4S N =")


def test_a_correction_rescores_at_once_and_is_logged() -> None:
    section = section_of(make_event())
    make_result(section, 1, "1NS", "1EW", "4S N =")
    line = make_result(section, 1, "2NS", "2EW", "4S N +1")
    before = session_results(section.session)
    assert {points_of(s).ns for s in before.boards[0].lines} == {0, 2}
    line_record(
        section=section,
        board_number=1,
        ns_pair=line.ns_pair,
        ew_pair=line.ew_pair,
        result=parse_entry("4S N -1", Language.EN).result,
        line=line,
    )
    after = session_results(section.session)
    ns_points = {s.line.ns_pair.label: points_of(s).ns for s in after.boards[0].lines}
    assert ns_points == {"1NS": 2, "2NS": 0}
    assert list(ChangeLog.objects.values_list("action", flat=True)) == [
        "corrected",
        "entered",
        "entered",
    ]


def test_an_artificial_score_gives_each_side_its_share_of_the_full_top() -> None:
    section = section_of(make_event(tables=3, avg_plus_uses_session_pct=False))
    make_result(section, 1, "1NS", "1EW", "4S N =")
    make_result(section, 1, "2NS", "2EW", "4S N +1")
    line = line_record(
        section=section,
        board_number=1,
        ns_pair=pair(section, "3NS"),
        ew_pair=pair(section, "3EW"),
        result=None,
    )
    artificial_set(line=line, ns="A60", ew="A40")
    board = session_results(section.session).boards[0]
    by_pair = {s.line.ns_pair.label: points_of(s) for s in board.lines}
    assert (by_pair["3NS"].ns, by_pair["3NS"].ew) == (Fraction(12, 5), Fraction(8, 5))


def test_an_unresolved_not_played_line_is_left_out() -> None:
    section = section_of(make_event())
    make_result(section, 1, "1NS", "1EW", "4S N =")
    line_record(
        section=section,
        board_number=1,
        ns_pair=pair(section, "2NS"),
        ew_pair=pair(section, "2EW"),
        result=None,
    )
    board = session_results(section.session).boards[0]
    assert [s.points is None for s in board.lines] == [False, True]


def test_artificial_scores_must_be_given_to_both_sides() -> None:
    section = section_of(make_event())
    line = make_result(section, 1, "1NS", "1EW", "4S N =")
    with pytest.raises(ValidationError):
        artificial_set(line=line, ns="A60", ew="")


def test_deleting_a_line_is_logged() -> None:
    section = section_of(make_event())
    line = make_result(section, 1, "1NS", "1EW", "4S N =")
    line_delete(line=line)
    assert TravellerLine.objects.count() == 0
    log = ChangeLog.objects.first()
    assert log is not None
    assert log.action == "deleted"
