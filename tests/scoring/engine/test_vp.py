"""Victory points (scoring.md §13)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine.policy import VpRounding
from scoring.engine.vp import blitz_margin, scale_vp, vp, wbf_table
from scoring.engine.vp_tables import shipped_scales

# scoring.md §13.1: winner's VP by margin, for 8, 12, 16, 20 and 24 boards.
BOARDS = (8, 12, 16, 20, 24)
WBF_TABLE = {
    0: ("10.00", "10.00", "10.00", "10.00", "10.00"),
    1: ("10.44", "10.36", "10.31", "10.28", "10.25"),
    2: ("10.86", "10.71", "10.61", "10.55", "10.50"),
    3: ("11.27", "11.05", "10.91", "10.82", "10.75"),
    5: ("12.05", "11.70", "11.48", "11.34", "11.23"),
    8: ("13.12", "12.61", "12.29", "12.07", "11.90"),
    10: ("13.78", "13.18", "12.80", "12.53", "12.33"),
    12: ("14.39", "13.71", "13.28", "12.98", "12.75"),
    15: ("15.23", "14.46", "13.97", "13.61", "13.34"),
    20: ("16.46", "15.58", "15.00", "14.58", "14.26"),
    25: ("17.50", "16.55", "15.92", "15.45", "15.08"),
    30: ("18.37", "17.40", "16.73", "16.23", "15.83"),
    40: ("19.74", "18.78", "18.09", "17.56", "17.13"),
    50: ("20.00", "19.83", "19.16", "18.63", "18.19"),
    60: ("20.00", "20.00", "20.00", "19.49", "19.06"),
}
CELLS = [
    (boards, margin, Decimal(row[column]))
    for margin, row in WBF_TABLE.items()
    for column, boards in enumerate(BOARDS)
]

# scoring.md §13.1: every cell where the repair changes plain rounding.
REPAIRED = {
    8: {40: ("19.73", "19.74")},
    12: {42: ("19.01", "19.02"), 44: ("19.23", "19.24"), 49: ("19.73", "19.74")},
    16: {
        14: ("13.74", "13.75"), 27: ("16.25", "16.26"), 38: ("17.84", "17.85"),
        46: ("18.76", "18.77"), 49: ("19.06", "19.07"), 55: ("19.60", "19.61"),
        59: ("19.92", "19.93"),
    },
    20: {
        13: ("13.19", "13.20"), 28: ("15.92", "15.93"), 31: ("16.37", "16.38"),
        34: ("16.79", "16.80"), 38: ("17.31", "17.32"), 41: ("17.67", "17.68"),
        51: ("18.72", "18.73"), 55: ("19.08", "19.09"), 62: ("19.64", "19.65"),
    },
    24: {
        5: ("11.22", "11.23"), 20: ("14.25", "14.26"), 22: ("14.59", "14.60"),
        33: ("16.24", "16.25"), 37: ("16.76", "16.77"), 40: ("17.12", "17.13"),
        41: ("17.24", "17.25"), 42: ("17.35", "17.36"), 45: ("17.68", "17.69"),
        51: ("18.28", "18.29"), 56: ("18.73", "18.74"), 63: ("19.29", "19.30"),
        70: ("19.78", "19.79"),
    },
}  # fmt: skip

# scoring.md §13.1: the 4-board table (margins 0 … 30).
FOUR_BOARDS = [
    "10.00",
    "10.61",
    "11.20",
    "11.76",
    "12.29",
    "12.80",
    "13.28",
    "13.74",
    "14.18",
    "14.60",
    "15.00",
    "15.38",
    "15.74",
    "16.09",
    "16.42",
    "16.73",
    "17.03",
    "17.31",
    "17.59",
    "17.84",
    "18.09",
    "18.33",
    "18.55",
    "18.76",
    "18.97",
    "19.16",
    "19.34",
    "19.52",
    "19.69",
    "19.85",
    "20.00",
]


@pytest.mark.parametrize(("boards", "margin", "expected"), CELLS)
def test_every_cell_of_the_wbf_2013_table(
    boards: int, margin: int, expected: Decimal
) -> None:
    assert vp(margin, boards) == (expected, 20 - expected)


@pytest.mark.parametrize("boards", BOARDS)
def test_the_repair_changes_exactly_the_listed_cells(boards: int) -> None:
    plain = wbf_table(boards, repair=False)
    repaired = wbf_table(boards)
    changed = {
        margin: (str(plain[margin]), str(repaired[margin]))
        for margin in range(len(plain))
        if plain[margin] != repaired[margin]
    }
    assert changed == REPAIRED[boards]


def test_the_four_board_table_needs_no_repair() -> None:
    assert [str(v) for v in wbf_table(4)] == FOUR_BOARDS
    assert wbf_table(4, repair=False) == wbf_table(4)


def test_a_knife_edge_value_is_rounded_with_enough_digits() -> None:
    assert vp(1, 4)[0] == Decimal("10.61")  # V = 10.61499856…


def test_the_match_example_16_boards_23_imps() -> None:
    assert vp(23, 16) == (Decimal("15.56"), Decimal("4.44"))


def test_a_signed_margin_gives_home_and_away() -> None:
    assert vp(-23, 16) == (Decimal("4.44"), Decimal("15.56"))


def test_a_drawn_match_is_ten_all() -> None:
    assert vp(0, 16) == (Decimal("10.00"), Decimal("10.00"))


def test_a_third_of_the_blitz_margin_gives_fifteen() -> None:
    assert vp(20, 16) == (Decimal("15.00"), Decimal("5.00"))


def test_the_blitz_margin_and_beyond_give_twenty() -> None:
    assert blitz_margin(16) == 60
    assert vp(60, 16) == vp(500, 16) == (Decimal("20.00"), Decimal("0.00"))
    assert vp(42, 8)[0] < 20  # X = 42.43: 42 is still below the blitz
    assert vp(43, 8)[0] == Decimal("20.00")


def test_the_official_table_rounding_is_not_shipped() -> None:
    with pytest.raises(ValueError):
        vp(3, 16, rounding=VpRounding.OFFICIAL_TABLE)


def test_a_match_needs_a_board() -> None:
    with pytest.raises(ValueError):
        vp(3, 0)


# scoring.md §13.2: (margin from, margin to, winner's VP) per column.
ACBL_30_6_8 = [(0, 0, 15), (1, 1, 18), (2, 2, 19), (3, 3, 20), (4, 4, 21),
               (5, 6, 22), (7, 8, 23), (9, 10, 24), (11, 13, 25), (14, 16, 26),
               (17, 19, 27), (20, 23, 28), (24, 27, 29), (28, 60, 30)]  # fmt: skip
ACBL_30_9_11 = [(0, 0, 15), (1, 1, 18), (2, 2, 19), (3, 4, 20), (5, 6, 21),
                (7, 8, 22), (9, 11, 23), (12, 14, 24), (15, 17, 25), (18, 21, 26),
                (22, 25, 27), (26, 30, 28), (31, 35, 29), (36, 80, 30)]  # fmt: skip
ACBL_20_6_8 = [(0, 0, 10), (1, 2, 11), (3, 4, 12), (5, 7, 13), (8, 10, 14),
               (11, 13, 15), (14, 16, 16), (17, 19, 17), (20, 23, 18),
               (24, 27, 19), (28, 60, 20)]  # fmt: skip
ACBL_20_9_11 = [(0, 0, 10), (1, 2, 11), (3, 5, 12), (6, 9, 13), (10, 13, 14),
                (14, 17, 15), (18, 21, 16), (22, 25, 17), (26, 30, 18),
                (31, 35, 19), (36, 80, 20)]  # fmt: skip


@pytest.mark.parametrize(
    ("scale", "total", "boards", "rows"),
    [
        ("acbl_30vp", 30, (6, 7, 8), ACBL_30_6_8),
        ("acbl_30vp", 30, (9, 10, 11), ACBL_30_9_11),
        ("acbl_20vp", 20, (6, 7, 8), ACBL_20_6_8),
        ("acbl_20vp", 20, (9, 10, 11), ACBL_20_9_11),
    ],
    ids=["30-VP 6-8", "30-VP 9-11", "20-VP 6-8", "20-VP 9-11"],
)
def test_the_acbl_short_match_scales(
    scale: str, total: int, boards: tuple[int, ...], rows: list[tuple[int, int, int]]
) -> None:
    for n in boards:
        for low, high, won in rows:
            for margin in range(low, high + 1):
                assert scale_vp(margin, n, scale=scale) == (won, total - won)
                assert scale_vp(-margin, n, scale=scale) == (total - won, won)


def test_the_default_scale_is_the_wbf_continuous_scale() -> None:
    assert scale_vp(23, 16) == vp(23, 16)


def test_an_acbl_scale_refuses_a_match_length_it_does_not_cover() -> None:
    assert {"acbl_30vp", "acbl_20vp"} <= set(shipped_scales())
    with pytest.raises(ValueError):
        scale_vp(3, 12, scale="acbl_30vp")
    with pytest.raises(ValueError):
        scale_vp(3, 8, scale="wbf2013_discrete")


@pytest.mark.parametrize("boards", range(1, 41))
def test_every_table_rises_with_non_increasing_increments(boards: int) -> None:
    table = wbf_table(boards)
    steps = [b - a for a, b in zip(table, table[1:], strict=False)]
    assert table[0] == 10 and table[-1] == 20
    assert all(step >= 0 for step in steps)
    assert all(b <= a for a, b in zip(steps, steps[1:], strict=False))


@settings(max_examples=400, deadline=None)
@given(
    st.integers(min_value=1, max_value=40), st.integers(min_value=-120, max_value=120)
)
def test_vps_sum_to_twenty_and_gain_less_and_less_per_imp(
    boards: int, margin: int
) -> None:
    home, away = vp(margin, boards)
    assert home + away == 20
    before, now, after = (vp(m, boards)[0] for m in (margin - 1, margin, margin + 1))
    assert before <= now <= after
    if margin >= 1:
        assert after - now <= now - before
