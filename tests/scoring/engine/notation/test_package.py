"""The package's public API: what ``scoring.engine.notation`` exports."""

from __future__ import annotations

import scoring.engine.notation as notation
from scoring.engine.notation import values, words

PUBLIC_API = {
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
}
TABLES = (
    "DOUBLING_MARKS",
    "LANGUAGE_NAMES",
    "LOCAL_RANKS",
    "PASS_NAMES",
    "PASS_WORDS",
    "SEAT_LETTERS",
    "SPADE_WORDS",
    "STRAIN_LETTERS",
    "SUIT_SYMBOLS",
    "WEST_WORDS",
)


def test_it_exports_the_parse_and_format_functions_and_the_value_types() -> None:
    assert set(notation.__all__) == PUBLIC_API
    assert all(hasattr(notation, name) for name in PUBLIC_API)


def test_the_ranks_and_word_tables_stay_importable_from_the_package() -> None:
    assert notation.RANKS is values.RANKS
    for name in TABLES:
        assert getattr(notation, name) is getattr(words, name), name
