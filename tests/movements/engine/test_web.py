"""The Web Mitchell (individual-and-social.md §2)."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from movements.engine import (
    Movement,
    MovementError,
    Pair,
    Round,
    validate,
    web_mitchell,
)
from movements.engine.model import Variant


def errors(movement: Movement) -> list[int]:
    return sorted({p.check for p in validate(movement) if p.level == "error"})


CASES = [(t, s) for t in range(14, 27, 2) for s in range(t // 2, t + 1) if s % 2]


@pytest.mark.parametrize(("tables", "sets"), CASES)
def test_every_web_mitchell_passes_the_validator(tables, sets):
    movement = web_mitchell(tables, sets=sets)
    assert movement.variant is Variant.WEB and movement.complete
    assert errors(movement) == []
    assert len(movement.rounds) == sets


@pytest.mark.parametrize("tables", range(14, 27, 2))
def test_each_ew_pair_plays_each_set_once_and_meets_no_ns_pair_twice(tables):
    movement = web_mitchell(tables)
    ew_sets: Counter[tuple[Pair | None, int]] = Counter()
    meets: Counter[tuple[Pair | None, Pair | None]] = Counter()
    for _, s in movement.schedule():
        ew_sets[(s.ew, s.board_set)] += 1
        meets[(s.ns, s.ew)] += 1
    assert set(ew_sets.values()) == {1} and set(meets.values()) == {1}
    assert len(ew_sets) == tables * 13


def test_the_starting_sets_follow_the_spec():
    first = web_mitchell(14).rounds[0]
    sets = [s.board_set for s in first.seatings]
    # tables 1–7 hold sets 1–7; table t of 8–14 holds 14 − t (mod 13, 0 meaning 13)
    assert sets == [1, 2, 3, 4, 5, 6, 7, 6, 5, 4, 3, 2, 1, 13]
    assert first.relays == (7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13)


def test_boards_move_down_within_each_half_and_ew_up_across_the_room():
    movement = web_mitchell(20)
    one, two = movement.rounds[0].seatings, movement.rounds[1].seatings
    assert two[0].board_set == one[1].board_set  # table 2 → table 1
    assert two[10].board_set == one[11].board_set  # table 12 → table 11
    assert two[9].board_set == 11  # the first half's relay → table 10
    assert two[1].ew == one[0].ew and two[0].ew == one[19].ew


def test_a_set_at_three_tables_is_an_error_with_two_copies():
    movement = web_mitchell(14)
    first = movement.rounds[0]
    seatings = list(first.seatings)
    seatings[2] = replace(seatings[2], board_set=1)
    broken = (Round(1, tuple(seatings), relays=first.relays), *movement.rounds[1:])
    assert 3 in errors(replace(movement, rounds=broken))


def test_a_half_table_makes_the_last_ns_pair_the_phantom():
    movement = web_mitchell(16, phantom=True)
    assert movement.phantom == Pair(16, "NS")
    assert errors(movement) == []


@pytest.mark.parametrize(
    ("tables", "sets", "message"),
    [
        (14, 12, "even number of sets"),
        (26, 14, "even number of sets"),
        (13, 13, "even number of tables"),
        (12, 13, "14 to 26"),
        (28, 13, "14 to 26"),
        (26, 11, "13 to 26 sets"),
        (14, 15, "7 to 14 sets"),
    ],
)
def test_an_impossible_web_mitchell_is_refused(tables, sets, message):
    with pytest.raises(MovementError, match=message):
        web_mitchell(tables, sets=sets)


def test_with_an_even_number_of_sets_some_ew_pairs_would_replay_a_set(monkeypatch):
    monkeypatch.setattr("movements.engine.web._check", lambda *args: None)
    assert 4 in errors(web_mitchell(14, sets=12))
