"""Report content, independent of how it is rendered.

A `Document` is what a page, a PDF and a workbook show: headed tables of
cells, deal diagrams and page breaks. Builders fill it once from a scored
session (or a movement); renderers in this package only lay it out, so the
three renderings cannot disagree.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from enum import Enum

Cell = str | int | Decimal | None


class Kind(Enum):
    """How a column's cells are shown and stored (numbers stay numbers)."""

    TEXT = "text"
    INT = "int"
    DECIMAL = "decimal"  # two places
    PERCENT = "percent"  # a percentage such as Decimal("57.25")


@dataclass(frozen=True)
class Column:
    key: str
    label: str
    kind: Kind = Kind.TEXT


@dataclass(frozen=True)
class Table:
    title: str
    columns: tuple[Column, ...]
    rows: tuple[dict[str, Cell], ...]
    keep_together: bool = False  # e.g. a guide card: never split over pages


@dataclass(frozen=True)
class Deal:
    """A deal diagram: hands as 'AKQ.T98.-.J765432' (S.H.D.C) by seat."""

    board: int
    dealer: str  # N E S W
    vulnerability: str  # None, NS, EW, All
    hands: dict[str, str]


@dataclass(frozen=True)
class PageBreak:
    pass


Block = Table | Deal | PageBreak


@dataclass(frozen=True)
class Document:
    title: str
    club: str = ""
    event: str = ""
    day: date | None = None
    blocks: tuple[Block, ...] = field(default_factory=tuple)
