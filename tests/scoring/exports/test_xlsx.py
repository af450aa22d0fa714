"""Workbooks opened with openpyxl: every cell equals the scored value."""

from __future__ import annotations

from decimal import Decimal
from io import BytesIO

from django.utils import translation
from openpyxl import Workbook, load_workbook
from openpyxl.worksheet.worksheet import Worksheet

from scoring.documents.xlsx import render_xlsx, sheet_title
from scoring.reports import layout
from scoring.reports.rows import ranking_groups
from scoring.standings import SessionResults


def workbook(results: SessionResults) -> Workbook:
    return load_workbook(BytesIO(render_xlsx(layout.workbook_sheets(results))))


def rows_after(sheet: Worksheet, title: str) -> list[tuple]:
    """The data rows of the table headed `title` (until the blank row)."""
    values = list(sheet.iter_rows(values_only=True))
    start = next(i for i, row in enumerate(values) if row[0] == title) + 2
    end = next(
        (i for i in range(start, len(values)) if values[i][0] is None), len(values)
    )
    return values[start:end]


def test_it_has_the_four_sheets_with_frozen_headers(results: SessionResults) -> None:
    book = workbook(results)
    assert book.sheetnames == ["Ranking", "Recap", "Travellers", "Scorecards"]
    ranking = book["Ranking"]
    assert [c.value for c in ranking[4]] == ["Rank", "Pair", "Players", "Score", "%",
                                              "Boards"]  # fmt: skip
    assert all(sheet.freeze_panes == "A5" for sheet in book)


def test_ranking_cells_are_the_scored_numbers(results: SessionResults) -> None:
    sheet = workbook(results)["Ranking"]
    for title, rows in ranking_groups(results):
        cells = rows_after(sheet, title)
        assert [c[1] for c in cells] == [r.pair.label for r in rows]
        for cell_row, row in zip(cells, rows, strict=True):
            assert cell_row[3] == float(row.score)
            assert row.percentage is not None  # matchpoints have a percentage
            assert cell_row[4] == float(row.percentage / 100)
            assert cell_row[5] == row.boards
    assert rows_after(sheet, "Section A · North-South")[0][:5] == (1, "2NS", None, 6,
                                                                   0.75)  # fmt: skip


def test_numbers_are_numbers_with_formats(results: SessionResults) -> None:
    sheet = workbook(results)["Ranking"]
    score, percentage = sheet["D5"], sheet["E5"]
    assert (score.data_type, score.number_format) == ("n", "0.00")
    assert (percentage.data_type, percentage.number_format) == ("n", "0.00%")
    assert sheet.column_dimensions["B"].width == len("Pair") + 2


def test_recap_is_the_pair_by_board_grid(results: SessionResults) -> None:
    cells = rows_after(workbook(results)["Recap"], "Section A · East-West")
    # 3EW: 4 on board 1 (3NT beat 4S), 2 on board 2; total 6, 75 %.
    assert cells[0] == ("3EW", 4, 2, 6, 0.75, 1)


def test_travellers_and_scorecards_hold_every_line(results: SessionResults) -> None:
    book = workbook(results)
    board_1 = rows_after(book["Travellers"], "Board 1 · Section A")
    assert [(r[1], r[7], r[9], r[10]) for r in board_1] == [
        ("1NS", 420, 2, 2),
        ("2NS", 450, 4, 0),
        ("3NS", 400, 0, 4),
    ]
    card = rows_after(book["Scorecards"], "Pair 2NS")
    assert [(r[0], r[3], r[8], r[9], r[10], r[11]) for r in card] == [
        (1, "2EW", 450, 4, 1, 4),
        (2, "3EW", -100, 2, 0.5, 6),
    ]


def test_sheet_names_follow_the_language(results: SessionResults) -> None:
    with translation.override("it"):
        book = workbook(results)
    assert book.sheetnames == ["Classifica", "Riepilogo", "Viaggiatori", "Score"]


def test_sheet_titles_are_made_valid_and_unique() -> None:
    taken: set[str] = set()
    assert sheet_title("Board 1/2: [A]", taken) == "Board 1 2   A "
    assert sheet_title("x" * 40, taken) == "x" * 31
    assert sheet_title("X" * 40, taken) == "X" * 28 + " 2"


def test_a_missing_percentage_is_an_empty_cell() -> None:
    from scoring.documents.document import Column, Document, Kind, Table

    table = Table("IMPs", (Column("pct", "%", Kind.PERCENT),), ({"pct": None},
                  {"pct": Decimal("12.5")}))  # fmt: skip
    book = load_workbook(
        BytesIO(render_xlsx([("IMPs", Document("t", blocks=(table,)))]))
    )
    assert [c.value for c in book["IMPs"]["A"]][4:] == [None, 0.125]
