"""Render Documents as one Excel workbook (openpyxl), one sheet per Document.

Numbers stay numbers: points as decimals with two places, percentages as
fractions of one with a percent format (57.25 % is stored as 0.5725), so a
spreadsheet can sum and sort them.
"""

from __future__ import annotations

import re
from decimal import Decimal
from io import BytesIO

from django.utils.formats import date_format
from openpyxl import Workbook
from openpyxl.cell.cell import Cell as SheetCell
from openpyxl.styles import Font
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.worksheet import Worksheet

from .document import Cell, Document, Kind, Table

NUMBER_FORMATS = {Kind.INT: "0", Kind.DECIMAL: "0.00", Kind.PERCENT: "0.00%"}
BOLD = Font(bold=True)
# What a spreadsheet would read as the start of a formula (OWASP, CSV injection).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
MAX_WIDTH = 50
# Characters Excel refuses in a sheet name; names are at most 31 characters.
_BAD_NAME = re.compile(r"[\[\]:*?/\\]")

__all__ = ["render_xlsx", "sheet_value"]


def sheet_value(value: Cell, kind: Kind) -> Cell:
    """What a cell stores: a percentage as a fraction of one, a plain rank ("3",
    not the tied "3=") as a number, the rest as it is."""
    if kind is Kind.PERCENT and isinstance(value, Decimal):
        return value / 100
    if kind is Kind.TEXT and isinstance(value, str) and value.isdigit():
        return int(value)
    return value


def _inert(cell: SheetCell) -> SheetCell:
    """The cell, its text kept as text though it looks like a formula (a name
    like "=HYPERLINK(…)", a club "=cmd|…" from an imported file)."""
    if isinstance(cell.value, str) and cell.value.startswith(FORMULA_STARTS):
        cell.data_type = "s"
    return cell


class _Sheet:
    """Writes a Document's tables one under another, tracking column widths."""

    def __init__(self, sheet: Worksheet) -> None:
        self.sheet = sheet
        self.row = 1
        self.widths: dict[int, int] = {}
        self.frozen = False

    def write(self, column: int, value: Cell, number_format: str = "") -> None:
        cell = _inert(self.sheet.cell(row=self.row, column=column, value=value))
        if number_format and value is not None:
            cell.number_format = number_format
        if value is not None:
            shown = f"{value:.2f}" if isinstance(value, Decimal) else str(value)
            self.widths[column] = max(self.widths.get(column, 0), len(shown))

    def heading(self, text: str) -> None:
        """A line of text: a title, or the club and event as a file named them."""
        _inert(self.sheet.cell(row=self.row, column=1, value=text)).font = BOLD
        self.row += 1

    def table(self, table: Table) -> None:
        self.heading(table.title)
        for index, column in enumerate(table.columns, start=1):
            self.write(index, column.label)
            self.sheet.cell(row=self.row, column=index).font = BOLD
        if not self.frozen:  # the first table's header stays in view
            self.sheet.freeze_panes = f"A{self.row + 1}"
            self.frozen = True
        self.row += 1
        for record in table.rows:
            for index, column in enumerate(table.columns, start=1):
                value = sheet_value(record.get(column.key), column.kind)
                self.write(index, value, NUMBER_FORMATS.get(column.kind, ""))
            self.row += 1
        self.row += 1

    def fit_columns(self) -> None:
        for column, width in self.widths.items():
            letter = get_column_letter(column)
            self.sheet.column_dimensions[letter].width = min(width + 2, MAX_WIDTH)


def sheet_title(name: str, taken: set[str]) -> str:
    title = _BAD_NAME.sub(" ", name)[:31] or "Sheet"
    base, n = title, 2
    while title.lower() in taken:
        title = f"{base[:28]} {n}"
        n += 1
    taken.add(title.lower())
    return title


def _heading(document: Document) -> str:
    parts = [document.club, document.event, document.title]
    if document.day:
        parts.append(date_format(document.day))
    return " · ".join(p for p in parts if p)


def render_xlsx(sheets: list[tuple[str, Document]]) -> bytes:
    """One sheet per (name, Document); deal diagrams are left to the PDF."""
    workbook = Workbook()
    workbook.remove(workbook.active)
    taken: set[str] = set()
    for name, document in sheets:
        writer = _Sheet(workbook.create_sheet(sheet_title(name, taken)))
        writer.heading(_heading(document))
        writer.row += 1
        for block in document.blocks:
            if isinstance(block, Table):
                writer.table(block)
        writer.fit_columns()
    out = BytesIO()
    workbook.save(out)
    return out.getvalue()
