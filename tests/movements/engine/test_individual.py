"""Individual movements and their validator (individual-and-social.md §1)."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from movements.engine import MovementError
from movements.engine.individual import (
    COMPLETE_SIZES,
    IndividualKind,
    IndividualMovement,
    IndividualRound,
    PlayerRound,
    Quad,
    compass_line,
    individual,
    individual_movement,
    player_card,
    rainbow,
    validate_individual,
)
from movements.engine.individual.rainbow import _table


def checks(movement: IndividualMovement, level: str) -> list[int]:
    found = validate_individual(movement)
    return sorted({p.check for p in found if p.level == level})


def quads(movement: IndividualMovement) -> list[list[Quad]]:
    return [[s.players for s in rnd.seatings] for rnd in movement.rounds]


def rebuilt(
    movement: IndividualMovement, rounds: list[list[Quad]]
) -> IndividualMovement:
    return individual_movement(
        rounds,
        kind=movement.kind,
        players=movement.players,
        phantoms=movement.phantoms,
        complete=movement.complete,
    )


def meetings(movement: IndividualMovement) -> tuple[Counter[frozenset[int]], ...]:
    partners: Counter[frozenset[int]] = Counter()
    opponents: Counter[frozenset[int]] = Counter()
    for _, s in movement.schedule():
        n, e, south, w = s.seated()
        partners.update([frozenset((n, south)), frozenset((e, w))])
        opponents.update(frozenset((a, b)) for a in (n, south) for b in (e, w))
    return partners, opponents


# The spec's starting rounds, in display numbers (residue x is player x + 1, ∞ is v).
SPEC_FIRST_ROUNDS = {
    5: [(5, 4, 2, 3)],
    8: [(4, 7, 2, 1), (6, 8, 3, 5)],
    9: [(2, 4, 3, 7), (5, 6, 9, 8)],
    12: [(8, 12, 1, 9), (6, 4, 7, 2), (11, 5, 3, 10)],
    13: [(9, 13, 6, 2), (10, 7, 5, 8), (12, 11, 3, 4)],
    16: [(11, 14, 3, 4), (15, 16, 2, 9), (6, 5, 10, 8), (12, 7, 13, 1)],
    17: [(12, 9, 14, 8), (16, 6, 2, 17), (7, 10, 3, 15), (11, 13, 4, 5)],
    20: [(7, 5, 1, 12), (3, 13, 8, 11), (2, 20, 18, 14), (4, 17, 15, 16),
         (19, 6, 9, 10)],
}  # fmt: skip


@pytest.mark.parametrize("v", COMPLETE_SIZES)
def test_the_first_round_is_the_spec_starting_round(v):
    assert quads(individual(v))[0] == SPEC_FIRST_ROUNDS[v]


@pytest.mark.parametrize("v", COMPLETE_SIZES)
def test_everyone_partners_each_other_once_and_opposes_twice(v):
    movement = individual(v)
    partners, opponents = meetings(movement)
    for a, b in combinations(range(1, v + 1), 2):
        assert (partners[frozenset((a, b))], opponents[frozenset((a, b))]) == (1, 2)
    assert checks(movement, "error") == []


@pytest.mark.parametrize("v", COMPLETE_SIZES)
def test_sizes_rounds_and_sit_outs_follow_the_residue_of_v(v):
    movement = individual(v)
    assert movement.tables == v // 4
    if v % 4 == 0:
        assert len(movement.rounds) == v - 1
        assert all(movement.sitting_out(rnd) == () for rnd in movement.rounds)
    else:
        assert len(movement.rounds) == v
        assert [movement.sitting_out(rnd) for rnd in movement.rounds] == [
            (r,) for r in range(1, v + 1)
        ]


@pytest.mark.parametrize("v", COMPLETE_SIZES)
def test_barometer_boards_every_table_plays_set_r_in_round_r(v):
    movement = individual(v, boards_per_round=3)
    assert movement.sets == len(movement.rounds)
    for rnd, seating in movement.schedule():
        assert seating.board_set == rnd.number
    assert list(movement.boards(2)) == [4, 5, 6]


@pytest.mark.parametrize(
    ("v", "balanced"),
    [(5, True), (9, True), (13, True), (17, True), (8, False), (12, False)],
)
def test_left_right_balance_is_reported_not_required(v, balanced):
    movement = individual(v)
    assert (6 not in checks(movement, "warning")) is balanced
    assert checks(movement, "error") == []


@settings(max_examples=60, deadline=None)
@given(players=st.integers(5, 20), boards=st.integers(1, 4))
def test_every_generated_individual_passes_the_validator(players, boards):
    movement = individual(players, boards_per_round=boards)
    assert checks(movement, "error") == []
    assert movement.players == tuple(range(1, players + 1))
    for rnd in movement.rounds:
        seen = [p for s in rnd.seatings if movement.is_played(s) for p in s.seated()]
        assert len(seen) == len(set(seen)) and seen
        assert set(seen) | set(movement.sitting_out(rnd)) == set(movement.players)
    # 9: boards played at one table only (5 players seat one table a round)
    if players in COMPLETE_SIZES:
        assert movement.complete and checks(movement, "warning") in ([], [6], [9])
    else:
        assert 5 in checks(movement, "warning")


@pytest.mark.parametrize("players", [6, 7, 10, 11, 14, 15, 18, 19])
def test_phantoms_fill_the_next_complete_size_and_their_tables_sit_out(players):
    movement = individual(players)
    size = min(v for v in COMPLETE_SIZES if v >= players)
    assert movement.phantoms == tuple(range(players + 1, size + 1))
    for rnd, seating in movement.schedule():
        holds_phantom = bool(set(seating.seated()) & set(movement.phantoms))
        assert movement.is_played(seating) is not holds_phantom
        if holds_phantom:
            assert not set(seating.seated()) & set(
                p for s in rnd.seatings if movement.is_played(s) for p in s.seated()
            )


def test_a_round_where_no_table_could_play_is_dropped():
    movement = individual(6)
    assert [rnd.number for rnd in movement.rounds] == [1, 2, 3]
    assert all(any(map(movement.is_played, r.seatings)) for r in movement.rounds)


@st.composite
def other_designs(draw: st.DrawFn) -> IndividualMovement:
    """A relabelled design: players permuted, rounds reordered, seats turned."""
    movement = individual(draw(st.sampled_from(COMPLETE_SIZES)))
    v = len(movement.players)
    numbers = draw(st.permutations(range(1, v + 1)))
    relabel = dict(zip(range(1, v + 1), numbers, strict=True))
    order = draw(st.permutations(range(len(movement.rounds))))
    turn = draw(st.integers(0, 3))
    rounds = [[turned(relabel, s.seated(), turn) for s in rnd.seatings]
              for rnd in (movement.rounds[r] for r in order)]  # fmt: skip
    return rebuilt(movement, rounds)


def turned(relabel: dict[int, int], seated: tuple[int, ...], turn: int) -> Quad:
    n, e, s, w = (relabel[p] for p in seated[turn:] + seated[:turn])
    return (n, e, s, w)


@settings(max_examples=60, deadline=None)
@given(movement=other_designs())
def test_a_relabelled_design_passes(movement):
    assert checks(movement, "error") == []


@settings(max_examples=80, deadline=None)
@given(data=st.data(), v=st.sampled_from(COMPLETE_SIZES))
def test_a_design_with_two_players_swapped_in_one_round_fails(data, v):
    movement = individual(v)
    rounds = quads(movement)
    r = data.draw(st.integers(0, len(rounds) - 1))
    seats = [(t, k) for t in range(len(rounds[r])) for k in range(4)]
    (t1, k1), (t2, k2) = data.draw(
        st.lists(st.sampled_from(seats), min_size=2, max_size=2, unique=True).filter(
            lambda two: two[0][0] != two[1][0] or two[0][1] % 2 != two[1][1] % 2
        )
    )
    tables = [list(q) for q in rounds[r]]
    tables[t1][k1], tables[t2][k2] = tables[t2][k2], tables[t1][k1]
    rounds[r] = [(n, e, s, w) for n, e, s, w in tables]
    assert 3 in checks(rebuilt(movement, rounds), "error")


def test_swapping_a_player_with_the_one_sitting_out_fails():
    movement = individual(5)
    rounds = quads(movement)
    rounds[0] = [(1, 4, 2, 3)]  # player 5 sits out instead of player 1
    assert 3 in checks(rebuilt(movement, rounds), "error")


def test_a_player_twice_in_a_round_is_an_error():
    movement = individual(8)
    rounds = quads(movement)
    rounds[0] = [(4, 7, 2, 1), (6, 8, 3, 4)]
    assert 1 in checks(rebuilt(movement, rounds), "error")


def test_a_replayed_board_set_is_an_error():
    movement = individual(8)
    first = movement.rounds[0]
    again = IndividualRound(number=8, seatings=first.seatings)
    twice = replace(movement, rounds=(*movement.rounds, again))
    assert 2 in checks(twice, "error")


def test_an_unfilled_table_without_a_phantom_is_an_error():
    movement = individual(8)
    rounds = quads(movement)
    n, _, s, w = rounds[1][0]
    rounds[1][0] = (n, None, s, w)
    assert 4 in checks(rebuilt(movement, rounds), "error")


def test_unequal_sit_outs_are_a_warning():
    assert 7 in checks(individual(10), "warning")
    assert 7 not in checks(individual(7), "warning")


@pytest.mark.parametrize(("players", "message"), [(4, "5 to 20"), (21, "5 to 20")])
def test_an_impossible_number_of_players_is_refused(players, message):
    with pytest.raises(MovementError, match=message):
        individual(players)


def test_boards_per_round_must_be_positive():
    with pytest.raises(MovementError, match="at least 1"):
        individual(8, boards_per_round=0)


@pytest.mark.parametrize("tables", [5, 7, 11, 13, 17, 19, 23, 25])
def test_a_rainbow_meets_every_player_of_the_other_lines_once(tables):
    movement = rainbow(tables, boards_per_round=2)
    assert movement.kind is IndividualKind.RAINBOW
    assert len(movement.rounds) == movement.sets == tables
    partners, opponents = meetings(movement)
    for a, b in combinations(movement.players, 2):
        met = partners[frozenset((a, b))] + opponents[frozenset((a, b))]
        same_line = compass_line(movement, a) == compass_line(movement, b)
        assert met == (0 if same_line else 1)
    assert checks(movement, "error") == []


def test_a_rainbow_keeps_north_still_and_moves_the_others():
    movement = rainbow(5)
    second = movement.rounds[1].seatings[0]
    assert second.players == (1, 9, 15, 18)  # E4 up two, S5 up one, W3 down two
    assert second.board_set == 2
    assert [compass_line(movement, p) for p in (1, 6, 11, 16)] == ["N", "E", "S", "W"]


@pytest.mark.parametrize("tables", [4, 6, 9, 15, 3, 27])
def test_a_rainbow_on_a_multiple_of_2_or_3_tables_is_refused(tables):
    with pytest.raises(MovementError, match="tables"):
        rainbow(tables)


def test_the_rainbow_rule_fails_the_validator_on_nine_tables():
    rounds = [[_table(9, t, r) for t in range(9)] for r in range(9)]
    movement = individual_movement(
        rounds, kind=IndividualKind.RAINBOW, players=tuple(range(1, 37)),
        board_sets=[[(t + r) % 9 + 1 for t in range(9)] for r in range(9)],
    )  # fmt: skip
    assert {2, 3} <= set(checks(movement, "error"))


def test_a_player_card_names_table_seat_partner_opponents_and_set():
    card = player_card(individual(9), 2)
    assert card[0] == PlayerRound(
        round=1, table=1, seat="N", partner=3, opponents=(4, 7), board_set=1
    )
    assert card[1] == PlayerRound(round=2)  # player r sits out in round r
    # round 3 at table 1 is 1 6 2 9: player 2 is South, left-hand opponent 9 first
    assert card[2] == PlayerRound(
        round=3, table=1, seat="S", partner=1, opponents=(9, 6), board_set=3
    )


def test_every_player_partners_everyone_once_on_his_card():
    movement = individual(13)
    for player in movement.players:
        partners = [r.partner for r in player_card(movement, player) if r.partner]
        assert sorted(partners) == [p for p in movement.players if p != player]


def test_a_card_for_no_such_player_is_refused():
    with pytest.raises(MovementError, match="no player 14"):
        player_card(individual(13), 14)


@pytest.mark.parametrize(
    ("players", "once", "boards"), [(5, 10, 10), (7, 14, 14), (10, 16, 22), (12, 0, 22)]
)
def test_the_validator_warns_of_boards_played_at_one_table_only(players, once, boards):
    movement = individual(players)
    assert movement.boards_played_once() == once
    said = [p.message for p in validate_individual(movement) if p.check == 9]
    expected = f"{once} of {boards} boards are played at one table only"
    assert [m.startswith(expected) for m in said] == ([True] if once else [])
