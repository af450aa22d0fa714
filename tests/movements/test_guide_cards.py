"""Guide cards of a stored schedule, on a page and in a PDF read back with pypdf."""

from __future__ import annotations

from collections.abc import Mapping
from io import BytesIO

import pytest
from pypdf import PdfReader

from movements import engine
from movements.adapters import stored_movement
from movements.guide_cards import pair_cards, table_cards
from movements.services import movement_apply
from scoring.documents.document import Cell, Document, Table
from scoring.documents.pdf import render_pdf
from scoring.entry.played import played_boards
from tests.factories import make_event, make_howell, section_of

pytestmark = pytest.mark.django_db


def card(document: Document, title: str) -> list[Mapping[str, Cell]]:
    return next(
        list(b.rows)
        for b in document.blocks
        if isinstance(b, Table) and b.title.startswith(title)
    )


def pdf_text(data: bytes) -> str:
    reader = PdfReader(BytesIO(data))
    return "\n".join(page.extract_text() for page in reader.pages)


def test_a_mitchell_table_card_says_where_the_ew_pair_and_boards_go() -> None:
    rows = card(table_cards(section_of(make_event(tables=7))), "Table 3")
    assert rows[1] == {
        "round": 2, "ns": "3NS", "ew": "2EW", "boards": "10–12",
        "players": "NS stay; EW go to table 4", "next_boards": "boards go to table 2",
        "notes": "",
    }  # fmt: skip
    assert rows[-1]["players"] == "" and rows[-1]["next_boards"] == ""


def test_the_pdf_of_a_seven_table_mitchell_reads_back_in_order() -> None:
    document = table_cards(section_of(make_event(tables=7)))
    lines = pdf_text(render_pdf(document, "A4")).splitlines()
    table3 = lines[lines.index("Table 3") : lines.index("Table 4")]
    round2 = ["2", "3NS", "2EW", "10–12", "NS stay; EW go to table 4"]
    start = table3.index("2")
    assert table3[start : start + 6] == [*round2, "boards go to table 2"]
    assert table3.index("3EW") < start < table3.index("1EW")
    assert [f"Table {t}" in lines for t in range(1, 8)] == [True] * 7


def test_a_pair_card_lists_table_direction_opponents_and_boards() -> None:
    section = section_of(make_event(tables=7))
    rows = card(pair_cards(section), "Pair 2EW")
    assert [(r["table"], r["sits"], r["against"], r["boards"]) for r in rows[:3]] == [
        (2, "EW", "2NS", "4–6"),
        (3, "EW", "3NS", "10–12"),
        (4, "EW", "4NS", "16–18"),
    ]
    text = pdf_text(render_pdf(pair_cards(section), "Letter"))
    assert "Pair 2EW" in text and "Pair 7NS" in text


def test_an_even_mitchell_skips_by_default_and_its_cards_say_so() -> None:
    document = table_cards(section_of(make_event(tables=6)))
    moves = [row["players"] for row in card(document, "Table 3")]
    assert moves[:3] == [
        "NS stay; EW go to table 4",
        "NS stay; EW go to table 4",
        "NS stay; EW go to table 5",  # the skip, after half the rounds
    ]


def test_relay_and_share_are_on_the_cards_of_a_relay_mitchell() -> None:
    section = section_of(make_event(tables=6))
    relay = engine.mitchell(6, boards_per_round=3, even="relay")
    movement_apply(section=section, movement=relay, played=played_boards(section))
    document = table_cards(section)
    assert card(document, "Table 4")[0]["next_boards"] == "boards go to the relay"
    table3 = card(document, "Table 3")
    assert table3[0]["next_boards"] == "boards go to table 2"
    assert table3[1]["notes"] == "take the boards from the relay"
    assert card(document, "Table 6")[0]["notes"] == "share boards with table 1"


def test_a_howell_card_gives_both_pairs_their_next_seat() -> None:
    rows = card(table_cards(section_of(make_howell(tables=4))), "Table 2")
    assert (rows[0]["ns"], rows[0]["ew"], rows[0]["boards"]) == ("2", "7", "5–6")
    assert rows[0]["players"] == "NS go to table 1 EW; EW go to table 3"
    assert rows[0]["next_boards"] == "boards go to table 4"


def test_the_opponents_of_a_missing_pair_sit_out() -> None:
    section = section_of(make_event(tables=7))
    current = stored_movement(section)
    assert current is not None
    movement_apply(
        section=section,
        movement=engine.pair_leaves(current, engine.Pair(7, "NS")),
        played=played_boards(section),
    )
    rows = card(pair_cards(section), "Pair 1EW")
    assert [r["against"] for r in rows] == [
        "1NS", "2NS", "3NS", "4NS", "5NS", "6NS", "sits out"
    ]  # fmt: skip
    table7 = card(table_cards(section), "Table 7")
    assert table7[0]["notes"] == "sit-out: no opponents this round"
