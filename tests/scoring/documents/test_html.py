"""Report tables on a page: what folds on a phone, short columns, red suits,
and hostile text kept inert."""

from __future__ import annotations

from decimal import Decimal

from scoring.documents.document import Column, Kind, Table, folding
from scoring.documents.html import html_table

COLUMNS = folding(
    [
        Column("rank", "Rank"),
        Column("names", "Players"),
        Column("contract", "Contract"),
        Column("lead", "Lead"),
        Column("percentage", "%", Kind.PERCENT),
    ],
    {"rank", "names", "contract", "percentage"},
)


def _body(*rows: dict[str, object]) -> str:
    table = Table("Ranking", tuple(COLUMNS), tuple(rows))  # type: ignore[arg-type]
    return str(html_table(table).body_html())


def test_a_folded_column_carries_its_label_and_the_others_stay() -> None:
    body = _body(
        {"rank": "1", "names": "Ann – Bob", "contract": "4♠", "lead": "♠K",
         "percentage": Decimal("57.25")}
    )  # fmt: skip
    assert '<td class="more" data-label="Lead">♠K</td>' in body
    assert '<td class="short">1</td>' in body  # "Rank" and "1": narrow
    assert "<td >Ann – Bob</td>" in body
    assert '<td class="num pct">57.25%</td>' in body


def test_an_empty_folded_cell_is_marked_so_a_phone_hides_it() -> None:
    body = _body(
        {"rank": "1", "names": "Ann", "contract": "", "lead": None,
         "percentage": None}
    )  # fmt: skip
    assert '<td class="more empty" data-label="Lead">—</td>' in body


def test_hearts_and_diamonds_are_red_beside_their_symbol() -> None:
    body = _body(
        {"rank": "1", "names": "Ann", "contract": "3♥X", "lead": "♦10",
         "percentage": None}
    )  # fmt: skip
    assert '3<span class="red">♥</span>X' in body
    assert '<span class="red">♦</span>10' in body


def test_hostile_names_stay_text() -> None:
    body = _body(
        {"rank": "1", "names": '<script>alert("♥")</script>', "contract": "",
         "lead": "=cmd|", "percentage": None}
    )  # fmt: skip
    assert "<script>" not in body
    assert '&lt;script&gt;alert(&quot;<span class="red">♥</span>&quot;)' in body
