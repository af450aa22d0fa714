"""The grammar of one language as plain data, for a parser written elsewhere.

The phone's script reads typed results with the same algorithm as ``parsing``
(domain.md §6; result limits scoring.md §2). So that the two cannot drift, it
holds no word of its own: every table it reads is published here, built from
``words``, ``values`` and the parser's own limits, as JSON-ready values.

Also in the tables: the characters that count as white space (Python's, which
``str.split`` and the parser's ``\\s`` follow) and the decimal digits' test,
so that a script whose own notion differs reads text as the server does.
"""

from __future__ import annotations

from typing import Final

from ..contract import BOOK, TRICKS_IN_A_DEAL
from ..types import LEVELS, Strain
from .parsing import MAX_DIGITS
from .values import RANKS, Language
from .words import (
    BARE_P,
    DOUBLING_MARKS,
    LOCAL_RANKS,
    MADE_EXACTLY,
    PASS_NAMES,
    PASS_WORDS,
    PRINTED_STRAINS,
    RESULT_STARTS,
    SEAT_LETTERS,
    STRAIN_LETTERS,
    SUIT_SYMBOLS,
    TEN,
    TIDY_CHARACTERS,
)

__all__ = ["GRAMMAR_VERSION", "grammar"]

# Raised when the tables' shape changes, so that a cached copy is not misread.
GRAMMAR_VERSION: Final = 1
# Every character str.isspace() accepts lies below U+3001 (Unicode 15).
_SPACES: Final = "".join(c for c in map(chr, range(0x3001)) if c.isspace())


def grammar(language: Language) -> dict[str, object]:
    """Every table the parser reads for ``language``, as JSON-ready values."""
    printed = PRINTED_STRAINS[language]
    return {
        "version": GRAMMAR_VERSION,
        "language": language.value,
        "spaces": _SPACES,
        "tidy": dict(TIDY_CHARACTERS),
        "strains": {t: s.value for t, s in STRAIN_LETTERS[language].items()},
        "suit_symbols": {t: s.value for t, s in SUIT_SYMBOLS.items()},
        "nt": printed[Strain.NOTRUMP],
        "doublings": {t: d.value for t, d in DOUBLING_MARKS.items()},
        "seats": {t: s.value for t, s in SEAT_LETTERS[language].items()},
        "passes": list(PASS_WORDS[language]),
        "pass_name": PASS_NAMES[language],
        "bare_p": BARE_P,
        "made_exactly": MADE_EXACTLY,
        "result_starts": list(RESULT_STARTS),
        "ranks": RANKS,
        "ten": TEN,
        "local_ranks": dict(LOCAL_RANKS[language]),
        "levels": [LEVELS.start, LEVELS.stop - 1],
        "tricks": TRICKS_IN_A_DEAL,
        "book": BOOK,
        "max_digits": MAX_DIGITS,
    }
