"""Artificial, weighted and split scores (Law 12C, scoring.md §6–7)."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import pytest

from scoring.engine.adjustments import artificial_percentage, artificial_points
from scoring.engine.outcomes import Artificial, Average, Outcome, Played, Weighted
from scoring.engine.policy import NeubergRounding, ScoringPolicy
from scoring.engine.session import (
    BoardLine,
    BoardPool,
    score_board,
    score_matchpoints,
)

EBU = ScoringPolicy()
EXACT = ScoringPolicy(neuberg_rounding=NeubergRounding.EXACT)
FLAT = ScoringPolicy(avg_plus_uses_session_pct=False)


def line(
    table: int, ns: Outcome, ew: Outcome | None = None, board: int = 1
) -> BoardLine:
    return BoardLine(
        key=(board, table),
        ns_pair=f"N{table}",
        ew_pair=f"E{table}",
        ns=ns,
        ew=ns if ew is None else ew,
    )


def adj_1() -> BoardPool:
    lines = [line(t, Played(s)) for t, s in enumerate((420, 450, -50, 420), start=1)]
    lines.append(line(5, Artificial(Average.PLUS), Artificial(Average.MINUS)))
    return BoardPool(board=1, lines=tuple(lines))


ADJ_1 = [
    (1, "4", "4.0", "4.0"),
    (2, "7.75", "7.7", "0.3"),
    (3, "0.25", "0.3", "7.7"),
    (4, "4", "4.0", "4.0"),
    (5, "4.8", "4.8", "3.2"),
]


@pytest.mark.parametrize(
    ("table", "ns_exact", "ns_ebu", "ew_ebu"),
    ADJ_1,
    ids=[f"ADJ-1 table {row[0]}" for row in ADJ_1],
)
def test_adj_1_factors_the_real_results_and_awards_the_full_top(
    table: int, ns_exact: str, ns_ebu: str, ew_ebu: str
) -> None:
    exact = score_board(adj_1(), expected=5, policy=EXACT)[(1, table)]
    ebu = score_board(adj_1(), expected=5, policy=EBU)[(1, table)]
    assert exact.ns == Fraction(ns_exact)
    assert (ebu.ns, ebu.ew) == (Fraction(ns_ebu), Fraction(ew_ebu))
    assert (ebu.top, ebu.raw_top) == (8, 6)


def test_adj_1_raw_matchpoints_are_among_the_four_real_results() -> None:
    points = score_board(adj_1(), expected=5, policy=EBU)
    assert [points[(1, t)].ns_raw for t in range(1, 5)] == [3, 6, 0, 3]
    # An artificial side's raw value is its percentage of the raw top.
    assert points[(1, 5)].ns_raw == Fraction("3.6")
    assert points[(1, 5)].ns_percentage == 60
    assert points[(1, 5)].ew_percentage == 40


def test_adj_1_artificial_scores_need_not_balance() -> None:
    points = score_board(adj_1(), expected=5, policy=EBU)
    assert sum(p.ns for p in points.values()) == Fraction("20.8")


LAW_12C2C = [
    ("P", Average.PLUS, "63.5", "63.5", "5.08"),
    ("Q", Average.PLUS, "52.0", "60", "4.8"),
    ("R", Average.MINUS, "45.0", "40", "3.2"),
    ("S", Average.MINUS, "35.0", "35", "2.8"),
]


@pytest.mark.parametrize(
    ("code", "other", "awarded", "points"),
    [row[1:] for row in LAW_12C2C],
    ids=[f"Law 12C2(c) {row[0]}" for row in LAW_12C2C],
)
def test_law_12c2c_awards_the_session_percentage_if_better(
    code: Average, other: str, awarded: str, points: str
) -> None:
    session = Fraction(other)
    share = artificial_percentage(code, policy=EBU, session_percentage=session)
    assert share == Fraction(awarded)
    award = artificial_points(code, full_top=8, policy=EBU, session_percentage=session)
    assert award == Fraction(points)


def test_average_stays_fifty_whatever_the_session() -> None:
    for session in (Fraction(20), Fraction(80)):
        share = artificial_percentage(
            Average.AVERAGE, policy=EBU, session_percentage=session
        )
        assert share == 50


def test_the_flat_policy_ignores_the_session_percentage() -> None:
    share = artificial_percentage(
        Average.PLUS, policy=FLAT, session_percentage=Fraction(70)
    )
    assert share == 60


def board_with_points(
    board: int, pair: str, *, results: int, beaten: int, tied: int
) -> BoardPool:
    """A complete board where ``pair`` (NS) beats ``beaten`` and ties ``tied``."""
    above = results - beaten - tied - 1
    others = list(range(beaten)) + [beaten] * tied
    others += [beaten + 1 + k for k in range(above)]
    lines = [
        BoardLine((board, i), f"{board}N{i}", f"{board}E{i}", Played(s), Played(s))
        for i, s in enumerate(others, start=1)
    ]
    lines.append(BoardLine((board, 0), pair, f"{board}E0", Played(beaten), Played(0)))
    return BoardPool(board=board, lines=tuple(lines), expected=results)


def session_for(
    pair: str, code: Average, results: int, beaten: int, tied: int
) -> list[BoardPool]:
    other = board_with_points(1, pair, results=results, beaten=beaten, tied=tied)
    artificial = BoardLine((2, 0), pair, "X", Artificial(code), Played(0))
    real = [BoardLine((2, t), f"2N{t}", f"2E{t}", Played(t), Played(t)) for t in (1, 2)]
    return [other, BoardPool(board=2, lines=(artificial, *real), expected=5)]


@pytest.mark.parametrize(
    ("pair", "code", "results", "beaten", "tied", "points"),
    [
        # 63.5 % = 127 of 200; 52 % = 52 of 100; 45 % = 45 of 100; 35 % = 35 of 100.
        ("P", Average.PLUS, 101, 63, 1, "5.08"),
        ("Q", Average.PLUS, 51, 26, 0, "4.8"),
        ("R", Average.MINUS, 51, 22, 1, "3.2"),
        ("S", Average.MINUS, 51, 17, 1, "2.8"),
    ],
    ids=[f"Law 12C2(c) {row[0]} in a session" for row in LAW_12C2C],
)
def test_a_session_awards_the_artificial_side_its_other_boards_percentage(
    pair: str, code: Average, results: int, beaten: int, tied: int, points: str
) -> None:
    pools = session_for(pair, code, results, beaten, tied)
    score = score_matchpoints(pools, policy=EBU)
    assert score.lines[(2, 0)].ns == Fraction(points)
    assert score.lines[(2, 0)].top == 8
    flat = score_matchpoints(pools, policy=FLAT)
    flat_award = "4.8" if code is Average.PLUS else "3.2"
    assert flat.lines[(2, 0)].ns == Fraction(flat_award)


def test_live_board_scoring_uses_the_flat_percentages() -> None:
    pools = session_for("P", Average.PLUS, 101, 63, 1)
    assert score_board(pools[1], expected=5, policy=EBU)[(2, 0)].ns == Fraction("4.8")


def test_a_pair_with_only_artificial_boards_gets_the_flat_award() -> None:
    pools = session_for("P", Average.PLUS, 101, 63, 1)[1:]
    assert score_matchpoints(pools, policy=EBU).lines[(2, 0)].ns == Fraction("4.8")


def wgt_1() -> BoardPool:
    weighted = Weighted(((Fraction(2, 5), 420), (Fraction(3, 5), -50)))
    lines = [line(1, weighted)]
    lines += [line(t, Played(s)) for t, s in ((2, 420), (3, 170), (4, -50))]
    return BoardPool(board=1, lines=tuple(lines))


@pytest.mark.parametrize(
    ("table", "ns", "ew"),
    [(1, "2.6", "3.4"), (2, "5.6", "0.4"), (3, "3.2", "2.8"), (4, "0.6", "5.4")],
    ids=[f"WGT-1 table {t}" for t in range(1, 5)],
)
def test_wgt_1_scores_a_weighted_table_and_the_others(
    table: int, ns: str, ew: str
) -> None:
    points = score_board(wgt_1(), expected=4, policy=EBU)[(1, table)]
    assert (points.ns, points.ew) == (Fraction(ns), Fraction(ew))
    assert (points.ns_raw, points.ew_raw) == (Fraction(ns), Fraction(ew))


def test_wgt_1_column_totals_stay_twelve() -> None:
    points = score_board(wgt_1(), expected=4, policy=EBU).values()
    assert sum(p.ns for p in points) == sum(p.ew for p in points) == 12


def spl_1() -> Sequence[BoardLine]:
    split = line(1, Played(170), Played(420))
    return [split] + [line(t, Played(s)) for t, s in ((2, 420), (3, 170), (4, -50))]


@pytest.mark.parametrize(
    ("table", "ns", "ew"),
    [(1, 3, 1), (2, 6, 1), (3, 3, 4), (4, 0, 6)],
    ids=[f"SPL-1 table {t}" for t in range(1, 5)],
)
def test_spl_1_scores_each_direction_on_its_own_outcome(
    table: int, ns: int, ew: int
) -> None:
    pool = BoardPool(board=1, lines=tuple(spl_1()))
    points = score_board(pool, expected=4, policy=EBU)[(1, table)]
    assert (points.ns, points.ew) == (ns, ew)


def test_a_split_artificial_side_leaves_the_other_column_whole() -> None:
    lines = [line(1, Artificial(Average.PLUS), Played(420))]
    lines += [line(t, Played(s)) for t, s in ((2, 420), (3, 170), (4, -50))]
    points = score_board(BoardPool(1, tuple(lines)), expected=4, policy=EBU)
    assert points[(1, 1)].ns == Fraction("3.6")  # 60 % of the full top 6
    assert points[(1, 1)].ew == 1  # compared with all four EW results
    assert (points[(1, 1)].raw_top, points[(1, 1)].ew_raw_top) == (4, 6)


def test_kept_pools_are_not_scored_again_but_artificial_awards_follow_the_session(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """After a correction on board 1, board 2's pool is taken as kept, and its A60
    still gets the pair's new session percentage (Law 12C2(c))."""
    from scoring.engine import tallies as engine

    pool_tallies = engine.PoolTallies()
    before = session_for("P", Average.PLUS, 101, 63, 1)
    first = score_matchpoints(before, policy=EBU, pool_tallies=pool_tallies)
    assert first.lines[(2, 0)].ns == Fraction("5.08")
    scored: list[int] = []
    score_pool = engine.score_pool

    def counted(pool: BoardPool, **options: object) -> object:
        scored.append(pool.board)
        return score_pool(pool, **options)  # type: ignore[arg-type]

    monkeypatch.setattr(engine, "score_pool", counted)
    corrected = board_with_points(1, "P", results=101, beaten=40, tied=1)  # 40.5 %
    after = score_matchpoints(
        [corrected, before[1]], policy=EBU, pool_tallies=pool_tallies
    )
    assert scored == [1]  # board 2 was kept
    assert after.lines[(2, 0)].ns == Fraction("4.8")  # 60 %: better than 40.5 %
    assert after == score_matchpoints([corrected, before[1]], policy=EBU)
    assert set(pool_tallies.pools) == {id(corrected), id(before[1])}


def test_kept_pools_are_scored_again_under_another_policy() -> None:
    from scoring.engine.session import PoolTallies

    pool_tallies = PoolTallies()
    pools = [adj_1()]
    score_matchpoints(pools, policy=EBU, pool_tallies=pool_tallies)
    exact = score_matchpoints(pools, policy=EXACT, pool_tallies=pool_tallies)
    assert exact == score_matchpoints(pools, policy=EXACT)
    assert exact.lines[(1, 2)].ns == Fraction("7.75")
