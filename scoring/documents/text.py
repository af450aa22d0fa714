"""Cells and deal words as text in the active language, for the PDF and pages."""

from __future__ import annotations

from decimal import Decimal

from django.utils.formats import get_format, number_format
from django.utils.translation import gettext_lazy as _

from .document import Cell, Deal, Kind

SEAT_NAMES = {"N": _("North"), "E": _("East"), "S": _("South"), "W": _("West")}
VULNERABILITY_NAMES = {
    "None": _("None"),
    "NS": _("NS"),
    "EW": _("EW"),
    "Both": _("All"),
}

__all__ = [
    "SEAT_NAMES",
    "VULNERABILITY_NAMES",
    "cell_text",
    "deal_words",
    "decimal_separator",
]


def cell_text(value: Cell, kind: Kind, separator: str | None = None) -> str:
    """A cell as shown: decimals with the language's separator, '57,25 %'.
    A page writing thousands of cells passes the ``separator`` it looked up once."""
    if value is None:
        return ""
    if kind is Kind.PERCENT and isinstance(value, Decimal):
        return f"{_decimal(value, separator)}%"
    if kind is Kind.DECIMAL and isinstance(value, Decimal):
        return _decimal(value, separator)
    return str(value)


def decimal_separator() -> str:
    """The active language's decimal separator."""
    return str(get_format("DECIMAL_SEPARATOR"))


def _decimal(value: Decimal, separator: str | None) -> str:
    if separator is None:
        return number_format(value, 2)
    return f"{value:.2f}".replace(".", separator)


def deal_words(deal: Deal) -> dict[str, object]:
    """A deal with its dealer and vulnerability named, for a page."""
    return {
        "deal": deal,
        "dealer": SEAT_NAMES[deal.dealer],
        "vulnerable": VULNERABILITY_NAMES.get(deal.vulnerability, ""),
    }
