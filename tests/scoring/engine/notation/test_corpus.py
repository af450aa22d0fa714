"""The corpus both parsers read (``corpus.py``): the server reads every text
of it, in every language, with a refusal or a line that writes and reads back."""

from __future__ import annotations

import pytest

from scoring.engine.notation import Language, format_entry, parse_entry

from .corpus import LINES, corpus, generated, harvested, outcome

LANGUAGES = list(Language)


def test_it_holds_every_notation_test_text_and_the_lines_the_phone_refused() -> None:
    assert {"4SX N 10 HK", "3STxx =", "4S=", "♠K"} <= set(harvested())
    assert "4S= N" in corpus() and set(LINES) <= set(corpus())


def test_the_generated_part_is_the_same_every_run() -> None:
    assert generated() == generated.__wrapped__()
    assert len(set(generated())) > len(generated()) * 0.9


@pytest.mark.parametrize("language", LANGUAGES, ids=lambda lang: lang.value)
def test_every_text_is_a_refusal_or_a_line_that_reads_back(language: Language) -> None:
    read = 0
    for text in corpus():
        if "refusal" in outcome(text, language):
            continue
        entry = parse_entry(text, language)
        assert parse_entry(format_entry(entry, language), language) == entry, text
        read += 1
    assert read > 300


@pytest.mark.parametrize("language", LANGUAGES, ids=lambda lang: lang.value)
def test_4s_made_glued_before_the_declarer_reads(language: Language) -> None:
    strain = {"en": "S", "es": "P", "it": "P"}[language.value]
    assert outcome(f"4{strain}= N", language) == {
        "level": 4, "strain": "S", "doubling": "", "declarer": "N",
        "tricks": 10, "lead": None,
    }  # fmt: skip
