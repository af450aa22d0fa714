"""A report Table as the cells of an HTML table, formatted for the language."""

from __future__ import annotations

from dataclasses import dataclass

from .document import Kind, Table
from .text import cell_text


@dataclass(frozen=True)
class HtmlTable:
    title: str
    headers: list[tuple[str, bool]]  # label, numeric
    rows: list[list[tuple[str, bool]]]


def html_table(table: Table) -> HtmlTable:
    numeric = [c.kind is not Kind.TEXT for c in table.columns]
    return HtmlTable(
        table.title,
        [(c.label, n) for c, n in zip(table.columns, numeric, strict=True)],
        [
            [
                (cell_text(row.get(c.key), c.kind), n)
                for c, n in zip(table.columns, numeric, strict=True)
            ]
            for row in table.rows
        ],
    )
