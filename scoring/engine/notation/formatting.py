"""Writing contracts, seats, results, leads and traveller lines.

Everything written here is read back by ``parsing`` in the same language
(domain.md §6): the first letter ``words`` lists for a strain is printed, the ten
is written "10", and a passed-out board is the language's pass word.
"""

from __future__ import annotations

from ..types import Contract, Seat, Strain
from .values import Card, Entry, Language
from .words import (
    MADE_EXACTLY,
    PASS_NAMES,
    PRINTED_STRAINS,
    SEAT_LETTERS,
    STRAIN_SYMBOLS,
)

__all__ = [
    "format_contract",
    "format_entry",
    "format_lead",
    "format_seat",
    "format_tricks",
]


def format_contract(
    contract: Contract | None, language: Language, *, symbols: bool = False
) -> str:
    """Write a contract ("4SX", "4♠X", Spanish "4PX"); None is the pass word."""
    if contract is None:
        return PASS_NAMES[language]
    if symbols and contract.strain is not Strain.NOTRUMP:
        strain = STRAIN_SYMBOLS[contract.strain]
    else:
        strain = PRINTED_STRAINS[language][contract.strain]
    return f"{contract.level}{strain}{contract.doubling.value}"


def format_seat(seat: Seat, language: Language) -> str:
    return next(t for t, s in SEAT_LETTERS[language].items() if s is seat)


def format_tricks(contract: Contract, tricks: int) -> str:
    """Write declarer's tricks relative to the contract: "=", "+1", "-2"."""
    if not 0 <= tricks <= 13:
        raise ValueError(f"tricks must be 0 to 13, not {tricks}")
    difference = tricks - contract.level - 6
    return MADE_EXACTLY if difference == 0 else f"{difference:+d}"


def format_lead(card: Card, language: Language, *, symbols: bool = False) -> str:
    """Write a card suit first, the ten as "10": "HK", Spanish "C10", "♥K"."""
    if symbols:
        suit = STRAIN_SYMBOLS[card.suit]
    else:
        suit = PRINTED_STRAINS[language][card.suit]
    return suit + ("10" if card.rank == "T" else card.rank)


def format_entry(entry: Entry, language: Language, *, symbols: bool = False) -> str:
    """Write a traveller line that :func:`parse_entry` reads back."""
    result = entry.result
    contract = format_contract(result.contract, language, symbols=symbols)
    if result.contract is None or result.declarer is None or result.tricks is None:
        return contract
    parts = [
        contract,
        format_seat(result.declarer, language),
        format_tricks(result.contract, result.tricks),
    ]
    if entry.lead is not None:
        parts.append(format_lead(entry.lead, language, symbols=symbols))
    return " ".join(parts)
