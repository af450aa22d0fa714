"""Boards played once (scoring.engine.once_played): counted as 50 % for both
sides, as ever, or left out of both sides' totals so that each percentage is
over the boards that can be compared."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine.individual import score_individual
from scoring.engine.once_played import compared_pools, is_left_out, played_once
from scoring.engine.outcomes import Artificial, Average, Outcome, Played
from scoring.engine.policy import ScoringPolicy, SingleBoards
from scoring.engine.session import BoardLine, BoardPool, score_matchpoints
from tests.scoring.engine.test_individual import line

AVERAGE = ScoringPolicy()
OMITTED = replace(AVERAGE, single_boards=SingleBoards.OMITTED)
SCORES = [-200, -50, 90, 110, 140, 420, 620]


@st.composite
def pairs_sessions(draw: st.DrawFn) -> list[BoardPool]:
    """Boards played at 1–3 tables by pairs 1…8 (NS) against 11…18 (EW)."""
    pools, key = [], 0
    for number in range(1, draw(st.integers(1, 6)) + 1):
        tables = draw(st.integers(1, 3))
        ns = draw(st.permutations(range(1, 9)))[:tables]
        ew = draw(st.permutations(range(11, 19)))[:tables]
        lines = []
        for n, e in zip(ns, ew, strict=True):
            key += 1
            played: Outcome = Played(draw(st.sampled_from(SCORES)))
            lines.append(BoardLine(key, n, e, played, played))
        pools.append(BoardPool(number, tuple(lines), expected=3))
    return pools


@st.composite
def individual_sessions(draw: st.DrawFn) -> list[BoardPool]:
    """Boards of 1–3 tables; each table seats four distinct players of 12."""
    pools, key = [], 0
    for number in range(1, draw(st.integers(1, 6)) + 1):
        players = draw(st.permutations(range(1, 13)))
        lines = []
        for t in range(draw(st.integers(1, 3))):
            key += 1
            seats = tuple(players[4 * t : 4 * t + 4])
            played: Outcome = Played(draw(st.sampled_from(SCORES)))
            lines.append(line(key, seats, played))  # type: ignore[arg-type]
        pools.append(BoardPool(number, tuple(lines), expected=3))
    return pools


def _sums_over(pools: list[BoardPool]) -> dict[object, tuple[Fraction, int, int]]:
    """Each side's points, top and boards over ``pools``, as averaged today."""
    scored = score_matchpoints(pools, policy=AVERAGE)
    sums: dict[object, tuple[Fraction, int, int]] = {}
    for pool in pools:
        for x in pool.lines:
            points = scored.lines[x.key]
            for side, mine in ((x.ns_pair, points.ns), (x.ew_pair, points.ew)):
                was = sums.get(side, (Fraction(0), 0, 0))
                sums[side] = (was[0] + mine, was[1] + points.top, was[2] + 1)
    return sums


@settings(deadline=None)
@given(pairs_sessions())
def test_left_out_boards_give_both_sides_totals_over_the_compared_boards(
    pools: list[BoardPool],
) -> None:
    omitted = score_matchpoints(pools, policy=OMITTED).pairs
    compared = _sums_over(compared_pools(pools, OMITTED))
    for side, score in omitted.items():
        points, top, boards = compared.get(side, (Fraction(0), 0, 0))
        assert (score.matchpoints, score.top, score.boards) == (points, top, boards)
    assert set(compared) <= set(omitted)


@settings(deadline=None)
@given(pairs_sessions())
def test_the_average_choice_is_today_s_scoring_exactly(pools: list[BoardPool]) -> None:
    today = score_matchpoints(pools, policy=ScoringPolicy())
    assert score_matchpoints(pools, policy=AVERAGE) == today
    once = [p for p in pools if played_once(p)]
    for pool in once:
        points = today.lines[pool.lines[0].key]
        assert points.ns == points.ew == Fraction(points.top, 2)


@settings(deadline=None)
@given(individual_sessions())
def test_an_individual_ranks_each_player_over_the_boards_that_can_be_compared(
    pools: list[BoardPool],
) -> None:
    omitted = score_individual(pools, policy=OMITTED).pairs
    counted = score_individual(compared_pools(pools, OMITTED), policy=AVERAGE).pairs
    seated = {
        p
        for pool in pools
        for x in pool.lines
        for side in (x.ns_pair, x.ew_pair)
        for p in (side if isinstance(side, tuple) else ())
    }
    assert set(omitted) == seated
    for player, score in omitted.items():
        if player in counted:
            mine = counted[player]
            assert (score.matchpoints, score.top, score.boards) == (
                mine.matchpoints, mine.top, mine.boards,
            )  # fmt: skip
            assert score.percentage == mine.percentage
        else:
            assert (score.boards, score.top, score.percentage) == (0, 0, 50)


def test_a_one_table_board_or_an_award_is_told_apart() -> None:
    single = BoardPool(1, (BoardLine(1, 1, 11, Played(420), Played(420)),))
    award = Artificial(Average.PLUS)
    awarded = BoardPool(2, (BoardLine(2, 1, 11, award, Artificial(Average.MINUS)),))
    two = BoardPool(3, single.lines + (BoardLine(3, 2, 12, Played(50), Played(50)),))
    assert [played_once(p) for p in (single, awarded, two)] == [True, False, False]
    assert is_left_out(single, OMITTED) and not is_left_out(single, AVERAGE)


def test_a_player_first_on_the_compared_boards_is_first_once_single_boards_are_out():
    # Player 1 wins the only compared board; boards 2 and 3 are played once.
    pools = [
        BoardPool(1, (line(1, (1, 2, 3, 4), Played(420)),
                      line(2, (5, 6, 7, 8), Played(-50))), expected=2),
        BoardPool(2, (line(3, (5, 2, 7, 4), Played(100)),), expected=2),
        BoardPool(3, (line(4, (6, 4, 8, 1), Played(100)),), expected=2),
    ]  # fmt: skip
    averaged = score_individual(pools, policy=AVERAGE).pairs
    left_out = score_individual(pools, policy=OMITTED).pairs
    assert left_out[1].percentage == 100 and left_out[1].rank == "1="
    assert (averaged[1].percentage, averaged[1].rank) == (75, "2=")
    assert left_out[1].boards == 1 and averaged[1].boards == 2
