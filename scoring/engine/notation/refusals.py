"""Why a text is refused: one ``NotationError`` per way notation cannot be read.

Each function returns (the parser raises) the error with its stable ``code``,
the ``params`` naming the parts, and a message that says what to write instead,
in the words of the user's language (domain.md §6; result limits scoring.md §2).
"""

from __future__ import annotations

from ..types import Contract, Strain
from .values import Language, NotationError
from .words import (
    LANGUAGE_NAMES,
    LOCAL_RANKS,
    PASS_NAMES,
    PRINTED_STRAINS,
    SEAT_LETTERS,
    SPADE_WORDS,
    STRAIN_SYMBOLS,
    WEST_WORDS,
)

__all__ = [
    "bad_lead",
    "bad_result",
    "bad_seat",
    "empty_text",
    "extra_text",
    "impossible_difference",
    "impossible_level",
    "missing_result",
    "missing_seat",
    "no_level",
    "p_not_pass",
    "too_many_doublings",
    "too_many_tricks",
    "unknown_strain",
    "zero_difference",
]

_SUITS = (Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES)


def empty_text(what: str) -> NotationError:
    return NotationError("empty", f"the {what} is empty", what=what)


def extra_text(extra: str, after: str, source: str) -> NotationError:
    message = f"unexpected '{extra}' after {after} in '{source}'"
    return NotationError("extra_text", message, extra=extra, text=source)


# -- contracts -------------------------------------------------------------


def p_not_pass(language: Language, source: str) -> NotationError:
    pass_name = PASS_NAMES[language]
    if language is Language.EN:
        why = "'P' is ambiguous"
    else:
        name = LANGUAGE_NAMES[language]
        why = f"'P' means spades ({SPADE_WORDS[language]}) in {name}, not pass"
    message = f"{why}: write '{pass_name}' for a passed-out board"
    return NotationError("p_not_pass", message, text=source, language=language.value)


def no_level(language: Language, source: str) -> NotationError:
    message = (
        f"'{source}' does not start with a contract level (1 to 7); "
        f"for a passed-out board write '{PASS_NAMES[language]}'"
    )
    return NotationError("bad_level", message, text=source)


def impossible_level(level: int, source: str) -> NotationError:
    message = f"level {level} is impossible in '{source}': contracts go from 1 to 7"
    return NotationError("bad_level", message, level=level, text=source)


def unknown_strain(char: str, language: Language, source: str) -> NotationError:
    printed = PRINTED_STRAINS[language]
    known = ", ".join(
        f"{printed[s]} ({STRAIN_SYMBOLS.get(s, 'no trump')})" for s in Strain
    )
    if char:
        code, where = "unknown_strain", f"unknown strain '{char}' in '{source}'"
    else:
        code, where = "missing_strain", f"strain missing in '{source}'"
    message = f"{where}: {LANGUAGE_NAMES[language]} strains are {known}"
    return NotationError(
        code, message, strain=char, text=source, language=language.value
    )


def too_many_doublings(source: str) -> NotationError:
    message = f"too many doublings in '{source}': write X or XX"
    return NotationError("bad_doubling", message, text=source)


# -- seats -----------------------------------------------------------------


def missing_seat(source: str) -> NotationError:
    message = f"declarer seat missing in '{source}'"
    return NotationError("missing_seat", message, text=source)


def bad_seat(char: str, language: Language, source: str) -> NotationError:
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


# -- results ---------------------------------------------------------------


def missing_result(source: str) -> NotationError:
    message = f"result missing in '{source}': write '=', '+1', '-2' or tricks"
    return NotationError("missing_result", message, text=source)


def bad_result(word: str, source: str) -> NotationError:
    message = (
        f"'{word}' is not a result in '{source}': write '=', '+1', '-2' "
        "or the number of tricks declarer took"
    )
    return NotationError("bad_result", message, result=word, text=source)


def zero_difference(token: str) -> NotationError:
    message = f"'{token}' is not a result: write '=' for a contract made exactly"
    return NotationError("bad_result", message, result=token)


def too_many_tricks(tricks: int) -> NotationError:
    message = f"{tricks} tricks is impossible: a deal has 13 tricks"
    return NotationError("too_many_tricks", message, tricks=tricks)


def impossible_difference(contract: Contract, difference: int) -> NotationError:
    """More than 13 tricks (``overtricks_impossible``) or fewer than 0."""
    needed = contract.level + 6
    result = f"{contract}{difference:+d}"
    if needed + difference > 13:
        message = f"{result} is impossible: declarer can take at most 13 tricks"
        code = "overtricks_impossible"
    else:
        message = f"{result} is impossible: {contract} can go at most {needed} down"
        code = "undertricks_impossible"
    return NotationError(code, message, contract=contract, difference=difference)


# -- leads -----------------------------------------------------------------


def bad_lead(text: str, language: Language) -> NotationError:
    printed = PRINTED_STRAINS[language]
    suits = " ".join(printed[s] for s in _SUITS)
    local = "".join(f", {t} = {r}" for t, r in LOCAL_RANKS[language].items())
    message = (
        f"'{text}' is not a card in {LANGUAGE_NAMES[language]}: write a suit "
        f"({suits} or ♣ ♦ ♥ ♠) and a rank (A K Q J 10 9 … 2{local}), "
        f"e.g. '{printed[Strain.HEARTS]}K' or '♥K'"
    )
    return NotationError("bad_lead", message, lead=text, language=language.value)
