"""A report Table on a web page: the one django-tables2 component of every page.

Cells are written as the PDF writes them (``cell_text``: the language's decimal
separator, "57,25%"), numbers right-aligned; a table may be sortable and may link
one column's cells (e.g. a pair to its scorecard) through the rows' keys.

django-tables2 orders the rows and writes the header (its sort links); the body
is written here in one pass rather than by a template per cell, so that a
national field's 2,000-pair ranking is a few milliseconds of work, not a second.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape as _escape
from typing import Any

import django_tables2 as tables
from django.http import HttpRequest
from django.utils.html import conditional_escape, escape
from django.utils.safestring import SafeString, mark_safe
from django_tables2.utils import AttributeDict

from .document import Cell, Column, Kind, Table
from .text import cell_text, decimal_separator

__all__ = ["html_table"]

TEMPLATE = "documents/report_table.html"
# A text column this narrow keeps a narrow place on a phone (rank, pair, contract).
SHORT = 4
RED_SUITS = {"♥": '<span class="red">♥</span>', "♦": '<span class="red">♦</span>'}


def _classes(column: Column, short: bool) -> dict[str, str]:
    """A column's cell classes: numbers right-aligned; on a phone a folded
    column goes to the row's second line and a short one stays narrow."""
    names = [
        name
        for name, wanted in (
            ("num", column.kind is not Kind.TEXT),
            ("pct", column.kind is Kind.PERCENT),
            ("more", column.folds),
            ("short", short and not column.folds),
        )
        if wanted
    ]
    return {"class": " ".join(names)} if names else {}


class _Cell(tables.Column):
    """A column that writes its cells like the PDF, optionally as links."""

    def __init__(
        self, column: Column, link: Callable[[object], str] | None, short: bool
    ) -> None:
        classes = _classes(column, short)
        label = {"data-label": column.label} if column.folds else {}
        super().__init__(
            verbose_name=column.label,
            attrs={"td": {**classes, **label}, "th": classes},
            accessor=tables.A(column.key),
        )
        self.kind, self.url = column.kind, link

    def render(
        self, value: Cell, record: dict[str, Any], separator: str | None = None
    ) -> str:
        text = cell_text(value, self.kind, separator)
        if self.url is None or record.get("_key") is None:
            return text
        url = _escape(self.url(record["_key"]))
        return SafeString(f'<a href="{url}">{_escape(text)}</a>')

    def html(self, value: Cell, record: dict[str, Any], separator: str) -> str:
        """A cell's HTML, escaped, its hearts and diamonds in red."""
        text = self.render(value, record, separator)
        # what conditional_escape does, without its lazy-text checks (12,000 cells)
        text = text if isinstance(text, SafeString) else _escape(text)
        if self.kind is Kind.TEXT and ("♥" in text or "♦" in text):
            return _red_suits(text)
        return text

    def cells(self, default: str) -> tuple[str, str, str]:
        """The cell's attributes, an empty cell's attributes and HTML (the
        column's default, as django-tables2 shows it; a phone hides an empty
        folded cell)."""
        attrs = AttributeDict(self.attrs["td"])
        blank = attrs
        if "more" in attrs.get("class", ""):
            blank = AttributeDict({**attrs, "class": f"{attrs['class']} empty"})
        return attrs.as_html(), blank.as_html(), conditional_escape(default)


def _red_suits(text: str) -> str:
    """Hearts and diamonds in red beside their symbol (never colour alone)."""
    for symbol, red in RED_SUITS.items():
        text = text.replace(symbol, red)
    return text


class _Report(tables.Table):
    """A report table whose body is written in one pass (see the module)."""

    def body_html(self) -> SafeString:
        columns = [(c.column, *c.column.cells(c.default)) for c in self.columns]
        separator = decimal_separator()
        rows = ["".join(self._row(record, columns, separator)) for record in self.data]
        if not rows and self.empty_text:
            text = escape(self.empty_text)
            rows = [f'<tr><td colspan="{len(columns)}">{text}</td></tr>']
        return mark_safe("".join(rows))  # noqa: S308 - every cell escaped above

    @staticmethod
    def _row(
        record: dict[str, Any],
        columns: list[tuple[_Cell, str, str, str]],
        separator: str,
    ) -> list[str]:
        cells = [
            f"<td {blank}>{default}</td>"
            if (value := record[cell.accessor]) in cell.empty_values
            else f"<td {attrs}>{cell.html(value, record, separator)}</td>"
            for cell, attrs, blank, default in columns
        ]
        return ["<tr>", *cells, "</tr>"]


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
        c.key: _Cell(c, url if c.key == link_key else None, _short(table, c))
        for c in table.columns
    }
    folds = any(c.folds for c in table.columns)
    # a table that scrolls sideways on a phone takes the keyboard focus, so it
    # can be scrolled without a pointer (WCAG 2.1.1)
    attrs = (
        {"class": "results folds"} if folds else {"class": "results", "tabindex": "0"}
    )
    rendered = type("ReportTable", (_Report,), dict(columns))(
        [
            {**row, "_key": key}
            for row, key in zip(table.rows, _keys(table), strict=True)
        ],
        orderable=orderable,
        prefix=prefix,
        attrs=attrs,
        template_name=TEMPLATE,
    )
    rendered.title = table.title
    if request is not None:
        tables.RequestConfig(request, paginate=False).configure(rendered)
    return rendered


def _short(table: Table, column: Column) -> bool:
    """Whether a text column's header and every cell are a few characters."""
    if column.kind is not Kind.TEXT or len(column.label) > SHORT:
        return False
    return all(len(str(row[column.key] or "")) <= SHORT for row in table.rows)


def _keys(table: Table) -> tuple[object, ...]:
    return table.keys or (None,) * len(table.rows)
