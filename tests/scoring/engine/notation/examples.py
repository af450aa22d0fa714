"""Names and examples shared by the notation tests (domain.md §6)."""

from __future__ import annotations

from typing import Final

from scoring.engine.notation import Card, Language
from scoring.engine.notation.values import RANKS
from scoring.engine.types import Contract, Doubling, Seat, Strain

EN, ES, IT = Language.EN, Language.ES, Language.IT
C, D, H, S, NT = Strain
N, E, SOUTH, W = Seat
X, XX = Doubling.DOUBLED, Doubling.REDOUBLED

# domain.md §6 examples: (language, text, contract, declarer's tricks).
SPEC_EXAMPLES: Final = [
    (lang, text, contract, tricks)
    for texts, contract, tricks in (
        (("4S =", "4P =", "4P ="), Contract(4, S), 10),
        (("2S +2", "2P +2", "2P +2"), Contract(2, S), 10),
        (("4HX -1", "4Cx -1", "4CX -1"), Contract(4, H, X), 9),
        (("3NTXX =", "3STxx =", "3SAXX ="), Contract(3, NT, XX), 9),
        (("5C =", "5T =", "5F ="), Contract(5, C), 11),
    )
    for lang, text in zip((EN, ES, IT), texts, strict=True)
]

ALL_CARDS: Final = [Card(suit, rank) for suit in (C, D, H, S) for rank in RANKS]
