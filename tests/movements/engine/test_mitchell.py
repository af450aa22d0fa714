"""Mitchell generator (movements.md §1)."""

from __future__ import annotations

import re

import pytest

from movements.engine import (
    Movement,
    MovementError,
    Pair,
    Problem,
    mitchell,
    validate,
)
from tests.movements.engine.schedules import M_5, M_6R, M_6S, rendered, table_of


def errors(movement: Movement) -> list[Problem]:
    return [p for p in validate(movement) if p.level == "error"]


@pytest.mark.parametrize(
    ("name", "tables", "even", "table", "relays"),
    [
        ("M-5", 5, None, M_5, False),
        ("M-6S", 6, "skip", M_6S, False),
        ("M-6R", 6, "relay", M_6R, True),
    ],
    ids=["M-5", "M-6S", "M-6R"],
)
def test_it_reproduces_the_published_schedule(name, tables, even, table, relays):
    movement = mitchell(tables, even=even)
    assert rendered(movement, relays=relays) == table_of(table), name


def test_the_relay_mitchell_declares_the_share_of_table_one_and_the_last_table():
    movement = mitchell(6, even="relay", boards_per_round=3)
    first = movement.rounds[0]
    assert [(s.board_set, s.tables) for s in first.shares] == [(1, (1, 6))]
    last_table = first.seatings[-1]
    assert movement.board_order(last_table) == (2, 3, 1)
    assert movement.board_order(first.seatings[0]) == (1, 2, 3)


def test_set_k_holds_boards_k_minus_one_times_b_plus_one_to_k_times_b():
    assert list(mitchell(5, boards_per_round=3).boards(2)) == [4, 5, 6]


def test_the_phantom_is_the_ns_pair_of_the_highest_table():
    movement = mitchell(9, boards_per_round=3, phantom=True)
    assert movement.phantom == Pair(9, "NS")
    assert all(r.seatings[-1].ns is None for r in movement.rounds)
    assert Pair(9, "NS") not in movement.pairs
    sit_outs = [r.seatings[-1].sits_out for r in movement.rounds]
    assert None not in sit_outs
    assert sorted(p for p in sit_outs if p is not None) == [
        Pair(j, "EW") for j in range(1, 10)
    ]


def test_an_arrow_switch_renumbers_ew_pairs_and_marks_the_round():
    movement = mitchell(7, arrow_switch_rounds=[3])
    assert movement.switched_rounds == (3,)
    assert {p.number for p in movement.pairs} == set(range(1, 15))
    seating = movement.rounds[2].seatings[0]
    assert seating.arrow_switched
    assert seating.holders() == (seating.ew, seating.ns)
    assert errors(movement) == []


def test_the_director_can_stop_early():
    movement = mitchell(7, rounds=5)
    assert len(movement.rounds) == 5
    assert not movement.complete
    assert errors(movement) == []


@pytest.mark.parametrize(
    ("tables", "options", "message"),
    [
        (1, {}, "2 to 30 tables"),
        (31, {}, "2 to 30 tables"),
        (7, {"even": "skip"}, "only for an even number"),
        (8, {}, "needs a skip or a share-and-relay"),
        (7, {"arrow_switch_rounds": [8]}, "cannot arrow-switch round(s) [8]"),
        (7, {"rounds": 8}, "1 to 7 rounds"),
        (6, {"even": "skip", "rounds": 6}, "1 to 5 rounds"),
        (6, {"even": "relay", "boards_per_round": 1}, "at least 2 boards"),
        (5, {"boards_per_round": 0}, "at least 1"),
    ],
)
def test_it_refuses_an_impossible_request(tables, options, message):
    with pytest.raises(MovementError, match=re.escape(message)):
        mitchell(tables, **options)
