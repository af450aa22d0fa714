"""Individual scoring: each player gets his side's matchpoints (spec §1.5)."""

from __future__ import annotations

from collections.abc import Hashable
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine.individual import (
    Seated,
    compass_of,
    credit_players,
    partnership_line,
    score_individual,
)
from scoring.engine.outcomes import Artificial, Average, Outcome, Played
from scoring.engine.policy import ScoringPolicy
from scoring.engine.session import BoardLine, BoardPool, score_matchpoints

EBU = ScoringPolicy()


def line(
    key: int, seats: tuple[int, int, int, int], ns: Outcome, ew: Outcome | None = None
) -> BoardLine:
    """A line of players (N, E, S, W) with the partnerships as its sides."""
    plain = BoardLine(key, seats[0], seats[1], ns, ns if ew is None else ew)
    return partnership_line(plain, Seated(*seats))


def two_boards() -> list[BoardPool]:
    """Board 1: three played results; board 2: two equal results and an A60/A40."""
    return [
        BoardPool(1, (
            line(1, (1, 2, 3, 4), Played(420)),
            line(2, (5, 6, 7, 8), Played(170)),
            line(3, (9, 10, 11, 12), Played(-50)),
        )),
        BoardPool(2, (
            line(4, (1, 5, 9, 2), Played(100)),
            line(5, (3, 7, 11, 6), Played(100)),
            line(6, (4, 8, 12, 10), Artificial(Average.PLUS),
                 Artificial(Average.MINUS)),
        )),
    ]  # fmt: skip


def test_it_credits_each_player_his_sides_points_board_by_board() -> None:
    # Board 1 (top 4): N-S 1-3 beat both other NS lines: 4; E-W 10-12 beat both: 4.
    # Board 2: 1-9 and 3-11 tie with one result missing: Neuberg (1+1)·3/2 − 1 = 2;
    # 4-12 get A60 = 60 % of 4 = 12/5, their opponents 8-10 A40 = 8/5.
    players = score_individual(two_boards(), policy=EBU).pairs
    assert players[1].matchpoints == 6 and players[1].top == 8
    assert players[1].percentage == 75
    assert players[4].matchpoints == Fraction(12, 5)
    assert players[4].percentage == 30
    assert players[12].matchpoints == 4 + Fraction(12, 5)  # W with 4 on board 1
    assert players[10].matchpoints == 4 + Fraction(8, 5)
    assert players[10].percentage == 70
    assert players[2].matchpoints == 2 and players[2].percentage == 25
    ranks = {p: players[p].rank for p in range(1, 13)}
    assert ranks == {
        12: "1", 1: "2=", 3: "2=", 10: "4", 5: "5=", 6: "5=", 7: "5=",
        8: "8", 4: "9", 2: "10=", 9: "10=", 11: "10=",
    }  # fmt: skip


def test_a_player_who_sits_out_is_ranked_on_the_boards_he_played() -> None:
    pools = two_boards()
    pools[1] = BoardPool(2, pools[1].lines[:2], expected=3)  # table 3 sits out board 2
    players = score_individual(pools, policy=EBU).pairs
    assert players[10].boards == 1 and players[10].top == 4
    assert players[10].percentage == 100
    assert players[10].total == 8  # pro-rated to the two boards most players played
    assert players[10].rank == "1="  # with his partner 12, who sat out too
    assert players[12].percentage == 100 and players[12].rank == "1="
    assert players[1].percentage == 75 and players[1].rank == "3="


def test_each_compass_line_is_its_own_ranking_group() -> None:
    pools = two_boards()[:1]
    tables = ((1, 2, 3, 4), (5, 6, 7, 8), (9, 10, 11, 12))
    compass = compass_of(Seated(*p) for p in tables)
    assert [compass[p] for p in (1, 2, 3, 4)] == ["N", "E", "S", "W"]
    players = credit_players(
        pools, score_matchpoints(pools, policy=EBU), ranking_group=compass.__getitem__
    )
    assert [players[p].rank for p in (1, 5, 9)] == ["1", "2", "3"]  # North
    assert [players[p].rank for p in (10, 6, 2)] == ["1", "2", "3"]  # East


@st.composite
def sessions(draw: st.DrawFn) -> list[BoardPool]:
    """Boards of 2–4 tables; each table seats four distinct players of 16."""
    pools = []
    key = 0
    for number in range(1, draw(st.integers(1, 4)) + 1):
        tables = draw(st.integers(2, 4))
        players = draw(st.permutations(range(1, 17)))
        lines = []
        for t in range(tables):
            key += 1
            seats = tuple(players[4 * t : 4 * t + 4])
            score = draw(st.sampled_from([-200, -50, 90, 110, 140, 420, 620]))
            artificial = draw(st.booleans()) and t == 0
            ns: Outcome = Artificial(Average.PLUS) if artificial else Played(score)
            ew: Outcome = Artificial(Average.MINUS) if artificial else ns
            lines.append(line(key, seats, ns, ew))  # type: ignore[arg-type]
        pools.append(BoardPool(number, tuple(lines)))
    return pools


@settings(deadline=None)  # timing on a shared machine is not the property
@given(sessions())
def test_players_share_their_sides_points_and_twice_the_lines_points(
    pools: list[BoardPool],
) -> None:
    scored = score_matchpoints(pools, policy=EBU)
    players = credit_players(pools, scored)
    lines_total = sum((p.ns + p.ew for p in scored.lines.values()), Fraction(0))
    assert (
        sum((p.matchpoints for p in players.values()), Fraction(0)) == 2 * lines_total
    )
    sides: dict[Hashable, Fraction] = {}
    for pool in pools:
        for x in pool.lines:
            points = scored.lines[x.key]
            for side, mine in ((x.ns_pair, points.ns), (x.ew_pair, points.ew)):
                assert isinstance(side, tuple)
                for player in side:
                    sides[player] = sides.get(player, Fraction(0)) + mine
    assert {p: s.matchpoints for p, s in players.items()} == sides
