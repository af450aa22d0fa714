"""How a traveller line reads: its contract, tricks and adjustment, as text."""

from __future__ import annotations

from collections.abc import Sequence

from scoring.adapters import LineRow, result_of
from scoring.engine.notation import (
    Language,
    NotationError,
    format_contract,
    format_lead,
    format_tricks,
    parse_lead,
)
from scoring.models import AssignedScore

__all__ = [
    "adjusted_label",
    "artificial_label",
    "contract_text",
    "lead_label",
    "tricks_text",
]


def contract_text(line: LineRow) -> str:
    if line.no_result:
        return ""
    return format_contract(result_of(line).contract, Language.EN, symbols=True)


def lead_label(lead: str) -> str:
    """A stored lead ("SA", "H10") with its suit's symbol, "♠A", "♥10": read
    alike in every language, where the letters are not ("SA" is Spanish for
    no-trump). '' for no lead; a lead that is no card shows as stored."""
    if not lead:
        return ""
    try:
        return format_lead(parse_lead(lead, Language.EN), Language.EN, symbols=True)
    except NotationError:
        return lead


def tricks_text(line: LineRow) -> str:
    result = result_of(line)
    if result.contract is None or result.tricks is None:
        return ""
    return format_tricks(result.contract, result.tricks)


def artificial_label(line: LineRow) -> str:
    """'A60/A40' for an artificial score, else ''."""
    if not line.ns_artificial:
        return ""
    return f"{line.ns_artificial}/{line.ew_artificial}"


def adjusted_label(line: LineRow, assigned: Sequence[AssignedScore]) -> str | None:
    """How the director adjusted the line: 'A60/A40', split, weighted, assigned."""
    if line.ns_artificial:
        return artificial_label(line)
    if not assigned:
        return None
    sides = {a.side for a in assigned}
    if sides & {"NS", "EW"}:
        return "split"
    return "weighted" if len(assigned) > 1 else "assigned"
