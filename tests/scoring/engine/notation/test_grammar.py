"""The grammar tables the phone's parser reads (domain.md §6): plain data, the
parser's own words and limits, nothing the server does not read with."""

from __future__ import annotations

import json
import re

import pytest

from scoring.engine.notation import Language, parse_entry
from scoring.engine.notation.grammar import grammar
from scoring.engine.notation.words import STRAIN_LETTERS

LANGUAGES = list(Language)


@pytest.mark.parametrize("language", LANGUAGES, ids=lambda lang: lang.value)
def test_it_is_plain_json_that_reads_back_the_same(language: Language) -> None:
    tables = grammar(language)
    assert json.loads(json.dumps(tables)) == tables


@pytest.mark.parametrize("language", LANGUAGES, ids=lambda lang: lang.value)
def test_its_strains_are_the_letters_the_parser_reads(language: Language) -> None:
    strains = grammar(language)["strains"]
    assert strains == {t: s.value for t, s in STRAIN_LETTERS[language].items()}
    assert isinstance(strains, dict)
    for letter, strain in strains.items():
        read = parse_entry(f"3{letter} N =", language).result.contract
        assert read is not None and read.strain.value == strain


def test_its_spaces_are_every_character_the_parser_takes_for_a_space() -> None:
    spaces = grammar(Language.EN)["spaces"]
    every = [chr(c) for c in range(0x110000) if re.fullmatch(r"\s", chr(c))]
    assert isinstance(spaces, str) and list(spaces) == every


def test_spanish_west_is_o_and_its_pass_is_paso() -> None:
    tables = grammar(Language.ES)
    assert tables["seats"] == {"N": "N", "E": "E", "S": "S", "O": "W"}
    assert tables["passes"] == ["PASO"] and tables["nt"] == "ST"
    assert tables["local_ranks"] == {"R": "K", "V": "J"}
