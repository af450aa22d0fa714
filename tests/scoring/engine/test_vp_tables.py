"""Discrete VP scales read from data files (scoring.md §13.2)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from scoring.engine.vp import scale_vp
from scoring.engine.vp_tables import VpScaleError, parse_scale, shipped_scales

GOOD = """\
# title: A small scale
# total: 20
boards,margin,vp
4-6,0,10
4-6,2,12
4-6,5,16
4-6,9,20
"""


@pytest.mark.parametrize("key", sorted(shipped_scales()))
def test_each_shipped_table_loads_and_rises_to_its_total(key: str) -> None:
    table = shipped_scales()[key]
    assert table.key == key and table.title and table.columns
    for column in table.columns:
        values = [vp for _margin, vp in column.steps]
        assert values[0] * 2 == table.total and values[-1] == table.total
        assert values == sorted(values)


def test_the_acbl_scales_are_shipped_with_their_titles() -> None:
    scales = shipped_scales()
    assert scales["acbl_20vp"].title == "ACBL Swiss 20-VP (6–11 boards)"
    assert scales["acbl_30vp"].total == 30


def test_a_good_file_reads_as_steps() -> None:
    table = parse_scale(GOOD, key="small")
    column = table.column(5)
    assert column is not None and table.column(7) is None
    assert [column.winner_vp(m) for m in (0, 1, 2, 4, 5, 8, 9, 40)] == [
        10, 10, 12, 12, 16, 16, 20, 20,
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (GOOD.replace("4-6,5,16", "4-6,5,11"), "small.csv line 6: 11 VPs falls"),
        (GOOD.replace("4-6,9,20", "4-6,9,19"), "small.csv line 7: the column ends"),
        (GOOD.replace("4-6,0,10", "4-6,1,10"), "small.csv line 4: a column starts at"),
        (GOOD.replace("4-6,5,16", "4-6,2,16"), "small.csv line 6: margin 2 does not"),
        (GOOD.replace("4-6,5,16", "4-6,five,16"), "small.csv line 6: margin 'five'"),
        (GOOD.replace("4-6,5,16", "4-6,5"), "small.csv line 6: 2 cells, not 3"),
        (GOOD.replace("4-6,5,16", "6-4,5,16"), "small.csv line 6: boards '6-4'"),
        (GOOD.replace("4-6,9,20", "4-6,9,21"), "small.csv line 7: 21 VPs is more"),
        (GOOD.replace("boards,margin,vp", "boards;margin;vp"), "small.csv line 3:"),
        (GOOD.replace("# total: 20\n", ""), "small.csv line 1: no '# total: N'"),
        (GOOD + "5-8,0,10\n5-8,3,20\n", "small.csv line 8: match lengths covered"),
    ],
    ids=[
        "falls", "short of the total", "no draw", "margin repeated", "not a number",
        "short row", "boards backwards", "over the total", "header", "no total",
        "overlapping columns",
    ],
)  # fmt: skip
def test_a_malformed_file_is_refused_naming_its_line(text: str, message: str) -> None:
    with pytest.raises(VpScaleError) as refused:
        parse_scale(text, key="small")
    assert str(refused.value).startswith(message)


def test_a_comment_between_rows_keeps_the_line_numbers_true() -> None:
    text = GOOD.replace("4-6,5,16\n", "# a note\n\n4-6,5,11\n")
    with pytest.raises(VpScaleError, match=r"^small\.csv line 8: "):
        parse_scale(text, key="small")


def test_a_shipped_scale_scores_a_match_both_ways() -> None:
    assert scale_vp(9, 8, scale="acbl_20vp") == (Decimal(14), Decimal(6))
    assert scale_vp(-36, 10, scale="acbl_30vp") == (Decimal(0), Decimal(30))


def test_an_unknown_scale_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown VP scale 'nope'"):
        scale_vp(3, 8, scale="nope")
