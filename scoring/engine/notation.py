"""Contract, seat, result and lead notation in English, Spanish and Italian.

Text is parsed according to the user's language, never guessed (domain.md §6;
result forms and their limits from scoring.md §2). The collisions the spec
warns about: "C" is clubs in English but hearts (corazones, cuori) in Spanish
and Italian; "O" is West in Spanish and Italian; "S" is spades or South in
English; "P" is spades (picas, picche) in Spanish and Italian.

Decisions:

* A bare "P" is never a pass, in any language: it is spades in Spanish and
  Italian, and ambiguous in English. It raises ``p_not_pass``.
* Pass words: English PASS, AP, ALL PASS; Spanish PASO; Italian PASSO.
* "W" is not a seat in Spanish or Italian, nor "O" in English (``bad_seat``).
* "N" alone means no trump only in English; Spanish and Italian use ST and SA.
* Leads take the international ranks A K Q J T 10 9 … 2 in every language,
  plus local honour letters that are not a suit letter in that language:
  Spanish R (rey) = K and V (valet) = J, Italian R (re) = K and D (donna) = Q.
  Spanish D (dama) and Italian F (fante) are refused: they are suits there.
  Suit-then-rank is tried first, then rank-then-suit; with these letters no
  two-character lead has two readings (the tests check every spelling).
* An entry is: contract, declarer, result, optional lead; the result may also
  come before the declarer when glued to the contract ("4S= N").
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Final

from .types import PASSED_OUT, Contract, Doubling, Result, Seat, Strain

__all__ = [
    "Card",
    "Entry",
    "Language",
    "NotationError",
    "format_contract",
    "format_entry",
    "format_lead",
    "format_seat",
    "format_tricks",
    "parse_contract",
    "parse_entry",
    "parse_lead",
    "parse_seat",
    "parse_tricks",
]


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


_EN, _ES, _IT = Language.EN, Language.ES, Language.IT
_CL, _DI, _HE, _SP, _NT = Strain

LANGUAGE_NAMES: Final = {_EN: "English", _ES: "Spanish", _IT: "Italian"}
# domain.md §6. The first letter listed for a strain is the one printed.
STRAIN_LETTERS: Final[Mapping[Language, Mapping[str, Strain]]] = {
    _EN: {"C": _CL, "D": _DI, "H": _HE, "S": _SP, "NT": _NT, "N": _NT},
    _ES: {"T": _CL, "D": _DI, "C": _HE, "P": _SP, "ST": _NT},
    _IT: {"F": _CL, "Q": _DI, "C": _HE, "P": _SP, "SA": _NT},
}
SUIT_SYMBOLS: Final[Mapping[str, Strain]] = {"♣": _CL, "♦": _DI, "♥": _HE, "♠": _SP}
_N, _E, _S, _W = Seat
SEAT_LETTERS: Final[Mapping[Language, Mapping[str, Seat]]] = {
    _EN: {"N": _N, "E": _E, "S": _S, "W": _W},
    _ES: {"N": _N, "E": _E, "S": _S, "O": _W},
    _IT: {"N": _N, "E": _E, "S": _S, "O": _W},
}
WEST_WORDS: Final = {_ES: "Oeste", _IT: "Ovest"}
PASS_WORDS: Final = {_EN: ("PASS", "AP", "ALL PASS"), _ES: ("PASO",), _IT: ("PASSO",)}
PASS_NAMES: Final = {_EN: "Pass", _ES: "Paso", _IT: "Passo"}
SPADE_WORDS: Final = {_ES: "picas", _IT: "picche"}
_X, _XX = Doubling.DOUBLED, Doubling.REDOUBLED
DOUBLING_MARKS: Final[Mapping[str, Doubling]] = {"XX": _XX, "X": _X, "**": _XX, "*": _X}
# Local honour letters that are not suit letters in the same language.
LOCAL_RANKS: Final[Mapping[Language, Mapping[str, str]]] = {
    _EN: {},
    _ES: {"R": "K", "V": "J"},
    _IT: {"R": "K", "D": "Q"},
}

_TIDY: Final = str.maketrans(
    {"−": "-", "–": "-", "—": "-", "\ufe0f": None}
    | {"♤": "♠", "♡": "♥", "♢": "♦", "♧": "♣"}
)


def _alternatives(tokens: Iterable[str]) -> str:
    return "|".join(re.escape(t) for t in sorted(tokens, key=len, reverse=True))


_LEVEL: Final = re.compile(r"\s*(\d+)")
_STRAIN: Final = {
    lang: re.compile(rf"\s*({_alternatives([*letters, *SUIT_SYMBOLS])})")
    for lang, letters in STRAIN_LETTERS.items()
}
_DOUBLING: Final = re.compile(rf"\s*({_alternatives(DOUBLING_MARKS)})")
_CHAR: Final = re.compile(r"\s*(\S)")
_RESULT: Final = re.compile(r"\s*(=|[+-]\s*\d+|\d+)")
_SIGNED: Final = re.compile(r"([+-]?)(\d+)")
_RESULT_STARTS: Final = tuple("=+-0123456789")
_PRINTED_STRAIN: Final = {
    lang: {s: t for t, s in reversed(letters.items())}
    for lang, letters in STRAIN_LETTERS.items()
}
_SYMBOL: Final = {s: t for t, s in SUIT_SYMBOLS.items()}


class _Cursor:
    """Reads normalised text from left to right."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0

    def take(self, pattern: re.Pattern[str]) -> str | None:
        match = pattern.match(self.text, self.pos)
        if match is None:
            return None
        self.pos = match.end()
        return match.group(1)

    def rest(self) -> str:
        return self.text[self.pos :].strip()

    def word(self) -> str:
        rest = self.rest()
        return rest.split()[0] if rest else ""


def _tidy(text: str) -> str:
    return text.translate(_TIDY).upper()


def _empty(what: str) -> NotationError:
    return NotationError("empty", f"the {what} is empty", what=what)


# -- contracts -------------------------------------------------------------


def parse_contract(text: str, language: Language) -> Contract | None:
    """Read a contract such as "4SX", "4 s x", "3STxx"; None means passed out."""
    source, cursor = _start(text, "contract")
    if _is_pass(cursor.text, language, source):
        return None
    contract = _read_contract(cursor, language, source)
    if cursor.rest():
        raise _extra(cursor.rest(), "the contract", source)
    return contract


def _start(text: str, what: str) -> tuple[str, _Cursor]:
    source = text.strip()
    if not source:
        raise _empty(what)
    return source, _Cursor(_tidy(source))


def _is_pass(text: str, language: Language, source: str) -> bool:
    words = " ".join(text.split())
    if words == "P":
        raise _p_not_pass(language, source)
    for word in PASS_WORDS[language]:
        if words == word:
            return True
        if words.startswith(word + " "):
            raise _extra(words[len(word) :].strip(), "a pass", source)
    return False


def _p_not_pass(language: Language, source: str) -> NotationError:
    pass_name = PASS_NAMES[language]
    if language is Language.EN:
        why = "'P' is ambiguous"
    else:
        name = LANGUAGE_NAMES[language]
        why = f"'P' means spades ({SPADE_WORDS[language]}) in {name}, not pass"
    message = f"{why}: write '{pass_name}' for a passed-out board"
    return NotationError("p_not_pass", message, text=source, language=language.value)


def _read_contract(cursor: _Cursor, language: Language, source: str) -> Contract:
    level_text = cursor.take(_LEVEL)
    if level_text is None:
        raise _bad_level(language, source)
    level = int(level_text)
    if not 1 <= level <= 7:
        message = f"level {level} is impossible in '{source}': contracts go from 1 to 7"
        raise NotationError("bad_level", message, level=level, text=source)
    strain_text = cursor.take(_STRAIN[language])
    if strain_text is None:
        raise _unknown_strain(cursor.word()[:1], language, source)
    strain = SUIT_SYMBOLS.get(strain_text) or STRAIN_LETTERS[language][strain_text]
    mark = cursor.take(_DOUBLING)
    if cursor.word()[:1] in ("X", "*"):
        message = f"too many doublings in '{source}': write X or XX"
        raise NotationError("bad_doubling", message, text=source)
    doubling = DOUBLING_MARKS[mark] if mark else Doubling.UNDOUBLED
    return Contract(level, strain, doubling)


def _bad_level(language: Language, source: str) -> NotationError:
    message = (
        f"'{source}' does not start with a contract level (1 to 7); "
        f"for a passed-out board write '{PASS_NAMES[language]}'"
    )
    return NotationError("bad_level", message, text=source)


def _unknown_strain(char: str, language: Language, source: str) -> NotationError:
    printed = _PRINTED_STRAIN[language]
    known = ", ".join(f"{printed[s]} ({_SYMBOL.get(s, 'no trump')})" for s in Strain)
    if char:
        code, where = "unknown_strain", f"unknown strain '{char}' in '{source}'"
    else:
        code, where = "missing_strain", f"strain missing in '{source}'"
    message = f"{where}: {LANGUAGE_NAMES[language]} strains are {known}"
    return NotationError(
        code, message, strain=char, text=source, language=language.value
    )


def format_contract(
    contract: Contract | None, language: Language, *, symbols: bool = False
) -> str:
    """Write a contract ("4SX", "4♠X", Spanish "4PX"); None is the pass word."""
    if contract is None:
        return PASS_NAMES[language]
    if symbols and contract.strain is not Strain.NOTRUMP:
        strain = _SYMBOL[contract.strain]
    else:
        strain = _PRINTED_STRAIN[language][contract.strain]
    return f"{contract.level}{strain}{contract.doubling.value}"


# -- seats -----------------------------------------------------------------


def parse_seat(text: str, language: Language) -> Seat:
    """Read a seat letter: N E S W in English, N E S O in Spanish and Italian."""
    source, cursor = _start(text, "seat")
    seat = _read_seat(cursor, language, source)
    if cursor.rest():
        raise _extra(cursor.rest(), "the seat", source)
    return seat


def _read_seat(cursor: _Cursor, language: Language, source: str) -> Seat:
    char = cursor.take(_CHAR)
    if char is None:
        message = f"declarer seat missing in '{source}'"
        raise NotationError("missing_seat", message, text=source)
    seat = SEAT_LETTERS[language].get(char)
    if seat is None:
        raise _bad_seat(char, language, source)
    return seat


def _bad_seat(char: str, language: Language, source: str) -> NotationError:
    name = LANGUAGE_NAMES[language]
    if char == "W" and language in WEST_WORDS:
        why = f"West is O ({WEST_WORDS[language]})"
        message = f"'W' is not a seat in {name} ('{source}'): {why}"
    else:
        seats = ", ".join(SEAT_LETTERS[language])
        message = f"unknown seat '{char}' in '{source}': {name} seats are {seats}"
    return NotationError(
        "bad_seat", message, seat=char, text=source, language=language.value
    )


def format_seat(seat: Seat, language: Language) -> str:
    return next(t for t, s in SEAT_LETTERS[language].items() if s is seat)


# -- results ---------------------------------------------------------------


def parse_tricks(text: str, contract: Contract) -> int:
    """Read "=", "+k", "-k" or a number of tricks; return declarer's tricks."""
    token = "".join(_tidy(text).split())
    if not token:
        raise _empty("result")
    needed = contract.level + 6
    if token == "=":
        return needed
    match = _SIGNED.fullmatch(token)
    if match is None:
        raise _bad_result(token, text.strip())
    sign, number = match.group(1), int(match.group(2))
    if not sign:
        return _check_tricks(number)
    if number == 0:
        message = f"'{token}' is not a result: write '=' for a contract made exactly"
        raise NotationError("bad_result", message, result=token)
    return _check_difference(contract, number if sign == "+" else -number)


def _check_tricks(tricks: int) -> int:
    if tricks > 13:
        message = f"{tricks} tricks is impossible: a deal has 13 tricks"
        raise NotationError("too_many_tricks", message, tricks=tricks)
    return tricks


def _check_difference(contract: Contract, difference: int) -> int:
    needed = contract.level + 6
    result = f"{contract}{difference:+d}"
    if needed + difference > 13:
        message = f"{result} is impossible: declarer can take at most 13 tricks"
        code = "overtricks_impossible"
    elif needed + difference < 0:
        message = f"{result} is impossible: {contract} can go at most {needed} down"
        code = "undertricks_impossible"
    else:
        return needed + difference
    raise NotationError(code, message, contract=contract, difference=difference)


def _bad_result(word: str, source: str) -> NotationError:
    message = (
        f"'{word}' is not a result in '{source}': write '=', '+1', '-2' "
        "or the number of tricks declarer took"
    )
    return NotationError("bad_result", message, result=word, text=source)


def format_tricks(contract: Contract, tricks: int) -> str:
    """Write declarer's tricks relative to the contract: "=", "+1", "-2"."""
    if not 0 <= tricks <= 13:
        raise ValueError(f"tricks must be 0 to 13, not {tricks}")
    difference = tricks - contract.level - 6
    return "=" if difference == 0 else f"{difference:+d}"


# -- leads -----------------------------------------------------------------


def parse_lead(text: str, language: Language) -> Card:
    """Read a card, suit then rank or rank then suit ("HK", "KH", "♥K", "10H")."""
    compact = "".join(_tidy(text).split())
    if not compact:
        raise _empty("lead")
    card = _card(compact, language)
    if card is None:
        raise _bad_lead(text.strip(), language)
    return card


def _card(text: str, language: Language) -> Card | None:
    """Suit then rank if that reads, else rank then suit (see the module doc)."""
    for suit_char, rank_text in ((text[:1], text[1:]), (text[-1:], text[:-1])):
        suit, rank = _suit(suit_char, language), _rank(rank_text, language)
        if suit and rank:
            return Card(suit, rank)
    return None


def _suit(char: str, language: Language) -> Strain | None:
    suit = SUIT_SYMBOLS.get(char) or STRAIN_LETTERS[language].get(char)
    return None if suit is Strain.NOTRUMP else suit


def _rank(text: str, language: Language) -> str | None:
    if text == "10":
        return "T"
    if len(text) == 1 and text in RANKS:
        return text
    return LOCAL_RANKS[language].get(text)


def _bad_lead(text: str, language: Language) -> NotationError:
    printed = _PRINTED_STRAIN[language]
    suits = " ".join(printed[s] for s in (_CL, _DI, _HE, _SP))
    local = "".join(f", {t} = {r}" for t, r in LOCAL_RANKS[language].items())
    message = (
        f"'{text}' is not a card in {LANGUAGE_NAMES[language]}: write a suit "
        f"({suits} or ♣ ♦ ♥ ♠) and a rank (A K Q J 10 9 … 2{local}), "
        f"e.g. '{printed[_HE]}K' or '♥K'"
    )
    return NotationError("bad_lead", message, lead=text, language=language.value)


def format_lead(card: Card, language: Language, *, symbols: bool = False) -> str:
    """Write a card suit first, the ten as "10": "HK", Spanish "C10", "♥K"."""
    suit = _SYMBOL[card.suit] if symbols else _PRINTED_STRAIN[language][card.suit]
    return suit + ("10" if card.rank == "T" else card.rank)


# -- traveller lines -------------------------------------------------------


def parse_entry(text: str, language: Language) -> Entry:
    """Read a traveller line: "4SX N 10 HK", "4S N =", "4S= N", "pass"."""
    source, cursor = _start(text, "entry")
    if _is_pass(cursor.text, language, source):
        return Entry(PASSED_OUT)
    contract = _read_contract(cursor, language, source)
    if cursor.word()[:1] in _RESULT_STARTS:
        tricks = _read_result(cursor, contract, source)
        declarer = _read_seat(cursor, language, source)
    else:
        declarer = _read_seat(cursor, language, source)
        tricks = _read_result(cursor, contract, source)
    lead = _read_lead(cursor.rest(), language, source)
    return Entry(Result(contract, declarer, tricks), lead)


def _read_result(cursor: _Cursor, contract: Contract, source: str) -> int:
    token = cursor.take(_RESULT)
    if token is None:
        word = cursor.word()
        if not word:
            message = f"result missing in '{source}': write '=', '+1', '-2' or tricks"
            raise NotationError("missing_result", message, text=source)
        raise _bad_result(word, source)
    return parse_tricks(token, contract)


def _read_lead(rest: str, language: Language, source: str) -> Card | None:
    if not rest:
        return None
    try:
        return parse_lead(rest, language)
    except NotationError:
        first, _, extra = rest.partition(" ")
        if extra and _card(first, language):
            raise _extra(extra.strip(), "the lead", source) from None
        raise


def _extra(extra: str, after: str, source: str) -> NotationError:
    message = f"unexpected '{extra}' after {after} in '{source}'"
    return NotationError("extra_text", message, extra=extra, text=source)


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
