"""The validation checklist (movements.md §3) and custom grids."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from movements.engine import (
    Movement,
    MovementError,
    MovementKind,
    Pair,
    Round,
    Seating,
    Share,
    howell,
    mitchell,
    parse_grid,
    three_quarter_howell,
    validate,
)
from movements.engine.mitchell import EvenRemedy
from movements.engine.model import Direction


def errors(movement: Movement, **options: bool) -> list[int]:
    return sorted(
        {p.check for p in validate(movement, **options) if p.level == "error"}
    )


def warnings(movement: Movement) -> list[int]:
    return sorted({p.check for p in validate(movement) if p.level == "warning"})


def _mitchells() -> list[tuple[str, Movement]]:
    made = []
    for t in range(2, 31):
        evens: list[EvenRemedy | None] = [None] if t % 2 else ["skip", "relay"]
        for even in evens:
            for phantom in (False, True):
                made.append((f"M{t}-{even}-{phantom}", mitchell(
                    t, even=even, phantom=phantom)))  # fmt: skip
        made.append((f"M{t}-switched", mitchell(
            t, even=None if t % 2 else "skip", arrow_switch_rounds=[1])))  # fmt: skip
    return made


def _howells() -> list[tuple[str, Movement]]:
    made = [
        (f"H{t}-{phantom}", howell(t, phantom=phantom, boards_per_round=3))
        for t in range(2, 11)
        for phantom in (False, True)
    ]
    made += [(f"3/4H{t}", three_quarter_howell(t)) for t in range(5, 9)]
    made += [("M9-early", mitchell(9, rounds=6)), ("H6-early", howell(6, rounds=7))]
    return made


@pytest.mark.parametrize(
    "movement", [m for _, m in _mitchells() + _howells()],
    ids=[n for n, _ in _mitchells() + _howells()],
)  # fmt: skip
def test_every_generated_movement_passes_the_checks(movement):
    assert errors(movement) == []


def plain_even_mitchell(tables: int) -> Movement:
    """An even Mitchell with neither skip nor relay (what §1.2 warns against)."""
    rounds = tuple(
        Round(r + 1, tuple(
            Seating(t + 1, Pair(t + 1, "NS"), Pair((t - r) % tables + 1, "EW"),
                    (t + r) % tables + 1)
            for t in range(tables)))
        for r in range(tables)
    )  # fmt: skip
    directions: tuple[Direction, ...] = ("NS", "EW")
    pairs = tuple(Pair(n, d) for d in directions for n in range(1, tables + 1))
    return Movement(MovementKind.MITCHELL, tables, 2, tables, rounds, pairs)


def test_an_even_mitchell_without_a_skip_fails_check_2():
    assert 2 in errors(plain_even_mitchell(6))


def _grid(movement: Movement) -> str:
    lines = ["# generated, one seating a line", ""]
    lines += [f"{r.number} {s.table} {s.ns} {s.ew} {s.board_set}"
              for r, s in movement.schedule()]  # fmt: skip
    return "\n".join(lines)


GOOD_HOWELL = _grid(howell(4))


def test_a_well_formed_grid_passes_as_a_complete_howell():
    movement = parse_grid(GOOD_HOWELL)
    assert movement.kind is MovementKind.HOWELL
    assert errors(movement, complete=True) == []
    assert [s.ns for _, s in movement.schedule()] == [
        s.ns for _, s in howell(4).schedule()
    ]


@pytest.mark.parametrize(
    ("grid", "check"),
    [
        ("1 1 1NS 1EW 1\n1 2 2NS 1EW 2", 1),  # a pair twice in a round
        ("1 1 1NS 1EW 1\n1 2 2NS 2EW 1", 3),  # a set at two tables, no share
        ("1 1 1NS 1EW 1\n1 2 2NS 2EW 2\n2 1 1NS 2EW 1\n2 2 2NS 1EW 2", 2),
        ("1 1 1 2 1\n1 2 3 4 2\n2 1 2 1 2\n2 2 4 3 1", 5),  # two pairs meet twice
        ("1 1 1NS 1EW 1\n1 2 2NS 2EW 2\n2 1 1NS 1EW 2\n2 2 2NS 2EW 1", 4),
        ("1 1 1NS 1EW 1\n1 2 1EW 2NS 2", 1),  # pair 1EW twice
        ("1 1 1NS 1EW 1\n1 3 2NS 2EW 2", 1),  # no table 2
        ("1 1 - - 1\n1 2 1 2 2", 1),  # a table with nobody
    ],
)
def test_a_hand_made_invalid_movement_is_refused_with_the_check(grid, check):
    assert check in errors(parse_grid(grid))


def test_a_pair_sitting_both_ways_in_a_mitchell_fails_check_4():
    grid = "1 1 1NS 1EW 1\n1 2 2NS 2EW 2\n2 1 1EW 2NS 2\n2 2 2EW 1NS 1"
    assert 4 in errors(parse_grid(grid))


def test_a_complete_howell_where_a_pair_misses_a_set_fails_check_5():
    grid = GOOD_HOWELL.replace("7 4 4 3 1", "7 4 4 3 2")
    assert 5 in errors(parse_grid(grid), complete=True)


def test_bad_board_numbering_fails_check_8():
    movement = mitchell(5)
    overlapping = tuple(range(k, k + 2) for k in range(1, 6))
    assert errors(replace(movement, board_ranges=overlapping)) == [8]
    assert 8 in errors(replace(movement, sets=4))


def test_a_shared_set_needs_different_orders():
    movement = mitchell(6, even="relay")
    rounds = tuple(
        replace(r, seatings=tuple(replace(s, rotation=0) for s in r.seatings))
        for r in movement.rounds
    )
    assert errors(replace(movement, rounds=rounds)) == [3]


def test_a_relay_set_cannot_be_played_that_round():
    movement = mitchell(6, even="relay")
    first = replace(movement.rounds[0], relays=(1,))
    assert 3 in errors(replace(movement, rounds=(first, *movement.rounds[1:])))


def test_an_undeclared_share_fails_and_a_declared_one_passes():
    base = "1 1 1 2 1\n1 2 3 4 1"
    movement = parse_grid(base)
    assert errors(movement) == [3]
    shared = replace(movement.rounds[0], shares=(Share(1, (1, 2)),))
    seatings = (shared.seatings[0], replace(shared.seatings[1], rotation=1))
    fixed = replace(shared, seatings=seatings)
    assert errors(replace(movement, rounds=(fixed,))) == []


def test_arrow_switched_seatings_with_ns_ew_numbers_fail_check_7():
    movement = mitchell(5)
    first = movement.rounds[0]
    switched = replace(
        first, seatings=tuple(replace(s, arrow_switched=True) for s in first.seatings)
    )
    assert errors(replace(movement, rounds=(switched, *movement.rounds[1:]))) == [7]


def test_uneven_play_and_too_many_switches_are_warned():
    assert 6 in warnings(three_quarter_howell(6))
    assert 11 in warnings(mitchell(7, arrow_switch_rounds=[1, 2, 3]))
    assert 11 not in warnings(mitchell(7, arrow_switch_rounds=[4]))


def test_a_pair_sitting_out_twice_is_warned():
    grid = "1 1 1 - 1\n1 2 2 3 2\n2 1 1 - 2\n2 2 3 2 1"
    movement = replace(parse_grid(grid), phantom=Pair(4))
    assert 10 in warnings(movement)


def test_sit_outs_and_times_played_are_reported():
    info = {p.check: p.message for p in validate(mitchell(5, phantom=True))
            if p.level == "info"}  # fmt: skip
    assert "1EW: [5]" in info[10]
    assert "s1×4" in info[6]


@pytest.mark.parametrize(
    ("grid", "line"),
    [
        ("1 1 1NS 1EW", "line 1"),
        ("\n# note\n1 1 1NS x 1", "line 3"),
        ("1 1 1NS 1EW 0", "line 1"),
        ("1 1 1NS 1EW 1\n1 two 2NS 2EW 2", "line 2"),
    ],
)
def test_a_malformed_grid_names_the_line_at_fault(grid, line):
    with pytest.raises(MovementError, match=line):
        parse_grid(grid)


def test_a_grid_mixing_labels_or_skipping_rounds_is_refused():
    with pytest.raises(MovementError, match="mix"):
        parse_grid("1 1 1NS 2 1")
    with pytest.raises(MovementError, match="rounds must run"):
        parse_grid("2 1 1NS 1EW 1")


@settings(max_examples=25, deadline=None)
@given(
    tables=st.integers(min_value=2, max_value=15),
    remedy=st.sampled_from(["skip", "relay"]),
    phantom=st.booleans(),
    boards=st.integers(min_value=2, max_value=4),
    data=st.data(),
)
def test_generated_mitchells_always_pass_checks_1_to_8(
    tables, remedy, phantom, boards, data
):
    full = tables - 1 if tables % 2 == 0 and remedy == "skip" else tables
    rounds = data.draw(st.integers(min_value=1, max_value=full))
    switched = data.draw(st.sets(st.integers(min_value=1, max_value=rounds)))
    movement = mitchell(
        tables, even=None if tables % 2 else remedy, phantom=phantom,
        boards_per_round=boards, rounds=rounds, arrow_switch_rounds=switched,
    )  # fmt: skip
    assert errors(movement) == []


@settings(max_examples=20, deadline=None)
@given(
    tables=st.integers(min_value=2, max_value=10),
    phantom=st.booleans(),
    data=st.data(),
)
def test_generated_howells_always_pass_checks_1_to_8(tables, phantom, data):
    rounds = data.draw(st.integers(min_value=1, max_value=2 * tables - 1))
    movement = howell(tables, phantom=phantom, rounds=rounds, boards_per_round=3)
    assert errors(movement) == []
