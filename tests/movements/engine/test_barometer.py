"""Barometer boards for pairs movements (individual-and-social.md §2)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from movements.engine import (
    Movement,
    MovementError,
    barometer,
    board_copies,
    howell,
    is_barometer,
    mitchell,
    three_quarter_howell,
    validate,
    web_mitchell,
)
from movements.engine.mitchell import EvenRemedy


def errors(movement: Movement) -> list[str]:
    return [p.message for p in validate(movement) if p.level == "error"]


@st.composite
def pairs_movements(draw: st.DrawFn) -> Movement:
    family = draw(st.sampled_from(["mitchell", "howell", "three-quarter"]))
    phantom = draw(st.booleans())
    boards = draw(st.integers(1, 4))
    if family == "howell":
        return howell(draw(st.integers(2, 10)), phantom=phantom, boards_per_round=3)
    if family == "three-quarter":
        return three_quarter_howell(draw(st.integers(5, 8)), phantom=phantom)
    tables = draw(st.integers(3, 20))
    even: EvenRemedy | None = None
    if tables % 2 == 0:
        even = draw(st.sampled_from(["skip", "relay"]))
    switched = draw(st.sets(st.integers(1, tables - 1), max_size=1))
    return mitchell(
        tables,
        even=even,
        phantom=phantom,
        arrow_switch_rounds=switched,
        boards_per_round=max(boards, 2),
    )


@settings(max_examples=80, deadline=None)
@given(movement=pairs_movements())
def test_any_pairs_movement_with_barometer_boards_passes_the_validator(movement):
    made = barometer(movement)
    assert errors(made) == []
    assert is_barometer(made)
    assert made.sets == len(made.rounds)
    for rnd, seating in made.schedule():
        assert seating.board_set == rnd.number
    assert [(s.table, s.ns, s.ew, s.arrow_switched) for _, s in made.schedule()] == [
        (s.table, s.ns, s.ew, s.arrow_switched) for _, s in movement.schedule()
    ]


def test_a_barometer_mitchell_needs_one_copy_of_each_set_per_table():
    made = barometer(mitchell(7, boards_per_round=3))
    assert board_copies(made) == 7
    assert (made.sets, list(made.boards(7))) == (7, [19, 20, 21])
    assert not made.rounds[0].relays and not made.rounds[0].shares


def test_a_barometer_skip_mitchell_has_as_many_sets_as_rounds():
    made = barometer(mitchell(6, even="skip"))
    assert (len(made.rounds), made.sets) == (5, 5)
    assert errors(made) == []


def test_copies_are_declared_a_set_at_more_tables_than_copies_is_still_an_error():
    made = barometer(mitchell(5))
    assert any("without a declared share" in m for m in errors(replace(made, copies=4)))


def test_an_ordinary_movement_needs_one_copy_and_a_share_does_not_add_one():
    assert not is_barometer(mitchell(5))
    assert board_copies(mitchell(5)) == 1
    assert board_copies(mitchell(6, even="relay")) == 1


def test_a_movement_with_its_own_board_numbers_is_refused():
    own = replace(mitchell(3), board_ranges=(range(1, 3), range(3, 5), range(5, 7)))
    with pytest.raises(MovementError, match="own board numbering"):
        barometer(own)


def test_a_web_mitchell_can_take_barometer_boards_too():
    assert errors(barometer(web_mitchell(14))) == []


@pytest.mark.parametrize("tables", [4, 8, 12])
def test_an_even_barometer_mitchell_needs_no_skip_and_meets_every_pair_once(tables):
    movement = mitchell(tables, barometer=True)
    assert is_barometer(movement)
    assert len(movement.rounds) == tables
    assert errors(movement) == []
    met = {(s.ns, s.ew) for _rnd, s in movement.schedule()}
    assert len(met) == tables * tables


def test_an_even_mitchell_without_barometer_boards_still_needs_a_skip_or_relay():
    with pytest.raises(MovementError, match="needs a skip or a share-and-relay"):
        mitchell(8)
