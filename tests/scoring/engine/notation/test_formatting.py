"""Writing notation per language, and reading it back (domain.md §6)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine.notation import (
    Card,
    Entry,
    Language,
    format_contract,
    format_entry,
    format_lead,
    format_seat,
    format_tricks,
    parse_contract,
    parse_entry,
    parse_seat,
)
from scoring.engine.types import PASSED_OUT, Contract, Doubling, Result, Seat, Strain

from .examples import ALL_CARDS, EN, ES, IT, NT, SPEC_EXAMPLES, XX, C, D, H, S, X

# -- spec table ----------------------------------------------------------------


@pytest.mark.parametrize(("language", "text", "contract", "tricks"), SPEC_EXAMPLES)
def test_it_writes_every_example_of_the_spec_table(
    language: Language, text: str, contract: Contract, tricks: int
) -> None:
    written = f"{format_contract(contract, language)} {format_tricks(contract, tricks)}"
    assert written == text.upper()


# -- leads ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("language", "symbols", "text"),
    [
        (EN, False, "HK"),
        (ES, False, "CK"),
        (IT, False, "CK"),
        (EN, True, "♥K"),
        (IT, True, "♥K"),
    ],
)
def test_it_writes_a_lead_suit_first(
    language: Language, symbols: bool, text: str
) -> None:
    assert format_lead(Card(H, "K"), language, symbols=symbols) == text


def test_it_writes_the_ten_as_10() -> None:
    assert format_lead(Card(C, "T"), ES) == "T10"
    assert format_lead(Card(D, "T"), IT) == "Q10"


# -- contracts, results and seats ---------------------------------------------


@pytest.mark.parametrize(
    ("contract", "language", "symbols", "text"),
    [
        (Contract(4, S, X), EN, False, "4SX"),
        (Contract(4, S, X), EN, True, "4♠X"),
        (Contract(4, S, X), ES, False, "4PX"),
        (Contract(4, H, XX), IT, False, "4CXX"),
        (Contract(3, NT), EN, True, "3NT"),
        (Contract(3, NT), ES, True, "3ST"),
        (Contract(3, NT), IT, False, "3SA"),
        (Contract(1, D), IT, False, "1Q"),
        (None, EN, False, "Pass"),
        (None, ES, False, "Paso"),
        (None, IT, True, "Passo"),
    ],
)
def test_it_writes_a_contract(
    contract: Contract | None, language: Language, symbols: bool, text: str
) -> None:
    assert format_contract(contract, language, symbols=symbols) == text
    assert parse_contract(text, language) == contract


@pytest.mark.parametrize(
    ("tricks", "text"), [(10, "="), (11, "+1"), (13, "+3"), (8, "-2"), (0, "-10")]
)
def test_it_writes_tricks_relative_to_the_contract(tricks: int, text: str) -> None:
    assert format_tricks(Contract(4, H), tricks) == text


def test_it_refuses_to_write_an_impossible_number_of_tricks() -> None:
    with pytest.raises(ValueError, match="tricks must be 0 to 13"):
        format_tricks(Contract(4, H), 14)


@pytest.mark.parametrize(
    ("language", "letters"),
    [(EN, "NESW"), (ES, "NESO"), (IT, "NESO")],
)
def test_it_writes_and_reads_seats(language: Language, letters: str) -> None:
    assert "".join(format_seat(seat, language) for seat in Seat) == letters
    assert [parse_seat(letter, language) for letter in letters] == list(Seat)


def test_a_passed_out_entry_is_written_as_the_pass_word() -> None:
    assert format_entry(Entry(PASSED_OUT), ES) == "Paso"


# -- round trip ----------------------------------------------------------------


contracts = st.builds(
    Contract, st.integers(1, 7), st.sampled_from(Strain), st.sampled_from(Doubling)
)


cards = st.sampled_from(ALL_CARDS)


played = st.builds(
    lambda contract, declarer, tricks, lead: Entry(
        Result(contract, declarer, tricks), lead
    ),
    contracts,
    st.sampled_from(Seat),
    st.integers(0, 13),
    st.none() | cards,
)


entries = played | st.just(Entry(PASSED_OUT))


@settings(max_examples=300, deadline=None)
@given(entries, st.sampled_from(Language), st.booleans())
def test_parsing_a_written_entry_gives_it_back(
    entry: Entry, language: Language, symbols: bool
) -> None:
    text = format_entry(entry, language, symbols=symbols)
    assert parse_entry(text, language) == entry
    assert parse_entry(text.lower(), language) == entry
    assert parse_entry("".join(text.split()), language) == entry


@settings(max_examples=200, deadline=None)
@given(played, st.sampled_from(Language))
def test_an_entry_with_a_bare_trick_count_reads_back(
    entry: Entry, language: Language
) -> None:
    result = entry.result
    assert result.contract is not None and result.declarer is not None
    text = " ".join(
        [
            format_contract(result.contract, language),
            format_seat(result.declarer, language),
            str(result.tricks),
            format_lead(entry.lead, language) if entry.lead else "",
        ]
    )
    assert parse_entry(text, language) == entry
