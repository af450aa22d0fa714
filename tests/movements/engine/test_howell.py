"""Howell generator (movements.md §2)."""

from __future__ import annotations

import pytest

from movements.engine import (
    MovementError,
    Pair,
    balance,
    circle_base_sets,
    howell,
    three_quarter_howell,
    validate,
)
from movements.engine.howell import HOWELL_STARTERS
from tests.movements.engine.schedules import HOW_4, rendered, table_of


def test_it_reproduces_how_4():
    assert rendered(howell(4)) == table_of(HOW_4)


@pytest.mark.parametrize("tables", [4, 6, 8, 10], ids=lambda t: f"HOW-{t}")
def test_the_published_howells_are_exactly_balanced(tables):
    got = balance(howell(tables))
    assert got.comparisons_min == got.comparisons_max == tables - 1


@pytest.mark.parametrize(("tables", "spread"), [(5, (3, 5)), (7, (5, 7)), (9, (7, 9))])
def test_the_odd_howells_have_the_best_known_spread(tables, spread):
    got = balance(howell(tables))
    assert (got.comparisons_min, got.comparisons_max) == spread


@pytest.mark.parametrize("tables", [4, 6, 7, 8, 9, 10])
def test_the_starter_base_sets_are_the_first_circle_method_solution(tables):
    sets = tuple(s - 1 for _, _, s in HOWELL_STARTERS[tables])
    assert circle_base_sets(tables) == sets


def test_the_circle_method_has_no_base_sets_for_five_tables():
    assert circle_base_sets(5) is None


def test_the_first_round_is_the_starter_and_later_rounds_add_one():
    movement = howell(6)
    second = [(s.ns, s.ew, s.board_set) for s in movement.rounds[1].seatings]
    assert second[:2] == [(Pair(12), Pair(2), 2), (Pair(3), Pair(1), 5)]
    assert len(movement.rounds[0].relays) == 5


def test_an_odd_number_of_pairs_makes_pair_2t_the_phantom():
    movement = howell(5, phantom=True)
    assert movement.phantom == Pair(10)
    assert len(movement.pairs) == 9
    assert [r.seatings[0].sits_out for r in movement.rounds] == [
        Pair(n) for n in range(1, 10)
    ]


def test_the_small_howells_share_boards_in_different_orders():
    movement = howell(3, boards_per_round=3)
    first = movement.rounds[0]
    assert first.shares[0].tables == (1, 2, 3)
    assert {s.rotation for s in first.seatings} == {0, 1, 2}
    assert [p for p in validate(movement) if p.level == "error"] == []


def test_a_three_quarter_howell_plays_about_three_quarters_of_the_rounds():
    movement = three_quarter_howell(6)
    assert len(movement.rounds) == 8
    assert [p for p in validate(movement) if p.level == "error"] == []


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: howell(1), "2 to 10 tables"),
        (lambda: howell(11), "2 to 10 tables"),
        (lambda: howell(4, rounds=8), "1 to 7 rounds"),
        (lambda: howell(3), "at least 3 boards"),
        (lambda: three_quarter_howell(4), "5 to 8 tables"),
    ],
)
def test_it_refuses_an_impossible_request(call, message):
    with pytest.raises(MovementError, match=message):
        call()
