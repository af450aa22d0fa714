"""A report Table on a web page: the one django-tables2 component of every page.

Cells are written as the PDF writes them (``cell_text``: the language's decimal
separator, "57,25%"), numbers right-aligned; a table may be sortable and may link
one column's cells (e.g. a pair to its scorecard) through the rows' keys.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import django_tables2 as tables
from django.http import HttpRequest
from django.utils.html import format_html

from .document import Cell, Column, Kind, Table
from .text import cell_text

__all__ = ["html_table"]

NUMERIC = {"td": {"class": "num"}, "th": {"class": "num"}}


class _Cell(tables.Column):
    """A column that writes its cells like the PDF, optionally as links."""

    def __init__(self, column: Column, link: Callable[[object], str] | None) -> None:
        numeric = column.kind is not Kind.TEXT
        super().__init__(
            verbose_name=column.label,
            attrs=NUMERIC if numeric else {},
            accessor=tables.A(column.key),
        )
        self.kind, self.url = column.kind, link

    def render(self, value: Cell, record: dict[str, Any]) -> str:
        text = cell_text(value, self.kind)
        if self.url is None or record.get("_key") is None:
            return text
        return format_html('<a href="{}">{}</a>', self.url(record["_key"]), text)


def html_table(
    table: Table,
    *,
    request: HttpRequest | None = None,
    link: tuple[str, Callable[[object], str]] | None = None,
    orderable: bool = False,
    prefix: str = "",
) -> tables.Table:
    """The django-tables2 table of a report Table; ``link`` = (column key, url of
    a row's key); ``request`` makes a sortable table follow its ?sort= link."""
    link_key, url = link or ("", None)
    columns = {
        c.key: _Cell(c, url if c.key == link_key else None) for c in table.columns
    }
    attrs = {"class": "results"}
    rendered = type("ReportTable", (tables.Table,), dict(columns))(
        [
            {**row, "_key": key}
            for row, key in zip(table.rows, _keys(table), strict=True)
        ],
        orderable=orderable,
        prefix=prefix,
        attrs=attrs,
    )
    rendered.title = table.title
    if request is not None:
        tables.RequestConfig(request, paginate=False).configure(rendered)
    return rendered


def _keys(table: Table) -> tuple[object, ...]:
    return table.keys or (None,) * len(table.rows)
