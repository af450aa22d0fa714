"""Reading contracts, seats, results, leads and traveller lines.

Text is read in the user's language, never guessed (domain.md §6; result forms
and their limits from scoring.md §2); the words come from ``words``, and what
cannot be read raises the ``NotationError`` worded in ``refusals``.

Decisions:

* Text is tidied first: upper case, the dashes − – — read as "-", the outline
  suit symbols ♤ ♡ ♢ ♧ as ♠ ♥ ♦ ♣, emoji variation selectors dropped.
* A bare "P" is never a pass, in any language: it is spades in Spanish and
  Italian, and ambiguous in English. It raises ``p_not_pass``.
* Leads: suit-then-rank is tried first, then rank-then-suit; with the letters of
  ``words`` no two-character lead has two readings (the tests check every
  spelling).
* An entry is: contract, declarer, result, optional lead; the result may also
  come before the declarer when glued to the contract ("4S= N").
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Final

from ..contract import BOOK, TRICKS_IN_A_DEAL
from ..numbers import typed_whole
from ..types import LEVELS, PASSED_OUT, Contract, Doubling, Result, Seat, Strain
from .refusals import (
    bad_lead,
    bad_result,
    bad_seat,
    empty_text,
    extra_text,
    impossible_difference,
    impossible_level,
    missing_result,
    missing_seat,
    no_level,
    p_not_pass,
    too_many_doublings,
    too_many_tricks,
    unknown_strain,
    zero_difference,
)
from .values import RANKS, Card, Entry, Language, NotationError
from .words import (
    BARE_P,
    DOUBLING_MARKS,
    LOCAL_RANKS,
    MADE_EXACTLY,
    PASS_WORDS,
    RESULT_STARTS,
    SEAT_LETTERS,
    STRAIN_LETTERS,
    SUIT_SYMBOLS,
    TEN,
    TIDY_CHARACTERS,
)

__all__ = [
    "parse_contract",
    "parse_entry",
    "parse_lead",
    "parse_seat",
    "parse_tricks",
]

_TIDY: Final = str.maketrans(dict(TIDY_CHARACTERS))


def _alternatives(tokens: Iterable[str]) -> str:
    return "|".join(re.escape(t) for t in sorted(tokens, key=len, reverse=True))


_LEVEL: Final = re.compile(r"\s*(\d+)")
_STRAIN: Final = {
    lang: re.compile(rf"\s*({_alternatives([*letters, *SUIT_SYMBOLS])})")
    for lang, letters in STRAIN_LETTERS.items()
}
_DOUBLING: Final = re.compile(rf"\s*({_alternatives(DOUBLING_MARKS)})")
_DOUBLING_STARTS: Final = {mark[:1] for mark in DOUBLING_MARKS}
_CHAR: Final = re.compile(r"\s*(\S)")
_RESULT: Final = re.compile(rf"\s*({re.escape(MADE_EXACTLY)}|[+-]\s*\d+|\d+)")
_SIGNED: Final = re.compile(r"([+-]?)(\d+)")
# No level or count of tricks has more digits: a longer number (thousands of
# digits, which int() refuses and would fill a message) reads as this one.
MAX_DIGITS: Final = 6
BEYOND: Final = 10**MAX_DIGITS


def _whole(digits: str) -> int:
    """The number ``digits`` write, or ``BEYOND`` past ``MAX_DIGITS`` digits
    (impossible wherever a number is read)."""
    found = typed_whole(digits, MAX_DIGITS)
    return BEYOND if found is None else found


class _Cursor:
    """Reads tidied text from left to right."""

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


def _start(text: str, what: str) -> tuple[str, _Cursor]:
    source = text.strip()
    if not source:
        raise empty_text(what)
    return source, _Cursor(_tidy(source))


# -- contracts -------------------------------------------------------------


def parse_contract(text: str, language: Language) -> Contract | None:
    """Read a contract such as "4SX", "4 s x", "3STxx"; None means passed out."""
    source, cursor = _start(text, "contract")
    if _is_pass(cursor.text, language, source):
        return None
    contract = _read_contract(cursor, language, source)
    if cursor.rest():
        raise extra_text(cursor.rest(), "the contract", source)
    return contract


def _is_pass(text: str, language: Language, source: str) -> bool:
    words = " ".join(text.split())
    if words == BARE_P:
        raise p_not_pass(language, source)
    for word in PASS_WORDS[language]:
        if words == word:
            return True
        if words.startswith(word + " "):
            raise extra_text(words[len(word) :].strip(), "a pass", source)
    return False


def _read_contract(cursor: _Cursor, language: Language, source: str) -> Contract:
    level_text = cursor.take(_LEVEL)
    if level_text is None:
        raise no_level(language, source)
    level = _whole(level_text)
    if level not in LEVELS:
        raise impossible_level(level, source)
    strain_text = cursor.take(_STRAIN[language])
    if strain_text is None:
        raise unknown_strain(cursor.word()[:1], language, source)
    strain = SUIT_SYMBOLS.get(strain_text) or STRAIN_LETTERS[language][strain_text]
    mark = cursor.take(_DOUBLING)
    if cursor.word()[:1] in _DOUBLING_STARTS:
        raise too_many_doublings(source)
    doubling = DOUBLING_MARKS[mark] if mark else Doubling.UNDOUBLED
    return Contract(level, strain, doubling)


# -- seats -----------------------------------------------------------------


def parse_seat(text: str, language: Language) -> Seat:
    """Read a seat letter: N E S W in English, N E S O in Spanish and Italian."""
    source, cursor = _start(text, "seat")
    seat = _read_seat(cursor, language, source)
    if cursor.rest():
        raise extra_text(cursor.rest(), "the seat", source)
    return seat


def _read_seat(cursor: _Cursor, language: Language, source: str) -> Seat:
    char = cursor.take(_CHAR)
    if char is None:
        raise missing_seat(source)
    seat = SEAT_LETTERS[language].get(char)
    if seat is None:
        raise bad_seat(char, language, source)
    return seat


# -- results ---------------------------------------------------------------


def parse_tricks(text: str, contract: Contract) -> int:
    """Read "=", "+k", "-k" or a number of tricks; return declarer's tricks."""
    token = "".join(_tidy(text).split())
    if not token:
        raise empty_text("result")
    needed = contract.level + BOOK
    if token == MADE_EXACTLY:
        return needed
    match = _SIGNED.fullmatch(token)
    if match is None:
        raise bad_result(token, text.strip())
    sign, number = match.group(1), _whole(match.group(2))
    if not sign:
        return _check_tricks(number)
    if number == 0:
        raise zero_difference(token)
    return _check_difference(contract, number if sign == "+" else -number)


def _check_tricks(tricks: int) -> int:
    if tricks > TRICKS_IN_A_DEAL:
        raise too_many_tricks(tricks)
    return tricks


def _check_difference(contract: Contract, difference: int) -> int:
    tricks = contract.level + BOOK + difference
    if not 0 <= tricks <= TRICKS_IN_A_DEAL:
        raise impossible_difference(contract, difference)
    return tricks


# -- leads -----------------------------------------------------------------


def parse_lead(text: str, language: Language) -> Card:
    """Read a card, suit then rank or rank then suit ("HK", "KH", "♥K", "10H")."""
    compact = "".join(_tidy(text).split())
    if not compact:
        raise empty_text("lead")
    card = _card(compact, language)
    if card is None:
        raise bad_lead(text.strip(), language)
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
    if text == TEN:
        return "T"
    if len(text) == 1 and text in RANKS:
        return text
    return LOCAL_RANKS[language].get(text)


# -- traveller lines -------------------------------------------------------


def parse_entry(text: str, language: Language) -> Entry:
    """Read a traveller line: "4SX N 10 HK", "4S N =", "4S= N", "pass"."""
    source, cursor = _start(text, "entry")
    if _is_pass(cursor.text, language, source):
        return Entry(PASSED_OUT)
    contract = _read_contract(cursor, language, source)
    if cursor.word()[:1] in RESULT_STARTS:
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
            raise missing_result(source)
        raise bad_result(word, source)
    return parse_tricks(token, contract)


def _read_lead(rest: str, language: Language, source: str) -> Card | None:
    if not rest:
        return None
    try:
        return parse_lead(rest, language)
    except NotationError:
        first, _, extra = rest.partition(" ")
        if extra and _card(first, language):
            raise extra_text(extra.strip(), "the lead", source) from None
        raise
