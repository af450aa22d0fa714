"""Session scoring: pools, fouled boards, several sections, totals and places (§3–9)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Hashable, Sequence
from fractions import Fraction
from pathlib import Path

import pytest

from scoring.engine.outcomes import Artificial, Average, Played
from scoring.engine.policy import (
    Factoring,
    NeubergRounding,
    ScoringPolicy,
    SmallGroupRule,
)
from scoring.engine.session import (
    BoardLine,
    BoardPool,
    PairScore,
    score_board,
    score_matchpoints,
)
from tests.paths import FIXTURES

EBU = ScoringPolicy()
ACBL = ScoringPolicy(neuberg_rounding=NeubergRounding.ACBL)
ACBL_SMALL = ScoringPolicy(small_group_rule=SmallGroupRule.ACBL)
NO_FACTORING = ScoringPolicy(factoring=Factoring.NONE)

FIXTURE = "usebio_mp_mitchell_16pairs.xml"
FIXTURE_DIRS = (FIXTURES,)


def pool(
    board: int,
    scores: Sequence[int],
    *,
    expected: int | None = None,
    version: Hashable = None,
    prefix: str = "",
) -> BoardPool:
    lines = tuple(
        BoardLine(
            key=(board, f"{prefix}{i}"),
            ns_pair=f"{prefix}N{i}",
            ew_pair=f"{prefix}E{i}",
            ns=Played(score),
            ew=Played(score),
            version=version,
        )
        for i, score in enumerate(scores)
    )
    return BoardPool(board=board, lines=lines, expected=expected)


# --- the Compscore3 two-winner Mitchell (../shared/fixtures) ---


def fixture_path() -> Path:
    return next(
        (d / FIXTURE for d in FIXTURE_DIRS if (d / FIXTURE).exists()),
        FIXTURE_DIRS[-1] / FIXTURE,  # fails loudly when the shared fixtures are missing
    )


def fixture_pools(root: ET.Element) -> list[BoardPool]:
    pools = []
    for board in root.iter("BOARD"):
        travellers = board.findall("TRAVELLER_LINE")
        if not travellers:
            continue  # a hand record, not a traveller
        number = int(board.findtext("BOARD_NUMBER", ""))
        lines = []
        for t in travellers:
            ns, ew = t.findtext("NS_PAIR_NUMBER"), t.findtext("EW_PAIR_NUMBER")
            score = Played(int(t.findtext("SCORE", "")))
            lines.append(BoardLine((number, ns), ns, ew, score, score))
        pools.append(BoardPool(board=number, lines=tuple(lines)))
    return pools


@pytest.fixture(scope="module")
def mitchell() -> ET.Element:
    return ET.parse(fixture_path()).getroot()


def test_the_fixture_line_matchpoints_equal_the_file(mitchell: ET.Element) -> None:
    score = score_matchpoints(
        fixture_pools(mitchell), policy=EBU, ranking_group=lambda p: str(p)[-2:]
    )
    checked = 0
    for board in mitchell.iter("BOARD"):
        number = board.findtext("BOARD_NUMBER")
        for t in board.findall("TRAVELLER_LINE"):
            points = score.lines[(int(number or 0), t.findtext("NS_PAIR_NUMBER"))]
            assert points.ns_raw == Fraction(t.findtext("NS_MATCH_POINTS", ""))
            assert points.ew_raw == Fraction(t.findtext("EW_MATCH_POINTS", ""))
            assert points.top == 10
            checked += 1
    assert checked == len(score.lines) > 0


def test_the_fixture_totals_percentages_and_places_equal_the_file(
    mitchell: ET.Element,
) -> None:
    score = score_matchpoints(
        fixture_pools(mitchell), policy=EBU, ranking_group=lambda p: str(p)[-2:]
    )
    pairs = mitchell.iter("PAIR")
    expected = {
        p.findtext("PAIR_NUMBER"): (
            Fraction(p.findtext("TOTAL_SCORE", "")),
            Fraction(p.findtext("PERCENTAGE", "")),
            p.findtext("PLACE"),
        )
        for p in pairs
    }
    assert set(expected) == set(score.pairs)
    for pair, (total, share, place) in expected.items():
        got = score.pairs[pair]
        assert (round(got.total, 2), round(got.percentage, 2)) == (total, share), pair
        assert got.rank.rstrip("=") == place, pair


def test_the_fixture_pro_rates_a_pair_that_sat_out_to_seventeen_boards(
    mitchell: ET.Element,
) -> None:
    score = score_matchpoints(
        fixture_pools(mitchell), policy=EBU, ranking_group=lambda p: str(p)[-2:]
    )
    one_ns = score.pairs["1NS"]
    assert (one_ns.boards, one_ns.top) == (15, 150)
    assert one_ns.total == one_ns.matchpoints * 17 / 15 == Fraction("65.96")


# --- fouled boards (FOUL-1) ---


def foul_1() -> list[BoardPool]:
    seven = pool(1, [10, 20, 30, 40, 50, 60, 70], version="a").lines
    three = pool(1, [10, 20, 30], version="b", prefix="b").lines
    return [BoardPool(board=1, lines=seven + three, expected=10)]


FOUL_1 = [
    ("0", 12, "17.6", "8.79"),
    ("1", 10, "14.7", "7.36"),
    ("2", 8, "11.9", "5.93"),
    ("3", 6, "9.0", "4.50"),
    ("4", 4, "6.1", "3.07"),
    ("5", 2, "3.3", "1.64"),
    ("6", 0, "0.4", "0.21"),
]


@pytest.mark.parametrize(
    ("index", "raw", "internal", "acbl"),
    FOUL_1,
    ids=[f"FOUL-1 group of 7 raw {row[1]}" for row in FOUL_1],
)
def test_foul_1_factors_each_version_to_the_expected_ten(
    index: str, raw: int, internal: str, acbl: str
) -> None:
    key = (1, str(6 - int(index)))  # the scores rise with the index
    ebu = score_matchpoints(foul_1(), policy=EBU).lines[key]
    assert (ebu.ns_raw, ebu.ns, ebu.top, ebu.raw_top) == (
        raw,
        Fraction(internal),
        18,
        12,
    )
    assert score_matchpoints(foul_1(), policy=ACBL).lines[key].ns / 2 == Fraction(acbl)


@pytest.mark.parametrize(
    ("index", "raw", "formula", "acbl_small"),
    [("2", 4, "15.7", "12.6"), ("1", 2, "9.0", "10.8"), ("0", 0, "2.3", "9.0")],
    ids=[
        "FOUL-1 group of 3 raw 4",
        "FOUL-1 group of 3 raw 2",
        "FOUL-1 group of 3 raw 0",
    ],
)
def test_foul_1_group_of_three_by_formula_or_acbl_small_group_rule(
    index: str, raw: int, formula: str, acbl_small: str
) -> None:
    key = (1, f"b{index}")
    points = score_matchpoints(foul_1(), policy=EBU).lines[key]
    assert (points.ns_raw, points.ns, points.raw_top) == (raw, Fraction(formula), 4)
    small = score_matchpoints(foul_1(), policy=ACBL_SMALL).lines[key]
    assert small.ns == Fraction(acbl_small)


# --- several sections (ATF-1) ---

ATF_1 = [
    ("A", 0, 420, 4, 7),
    ("A", 1, 170, 2, 2),
    ("A", 2, -50, 0, 0),
    ("B", 0, 450, 4, 10),
    ("B", 1, 420, 2, 7),
    ("B", 2, 400, 0, 4),
]


def atf_sections() -> tuple[BoardPool, BoardPool]:
    a = pool(1, [420, 170, -50], prefix="A")
    b = pool(1, [450, 420, 400], prefix="B")
    return a, b


@pytest.mark.parametrize(
    ("section", "index", "score", "section_mp", "field_mp"),
    ATF_1,
    ids=[f"ATF-1 {row[2]:+d} section {row[0]}" for row in ATF_1],
)
def test_atf_1_scores_a_section_or_the_whole_field(
    section: str, index: int, score: int, section_mp: int, field_mp: int
) -> None:
    a, b = atf_sections()
    key = (1, f"{section}{index}")
    by_section = score_matchpoints([a, b], policy=EBU).lines[key]
    field = BoardPool(board=1, lines=a.lines + b.lines)
    across = score_matchpoints([field], policy=EBU).lines[key]
    assert (by_section.ns, by_section.top) == (section_mp, 4)
    assert (across.ns, across.top) == (field_mp, 10)
    assert across.ns_percentage == field_mp * 10


# --- totals, pro-rating and places ---


def test_session_percentage_sums_points_and_tops_not_board_percentages() -> None:
    # §4: tops 10, 8, 10; the pair scores 7, 4 and 10.
    boards = [
        pool(1, [3, 3, 0, 1, 2, 5]),  # N0 beats three and ties one: 7
        pool(2, [2, 0, 1, 3, 4]),  # N0 is in the middle of five: 4
        pool(3, [9, 0, 1, 2, 3, 4]),  # N0 is top of six: 10
    ]
    lines = [b.lines[0] for b in boards]
    renamed = [BoardLine(ln.key, "X", ln.ew_pair, ln.ns, ln.ew) for ln in lines]
    pools = [
        BoardPool(b.board, (line, *b.lines[1:]), expected=len(b.lines))
        for b, line in zip(boards, renamed, strict=True)
    ]
    pair = score_matchpoints(pools, policy=EBU).pairs["X"]
    assert (pair.matchpoints, pair.top, pair.boards) == (21, 28, 3)
    assert pair.percentage == 75


def test_totals_are_pro_rated_within_each_ranking_group() -> None:
    full = pool(1, [10, 20, 30])
    short = pool(2, [10, 20], expected=3)
    pools = [full, short, pool(3, [30, 20, 10])]
    score = score_matchpoints(pools, policy=EBU, ranking_group=lambda p: str(p)[0])
    n2: PairScore = score.pairs["N2"]
    # N2 sat out board 2: 4 + 0 on two boards, scaled to the 3 boards of N0 and N1.
    assert (n2.boards, n2.matchpoints, n2.top) == (2, 4, 8)
    assert n2.total == 6
    assert n2.percentage == 50
    assert score.pairs["N1"].boards == 3


def test_a_pair_with_fewer_boards_is_scaled_to_the_most_boards() -> None:
    pools = [pool(1, [10, 20, 30]), pool(2, [10, 20, 30])]
    sit_out = BoardLine((3, "x"), "N9", "E9", Played(0), Played(0))
    pools.append(BoardPool(3, (sit_out, *pool(3, [5, 6]).lines), expected=3))
    score = score_matchpoints(pools, policy=EBU)
    n9 = score.pairs["N9"]
    assert n9.boards == 1
    assert n9.total == n9.matchpoints * 3


def test_two_winner_mitchell_ranks_each_direction_separately() -> None:
    pools = [pool(1, [30, 20, 10]), pool(2, [30, 20, 10])]
    one_field = score_matchpoints(pools, policy=EBU)
    two = score_matchpoints(pools, policy=EBU, ranking_group=lambda p: str(p)[0])
    assert (one_field.pairs["N0"].rank, one_field.pairs["E2"].rank) == ("1=", "1=")
    assert (two.pairs["N0"].rank, two.pairs["E2"].rank) == ("1", "1")


def test_no_factoring_keeps_the_raw_top_and_scales_averages_to_it() -> None:
    lines = pool(1, [10, 20, 30]).lines
    average = BoardLine((1, "x"), "NX", "EX", Artificial(Average.PLUS), Played(0))
    points = score_board(
        BoardPool(1, (*lines, average)), expected=5, policy=NO_FACTORING
    )
    assert (points[(1, "2")].ns, points[(1, "2")].top) == (4, 4)
    assert (points[(1, "x")].ns, points[(1, "x")].top) == (Fraction(12, 5), 4)


def test_no_factoring_with_no_raw_top_awards_on_the_full_top() -> None:
    average = BoardLine((1, "x"), "NX", "EX", Artificial(Average.PLUS), Played(0))
    points = score_board(BoardPool(1, (average,)), expected=5, policy=NO_FACTORING)
    assert (points[(1, "x")].ns, points[(1, "x")].top) == (Fraction("4.8"), 8)
    assert (points[(1, "x")].ew, points[(1, "x")].ew_top) == (0, 0)
    assert points[(1, "x")].ew_percentage == 50


def test_expected_defaults_to_the_largest_pool() -> None:
    score = score_matchpoints([pool(1, [1, 2, 3, 4]), pool(2, [1, 2])], policy=EBU)
    assert score.lines[(2, "1")].top == 6
    assert score.lines[(2, "1")].ns == 5  # (2 + 1)·4/2 − 1


def test_it_rejects_a_pool_with_more_lines_than_expected() -> None:
    with pytest.raises(ValueError, match="expected"):
        score_matchpoints([pool(1, [1, 2, 3], expected=2)], policy=EBU)


def test_it_rejects_a_line_key_used_twice() -> None:
    with pytest.raises(ValueError, match="twice"):
        score_matchpoints([pool(1, [1, 2]), pool(1, [3, 4])], policy=EBU)


def test_an_empty_session_has_no_lines_and_no_pairs() -> None:
    score = score_matchpoints([], policy=EBU)
    assert (dict(score.lines), dict(score.pairs)) == ({}, {})
