"""Report content, independent of how it is rendered.

A `Document` is what a page, a PDF and a workbook show: headed tables of
cells, deal diagrams and page breaks. Builders fill it once from a scored
session (or a movement); renderers in this package only lay it out, so the
three renderings cannot disagree.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence, Set
from dataclasses import dataclass, field, replace
from datetime import date
from decimal import Decimal
from enum import Enum

from django.utils.translation import gettext as _

from scoring.engine.dealing import (
    high_card_points,
    losing_tricks,
    total_tricks,
    total_trumps,
)

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
    # On a phone the column folds into its row's second line (a page shows
    # only the columns a player reads first on one line).
    folds: bool = False


def folding(columns: Sequence[Column], kept: Set[str]) -> list[Column]:
    """The columns with every one not in ``kept`` folding on a phone."""
    return [replace(c, folds=c.key not in kept) for c in columns]


@dataclass(frozen=True)
class Table:
    title: str
    columns: tuple[Column, ...]
    rows: tuple[Mapping[str, Cell], ...]
    keep_together: bool = False  # e.g. a guide card: never split over pages
    # What each row stands for (a pair's id …), for links on pages; () for none.
    keys: tuple[object, ...] = ()


SEATS = ("N", "E", "S", "W")


def seat_letter(seat: str) -> str:
    """A seat's letter in the language in use ("O" for West in Spanish)."""
    letters = {"N": _("N"), "E": _("E"), "S": _("S"), "W": _("W")}
    return letters.get(seat, seat)


SUITS = (("♠", False), ("♥", True), ("♦", True), ("♣", False))  # symbol, red


@dataclass(frozen=True)
class Holding:
    symbol: str
    cards: str  # "AKQ10", or "—" for a void
    red: bool


@dataclass(frozen=True)
class HandFacts:
    """What a hand-record sheet prints beside the diagram (dealing.md §3)."""

    points: tuple[tuple[str, int], ...]  # high-card points by seat, N E S W
    losers: tuple[tuple[str, int], ...]  # losing-trick count by seat
    total_trumps: int
    total_tricks: int | None  # None until the deal is solved


@dataclass(frozen=True)
class Deal:
    """A deal diagram: hands as 'AKQ.T98.-.J765432' (S.H.D.C) by seat."""

    board: int
    dealer: str  # N E S W
    vulnerability: str  # None, NS, EW, Both
    hands: dict[str, str]
    # Double-dummy tricks by declarer (N, S, E, W) in NT, S, H, D, C, and the
    # par ("Par NS 420: 4S N, 4S S"); empty until the deal is solved.
    double_dummy_rows: tuple[tuple[str, tuple[int, ...]], ...] = ()
    par_text: str = ""
    commentary: str = ""  # plain text printed beneath (a simultaneous' booklet)

    def makeable(self) -> tuple[tuple[str, ...], ...]:
        """The makeable-contracts grid as clubs print it: per declarer the
        highest level made in NT, S, H, D, C ("-" for none)."""
        return tuple(
            (seat_letter(seat), *(str(t - 6) if t > 6 else "-" for t in tricks))
            for seat, tricks in self.double_dummy_rows
        )

    @property
    def facts(self) -> HandFacts | None:
        """Points, losers and the total tricks (None for a partial deal)."""
        if len(self.hands) != 4 or any(h.count(".") != 3 for h in self.hands.values()):
            return None
        tricks = {
            seat: dict(zip("SHDC", row[1:], strict=True))
            for seat, row in self.double_dummy_rows
        }
        return HandFacts(
            tuple((seat_letter(s), high_card_points(self.hands[s])) for s in SEATS),
            tuple((seat_letter(s), losing_tricks(self.hands[s])) for s in SEATS),
            total_trumps(self.hands),
            total_tricks(self.hands, tricks) if len(tricks) == 4 else None,
        )

    def holdings(self, seat: str) -> tuple[Holding, ...]:
        suits = (self.hands.get(seat) or "...").split(".")
        return tuple(
            Holding(symbol, suits[i].replace("T", "10") or "—", red)
            for i, (symbol, red) in enumerate(SUITS)
        )

    # Named seats for templates, which cannot pass arguments.
    @property
    def north(self) -> tuple[Holding, ...]:
        return self.holdings("N")

    @property
    def east(self) -> tuple[Holding, ...]:
        return self.holdings("E")

    @property
    def south(self) -> tuple[Holding, ...]:
        return self.holdings("S")

    @property
    def west(self) -> tuple[Holding, ...]:
        return self.holdings("W")


def pbn_hands(deal: str) -> dict[str, str]:
    """Hands by seat from a PBN Deal value 'N:AKQ.T98.-.J765432 ...'
    (clockwise from the named seat); {} when it cannot be read."""
    first, _, hands = deal.strip().partition(":")
    parts = hands.split()
    if first.upper() not in SEATS or len(parts) != 4:
        return {}
    start = SEATS.index(first.upper())
    return {SEATS[(start + i) % 4]: hand for i, hand in enumerate(parts)}


@dataclass(frozen=True)
class DealGrid:
    """Deals printed side by side, such as hand records four to a page."""

    deals: tuple[Deal, ...]
    columns: int = 2


@dataclass(frozen=True)
class PageBreak:
    pass


Block = Table | Deal | DealGrid | PageBreak


def hand_record_pages(deals: Sequence[Deal], per_page: int = 4) -> list[Block]:
    """Hand records: the deals in grids of `per_page`, each on its own page."""
    blocks: list[Block] = []
    for start in range(0, len(deals), per_page):
        if blocks:
            blocks.append(PageBreak())
        blocks.append(DealGrid(tuple(deals[start : start + per_page])))
    return blocks


@dataclass(frozen=True)
class Document:
    title: str
    club: str = ""
    event: str = ""
    day: date | None = None
    blocks: tuple[Block, ...] = field(default_factory=tuple)
