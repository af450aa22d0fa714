"""Contract, seat, result and lead notation in English, Spanish and Italian.

Text is parsed according to the user's language, never guessed (domain.md §6;
result forms and their limits from scoring.md §2), and everything written reads
back. The package's modules, one job each:

* ``values``: ``Language``, ``Card``, ``Entry`` (one traveller line) and
  ``NotationError``;
* ``words``: the letters and words of each language, every table citing §6;
* ``parsing``: ``parse_contract``, ``parse_seat``, ``parse_tricks``,
  ``parse_lead``, ``parse_entry``;
* ``refusals``: the ``NotationError`` (code, params, message) for each way text
  cannot be read;
* ``formatting``: the matching ``format_*`` functions.

Import from here; the public API is ``__all__``.
"""

from __future__ import annotations

from .formatting import (
    format_contract,
    format_entry,
    format_lead,
    format_seat,
    format_tricks,
)
from .parsing import parse_contract, parse_entry, parse_lead, parse_seat, parse_tricks

# The ``X as X`` names are not in __all__ but stay importable from here, as they
# were from the single module (the tests import some): RANKS, whose home is
# ``values``, and the word tables, whose home is ``words``.
from .values import RANKS as RANKS
from .values import Card, Entry, Language, NotationError
from .words import DOUBLING_MARKS as DOUBLING_MARKS
from .words import LANGUAGE_NAMES as LANGUAGE_NAMES
from .words import LOCAL_RANKS as LOCAL_RANKS
from .words import PASS_NAMES as PASS_NAMES
from .words import PASS_WORDS as PASS_WORDS
from .words import SEAT_LETTERS as SEAT_LETTERS
from .words import SPADE_WORDS as SPADE_WORDS
from .words import STRAIN_LETTERS as STRAIN_LETTERS
from .words import SUIT_SYMBOLS as SUIT_SYMBOLS
from .words import WEST_WORDS as WEST_WORDS

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
