"""PDFs read back with pypdf: what the scored session says, in order."""

from __future__ import annotations

from io import BytesIO

import pytest
from django.utils import translation
from pypdf import PdfReader

from scoring.documents.document import (
    Column,
    Deal,
    DealGrid,
    Document,
    Kind,
    Table,
    hand_record_pages,
)
from scoring.documents.pdf import render_pdf
from scoring.reports import layout
from scoring.reports.rows import ranking_groups, scorecard_rows
from scoring.standings import SessionResults


def pages(pdf: bytes) -> list[list[str]]:
    """Each page's text, one cell or line per item."""
    reader = PdfReader(BytesIO(pdf))
    return [page.extract_text().splitlines() for page in reader.pages]


def in_order(lines: list[str], expected: list[str]) -> bool:
    """Whether `expected` appears among `lines` as an ordered subsequence."""
    found = iter(line.strip() for line in lines)
    return all(any(item == line for line in found) for item in expected)


def test_the_ranking_shows_pairs_totals_and_ranks_in_order(
    results: SessionResults,
) -> None:
    text = pages(render_pdf(layout.ranking_document(results)))[0]
    for _title, rows in ranking_groups(results):
        expected = [
            cell
            for row in rows
            for cell in (
                row.rank,
                row.pair.label,
                f"{row.score:.2f}",
                f"{row.percentage:.2f}%",
            )
        ]
        assert in_order(text, expected), expected
    # 2NS made an overtrick on board 1 and went one down on board 2: 6 of 8.
    ns = ["Section A · North-South", "1", "2NS", "6.00", "75.00%", "2", "3NS", "4.00"]
    assert in_order(text, [*ns, "50.00%", "3", "1NS", "2.00", "25.00%"])


def test_the_header_names_club_event_and_page(results: SessionResults) -> None:
    text = pages(render_pdf(layout.ranking_document(results)))[0]
    assert "Círculo Bridge Ñandú · Tuesday pairs · Ranking" in text[0]
    assert "Page 1" in text


def test_a_traveller_starts_with_its_deal_in_suit_symbols(
    results: SessionResults,
) -> None:
    text = pages(render_pdf(layout.traveller_document(results)))[0]
    north = ["♠ AKQ2", "♥ 1098", "♦ 76", "♣ 5432"]
    assert in_order(text, [*north, "Board 1", "Dealer: North", "Board 1 · Section A"])
    assert in_order(text, ["2NS", "2EW", "4♠", "N", "+1", "450", "4.00", "0.00"])
    # Board 2 has no deal: its traveller follows without a diagram.
    assert in_order(text, ["Board 2 · Section A", "1NS", "2EW", "4♥", "S", "-1"])


def test_every_pair_gets_a_scorecard_with_a_running_total(
    results: SessionResults,
) -> None:
    pdf = render_pdf(layout.session_document(results))
    text = [line for page in pages(pdf) for line in page]
    cards = [line for line in text if line.startswith("Pair ")]
    assert cards == [
        "Pair 2NS",
        "Pair 3NS",
        "Pair 1NS",
        "Pair 3EW",
        "Pair 2EW",
        "Pair 1EW",
    ]
    rows = scorecard_rows(results.standings[0].pair.pk, results)
    expected = [f"{row.running:.2f}" for row in rows]
    assert in_order(text[text.index(cards[0]) :], expected)


def test_hand_records_print_four_deals_a_page() -> None:
    hands = {"N": "AKQJ.AKQ.AKQ.AKQ", "E": "T98.T98.T98.T987", "S": "765.7654.765.65",
             "W": "432.32.5432.J432"}  # fmt: skip
    deals = [Deal(n, "N", "None", hands) for n in range(1, 10)]
    blocks = hand_record_pages(deals)
    pdf = render_pdf(Document("Hand records", blocks=tuple(blocks)))
    boards = [
        [line for line in page if line.startswith("Board ")] for page in pages(pdf)
    ]
    assert boards == [
        ["Board 1", "Board 2", "Board 3", "Board 4"],
        ["Board 5", "Board 6", "Board 7", "Board 8"],
        ["Board 9"],
    ]


def test_the_session_hand_records_are_the_known_deals(results: SessionResults) -> None:
    (grid,) = layout.hand_record_blocks(results)
    assert isinstance(grid, DealGrid)
    assert [deal.board for deal in grid.deals] == [1]
    assert grid.deals[0].hands["E"] == "J54.AKQ.AKQ.KQJT"


@pytest.mark.parametrize(("size", "width"), [("A4", 595), ("Letter", 612)])
def test_it_prints_on_a4_and_letter(
    results: SessionResults, size: str, width: int
) -> None:
    reader = PdfReader(BytesIO(render_pdf(layout.ranking_document(results), size)))
    assert round(float(reader.pages[0].mediabox.width)) == width


def test_spanish_labels_and_numbers_follow_the_language(
    results: SessionResults,
) -> None:
    with translation.override("es"):
        text = pages(render_pdf(layout.ranking_document(results)))[0]
    assert text[0].endswith("· Clasificación")
    assert in_order(text, ["Sección A · Norte-Sur", "Puesto", "2NS", "6,00", "75,00%"])
    assert "Página 1" in text


def test_a_wide_table_is_split_repeating_its_pair_column() -> None:
    columns = (Column("pair", "Pair"),) + tuple(
        Column(f"b{n}", str(n), Kind.INT) for n in range(1, 31)
    )
    row = {"pair": "7NS"} | {f"b{n}": n * 10 for n in range(1, 31)}
    table = Table("Recap", columns, (row,))
    text = pages(render_pdf(Document("Recap", blocks=(table,))))[0]
    assert in_order(text, ["Recap", "Pair", "1", "10", "7NS", "10", "100"])
    assert in_order(text, ["Recap (continued)", "Pair", "11", "20", "7NS", "110"])
    assert in_order(text, ["Recap (continued)", "Pair", "21", "30", "7NS", "210"])
