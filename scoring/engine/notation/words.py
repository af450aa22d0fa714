"""The words of each language: strain, seat, doubling, pass and result words.

Every table is per language because the letters collide (domain.md §6): "C" is
clubs in English but hearts (corazones, cuori) in Spanish and Italian; "O" is West
in Spanish and Italian; "S" is spades or South in English; "P" is spades (picas,
picche) in Spanish and Italian.

Decisions beyond the spec's table:

* Pass words: English PASS, AP, ALL PASS; Spanish PASO; Italian PASSO.
* "W" is not a seat in Spanish or Italian, nor "O" in English.
* "N" alone means no trump only in English; Spanish and Italian use ST and SA.
* Leads take the international ranks A K Q J T 10 9 … 2 in every language,
  plus local honour letters that are not a suit letter in that language:
  Spanish R (rey) = K and V (valet) = J, Italian R (re) = K and D (donna) = Q.
  Spanish D (dama) and Italian F (fante) are refused: they are suits there.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from ..types import Doubling, Seat, Strain
from .values import Language

__all__ = [
    "BARE_P",
    "DOUBLING_MARKS",
    "LANGUAGE_NAMES",
    "LOCAL_RANKS",
    "MADE_EXACTLY",
    "PASS_NAMES",
    "PASS_WORDS",
    "PRINTED_STRAINS",
    "RESULT_STARTS",
    "SEAT_LETTERS",
    "SPADE_WORDS",
    "STRAIN_LETTERS",
    "STRAIN_SYMBOLS",
    "SUIT_SYMBOLS",
    "TEN",
    "TIDY_CHARACTERS",
    "WEST_WORDS",
]

_EN, _ES, _IT = Language.EN, Language.ES, Language.IT
_CL, _DI, _HE, _SP, _NT = Strain
_N, _E, _S, _W = Seat
_X, _XX = Doubling.DOUBLED, Doubling.REDOUBLED

# domain.md §6, the table's three columns: each language's name, for messages.
LANGUAGE_NAMES: Final[Mapping[Language, str]] = {
    _EN: "English",
    _ES: "Spanish",
    _IT: "Italian",
}
# domain.md §6, rows ♠ ♥ ♦ ♣ and No trump. The first letter listed for a strain is
# the one printed.
STRAIN_LETTERS: Final[Mapping[Language, Mapping[str, Strain]]] = {
    _EN: {"C": _CL, "D": _DI, "H": _HE, "S": _SP, "NT": _NT, "N": _NT},
    _ES: {"T": _CL, "D": _DI, "C": _HE, "P": _SP, "ST": _NT},
    _IT: {"F": _CL, "Q": _DI, "C": _HE, "P": _SP, "SA": _NT},
}
# domain.md §6, the table's first column: suit symbols, read in every language.
SUIT_SYMBOLS: Final[Mapping[str, Strain]] = {"♣": _CL, "♦": _DI, "♥": _HE, "♠": _SP}
# domain.md §6, row Seats. The order is the one listed in messages.
SEAT_LETTERS: Final[Mapping[Language, Mapping[str, Seat]]] = {
    _EN: {"N": _N, "E": _E, "S": _S, "W": _W},
    _ES: {"N": _N, "E": _E, "S": _S, "O": _W},
    _IT: {"N": _N, "E": _E, "S": _S, "O": _W},
}
# domain.md §6, row Seats: the word for West that "O" stands for.
WEST_WORDS: Final[Mapping[Language, str]] = {_ES: "Oeste", _IT: "Ovest"}
# domain.md §6, row Pass (a call): the words read as a passed-out board. English
# also takes AP and ALL PASS; a bare "P" is never one (see the parsing module).
PASS_WORDS: Final[Mapping[Language, tuple[str, ...]]] = {
    _EN: ("PASS", "AP", "ALL PASS"),
    _ES: ("PASO",),
    _IT: ("PASSO",),
}
# domain.md §6, rows ♠ and Pass: a bare "P" is spades in Spanish and Italian and
# ambiguous in English, so it is refused as a pass in every language.
BARE_P: Final = "P"
# domain.md §6, row Pass (a call): the word written for a passed-out board.
PASS_NAMES: Final[Mapping[Language, str]] = {_EN: "Pass", _ES: "Paso", _IT: "Passo"}
# domain.md §6, row ♠: the word behind "P", named when a bare "P" is refused.
SPADE_WORDS: Final[Mapping[Language, str]] = {_ES: "picas", _IT: "picche"}
# domain.md §6, row Doubled / redoubled: X / XX in every language; * / ** too.
DOUBLING_MARKS: Final[Mapping[str, Doubling]] = {"XX": _XX, "X": _X, "**": _XX, "*": _X}
# domain.md §6, result forms (all languages): "=" made exactly, "+1" one
# overtrick, "-2" two down, or the number of tricks declarer took ("10").
MADE_EXACTLY: Final = "="
# domain.md §6, result forms: the characters a result can start with.
RESULT_STARTS: Final = tuple("=+-0123456789")
# domain.md §6, suit symbols and result forms, as typed on a phone: the dashes
# − – — read as "-", the outline suits ♤ ♡ ♢ ♧ as ♠ ♥ ♦ ♣, and the emoji
# variation selector (U+FE0F, after a suit symbol) is dropped.
TIDY_CHARACTERS: Final[Mapping[str, str]] = {
    "−": "-",
    "–": "-",
    "—": "-",
    "\ufe0f": "",
    "♤": "♠",
    "♡": "♥",
    "♢": "♦",
    "♧": "♣",
}
# Leads: the ten as written in two characters, beside the rank "T".
TEN: Final = "10"
# Local honour letters, for leads: only those that are not one of the language's
# strain letters (domain.md §6, rows ♠ ♥ ♦ ♣), so no lead has two readings.
LOCAL_RANKS: Final[Mapping[Language, Mapping[str, str]]] = {
    _EN: {},
    _ES: {"R": "K", "V": "J"},
    _IT: {"R": "K", "D": "Q"},
}

# Derived from STRAIN_LETTERS: the letter printed for each strain (the first listed).
PRINTED_STRAINS: Final[Mapping[Language, Mapping[Strain, str]]] = {
    lang: {s: t for t, s in reversed(list(letters.items()))}
    for lang, letters in STRAIN_LETTERS.items()
}
# Derived from SUIT_SYMBOLS: the symbol printed for each suit.
STRAIN_SYMBOLS: Final[Mapping[Strain, str]] = {s: t for t, s in SUIT_SYMBOLS.items()}
