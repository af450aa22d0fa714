"""A social session (individual-and-social.md §3.1): partners rotate after each
chukker, players are ranked by total points."""

from __future__ import annotations

import pytest

from scoring.engine.social.chicago import ChicagoPad, ChicagoRules
from scoring.engine.social.deal import SideScores
from scoring.engine.social.session import (
    Chukker,
    Seating,
    TableResult,
    check_rotation,
    four_player_rotation,
    player_totals,
    session_ranking,
    session_standings,
    table_chukkers,
)
from scoring.engine.types import Seat, Side

from .test_chicago import C1, C2, C3


def _cyclic(initial: tuple[tuple[int, int, int, int], ...], n: int,
            fixed: int | None = None) -> list[Chukker]:  # fmt: skip
    """The cyclic individual of §1.2 (test data: residue x is player x + 1, the
    fixed player ∞ is -1 here and shows as player n + 1)."""

    def player(x: int, r: int) -> int:
        return n + 1 if x == -1 else (x + r) % n + 1

    return [
        tuple(Seating(*(player(x, r) for x in table)) for table in initial)
        for r in range(n)
    ]


FIVE = _cyclic(((4, 3, 1, 2),), 5)
EIGHT = _cyclic(((3, 6, 1, 0), (5, -1, 2, 4)), 7)


def test_four_players_partner_each_other_once_in_three_chukkers() -> None:
    chukkers = four_player_rotation((1, 2, 3, 4))
    pairs = {frozenset(t.side(s)) for c in chukkers for t in c for s in Side}
    assert len(chukkers) == 3 and len(pairs) == 6
    assert [c[0].side(Side.NS) for c in chukkers] == [(1, 2), (1, 3), (1, 4)]
    check_rotation(chukkers)
    with pytest.raises(ValueError, match="players: a four-player rotation needs 4"):
        four_player_rotation((1, 2, 3))


@pytest.mark.parametrize(("chukkers", "players"), [(FIVE, 5), (EIGHT, 8)])
def test_the_individuals_of_section_1_2_rotate_partners(
    chukkers: list[Chukker], players: int
) -> None:
    check_rotation(chukkers)
    seated = [p for c in chukkers for t in c for p in t.players]
    assert sorted(set(seated)) == list(range(1, players + 1))


def test_a_repeated_partnership_or_a_player_at_two_tables_is_refused() -> None:
    chukkers = four_player_rotation((1, 2, 3, 4))
    with pytest.raises(ValueError, match="chukker 4: players 1 and 2 are partners"):
        check_rotation([*chukkers, chukkers[0]])
    clash = (Seating(1, 2, 3, 4), Seating(5, 6, 7, 1))
    with pytest.raises(ValueError, match="chukker 1: player 1 sits at two tables"):
        check_rotation([clash])
    with pytest.raises(ValueError, match="seating: a player sits twice"):
        Seating(1, 2, 1, 4)
    assert Seating.from_seats(
        {Seat.NORTH: 1, Seat.EAST: 2, Seat.SOUTH: 3, Seat.WEST: 4}
    ) == Seating(1, 2, 3, 4)


def test_four_players_ranked_by_total_points_over_three_chukkers() -> None:
    pads = [ChicagoPad(ChicagoRules(), deals) for deals in (C1, C2, C3)]
    chukkers = four_player_rotation((1, 2, 3, 4))
    results = [
        [TableResult(chukker[0], pad.totals)]
        for chukker, pad in zip(chukkers, pads, strict=True)
    ]
    # NS 720-600, 40-880, 1430-700 with partners 1-2, 1-3, 1-4 North-South.
    totals = player_totals(results)
    assert totals == {1: 2190, 2: 2300, 3: 1340, 4: 2910}
    assert session_ranking(totals) == {4: "1", 2: "2", 1: "3", 3: "4"}


def test_a_player_who_sits_out_scores_nothing_and_ties_share_a_place() -> None:
    results = [
        [TableResult(FIVE[0][0], SideScores(100, 0))],
        [TableResult(FIVE[1][0], SideScores(0, 100))],
    ]
    # Chukker 1: N 5, E 4, S 2, W 3 (player 1 sits out); chukker 2: N 1, E 5, S 3,
    # W 4 (player 2 sits out).
    totals = player_totals(results, players=range(1, 6))
    assert totals == {1: 0, 2: 100, 3: 0, 4: 100, 5: 200}
    assert session_ranking(totals) == {5: "1", 2: "2=", 4: "2=", 1: "4=", 3: "4="}


def test_the_ranking_lists_most_points_first_and_ties_share_a_place() -> None:
    standings = session_standings({1: 1140, 2: 1140, 3: 1440, 4: 600, 5: 600})
    assert [(s.place, s.player, s.points) for s in standings] == [
        ("1", 3, 1440), ("2=", 1, 1140), ("2=", 2, 1140), ("4=", 4, 600),
        ("4=", 5, 600),
    ]  # fmt: skip
    assert session_standings({}) == ()


def test_an_individual_movement_s_rounds_become_chukkers() -> None:
    rounds: list[list[tuple[int | None, ...]]] = [
        [(5, 4, 2, 3)], [(1, 5, 3, 4)], [(2, 1, 4, 5), (None, 3, None, None)],
    ]  # fmt: skip
    chukkers = table_chukkers(rounds)
    assert chukkers == (
        (Seating(5, 4, 2, 3),), (Seating(1, 5, 3, 4),), (Seating(2, 1, 4, 5),),
    )  # fmt: skip
    with pytest.raises(ValueError, match="chukker 2: players 2 and 5 are partners"):
        table_chukkers([[(5, 4, 2, 3)], [(2, 1, 5, 3)]])
