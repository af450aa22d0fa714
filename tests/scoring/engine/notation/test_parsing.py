"""Reading notation per language (domain.md §6, scoring.md §2)."""

from __future__ import annotations

from typing import Final

import pytest

from scoring.engine.notation import (
    Card,
    Entry,
    Language,
    NotationError,
    format_entry,
    parse_contract,
    parse_entry,
    parse_lead,
    parse_tricks,
)
from scoring.engine.types import PASSED_OUT, Contract, Result

from .examples import EN, ES, IT, NT, SOUTH, SPEC_EXAMPLES, XX, C, D, E, H, N, S, W, X

# -- spec table ----------------------------------------------------------------


@pytest.mark.parametrize(("language", "text", "contract", "tricks"), SPEC_EXAMPLES)
def test_it_reads_every_example_of_the_spec_table(
    language: Language, text: str, contract: Contract, tricks: int
) -> None:
    contract_text, result_text = text.rsplit(" ", 1)
    assert parse_contract(contract_text, language) == contract
    assert parse_tricks(result_text, contract) == tricks


@pytest.mark.parametrize(("language", "text", "contract", "tricks"), SPEC_EXAMPLES)
def test_every_example_of_the_spec_table_is_an_entry_once_a_declarer_is_added(
    language: Language, text: str, contract: Contract, tricks: int
) -> None:
    contract_text, result_text = text.rsplit(" ", 1)
    entry = parse_entry(f"{contract_text} E {result_text}", language)
    assert entry == Entry(Result(contract, E, tricks))
    assert parse_entry(format_entry(entry, language), language) == entry


# -- traveller lines -----------------------------------------------------------


@pytest.mark.parametrize(
    ("language", "text", "expected"),
    [
        (EN, "4SX N 10 HK", Entry(Result(Contract(4, S, X), N, 10), Card(H, "K"))),
        (EN, "4S N =", Entry(Result(Contract(4, S), N, 10))),
        (EN, "3NT S +1 SQ", Entry(Result(Contract(3, NT), SOUTH, 10), Card(S, "Q"))),
        (ES, "4P S -1", Entry(Result(Contract(4, S), SOUTH, 9))),
        (IT, "3SA O = P5", Entry(Result(Contract(3, NT), W, 9), Card(S, "5"))),
        (EN, "pass", Entry(PASSED_OUT)),
        (EN, "PASS", Entry(PASSED_OUT)),
        (EN, "AP", Entry(PASSED_OUT)),
        (EN, "all  pass", Entry(PASSED_OUT)),
        (ES, "paso", Entry(PASSED_OUT)),
        (IT, "Passo", Entry(PASSED_OUT)),
    ],
)
def test_it_reads_a_traveller_line(
    language: Language, text: str, expected: Entry
) -> None:
    assert parse_entry(text, language) == expected


FOUR_SPADES_DOUBLED_N_DOWN_ONE: Final = Entry(Result(Contract(4, S, X), N, 9))


@pytest.mark.parametrize(
    "text",
    [
        "4SX N -1",
        "4 S X N -1",
        "4sx n -1",
        "4S* N -1",
        "4SXN-1",
        "4SX N −1",
        "4SX N - 1",
        "4SX-1 N",
        "4SX -1 N",
        "4♠X N -1",
        "4♠️X N -1",
        "  4SX   N   9  ",
    ],
)
def test_it_tolerates_spaces_case_symbols_and_a_result_glued_to_the_contract(
    text: str,
) -> None:
    assert parse_entry(text, EN) == FOUR_SPADES_DOUBLED_N_DOWN_ONE


def test_it_reads_a_redoubling_written_with_stars() -> None:
    assert parse_contract("3nt**", EN) == Contract(3, NT, XX)


# -- leads ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("language", "text", "card"),
    [
        (EN, "HK", Card(H, "K")),
        (EN, "KH", Card(H, "K")),
        (EN, "♥K", Card(H, "K")),
        (EN, "10H", Card(H, "T")),
        (EN, "TH", Card(H, "T")),
        (EN, "H 10", Card(H, "T")),
        (ES, "TT", Card(C, "T")),
        (ES, "DT", Card(D, "T")),
        (ES, "TD", Card(D, "T")),
        (ES, "RT", Card(C, "K")),
        (ES, "VP", Card(S, "J")),
        (IT, "QQ", Card(D, "Q")),
        (IT, "QF", Card(C, "Q")),
        (IT, "FQ", Card(C, "Q")),
        (IT, "DF", Card(C, "Q")),
        (IT, "RC", Card(H, "K")),
        (IT, "P5", Card(S, "5")),
    ],
)
def test_it_reads_a_lead_in_either_order(
    language: Language, text: str, card: Card
) -> None:
    assert parse_lead(text, language) == card


@pytest.mark.parametrize(
    ("language", "text"),
    [
        (ES, "DD"),  # dama is refused: D is diamonds in Spanish
        (IT, "FF"),  # fante is refused: F is clubs in Italian
        (ES, "HK"),
        (IT, "DK"),
        (EN, "RH"),
        (EN, "NK"),
        (EN, "H1"),
        (EN, "H11"),
        (EN, "HKQ"),
        (EN, "Z9"),
    ],
)
def test_it_refuses_a_card_it_cannot_read(language: Language, text: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_lead(text, language)
    assert caught.value.code == "bad_lead"
    assert f"'{text}' is not a card" in str(caught.value)


# -- results -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "contract", "tricks"),
    [
        ("=", Contract(7, NT), 13),
        ("+6", Contract(1, C), 13),
        ("-7", Contract(1, NT), 0),
        ("-13", Contract(7, S), 0),
        ("0", Contract(3, NT), 0),
        ("13", Contract(3, NT), 13),
        ("−2", Contract(3, NT), 7),
        ("+ 1", Contract(3, NT), 10),
    ],
)
def test_it_reads_a_result_at_the_limits(
    text: str, contract: Contract, tricks: int
) -> None:
    assert parse_tricks(text, contract) == tricks
