"""The values notation reads and writes, and the error it refuses text with.

A language is chosen by the user and never guessed (domain.md §6); a card is a
suit and an international rank; an entry is one traveller line, the table result
(scoring.md §2) and, if entered, the opening lead.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Final

from ..types import Result, Strain

__all__ = ["RANKS", "Card", "Entry", "Language", "NotationError"]


class Language(Enum):
    EN = "en"
    ES = "es"
    IT = "it"


class NotationError(ValueError):
    """Unreadable or impossible text; ``code`` is stable, ``params`` name the parts."""

    def __init__(self, code: str, message: str, **params: object) -> None:
        super().__init__(message)
        self.code = code
        self.params: dict[str, object] = params


# The international card ranks, highest first; "T" is the ten.
RANKS: Final = "AKQJT98765432"


@dataclass(frozen=True, slots=True)
class Card:
    suit: Strain
    rank: str

    def __post_init__(self) -> None:
        if self.suit is Strain.NOTRUMP:
            raise ValueError("a card's suit cannot be no trump")
        if len(self.rank) != 1 or self.rank not in RANKS:
            raise ValueError(f"a card's rank is one of {RANKS}, not {self.rank!r}")


@dataclass(frozen=True, slots=True)
class Entry:
    """One traveller line: the table result and, if entered, the opening lead."""

    result: Result
    lead: Card | None = None

    def __post_init__(self) -> None:
        if self.result.passed_out and self.lead is not None:
            raise ValueError("a passed-out board has no opening lead")
