"""The words of each language and the collisions domain.md §6 warns about."""

from __future__ import annotations

import pytest

from scoring.engine.notation import (
    Card,
    Entry,
    Language,
    NotationError,
    format_contract,
    format_seat,
    parse_contract,
    parse_entry,
    parse_lead,
    parse_seat,
)
from scoring.engine.notation.words import LOCAL_RANKS, STRAIN_LETTERS, SUIT_SYMBOLS
from scoring.engine.types import Contract, Result, Strain

from .examples import ALL_CARDS, EN, ES, IT, NT, SOUTH, C, D, H, S, W, X

# -- the collisions domain.md §6 warns about -----------------------------------


@pytest.mark.parametrize(
    ("language", "strain"), [(EN, C), (ES, H), (IT, H)], ids=["EN", "ES", "IT"]
)
def test_c_is_clubs_in_english_but_hearts_in_spanish_and_italian(
    language: Language, strain: Strain
) -> None:
    assert parse_contract("4C", language) == Contract(4, strain)
    assert parse_lead("CA", language) == Card(strain, "A")


@pytest.mark.parametrize("language", [ES, IT])
def test_o_is_west_in_spanish_and_italian(language: Language) -> None:
    assert parse_seat("O", language) is W
    assert parse_seat("o", language) is W
    assert format_seat(W, language) == "O"


def test_o_is_not_a_seat_in_english() -> None:
    with pytest.raises(NotationError) as caught:
        parse_seat("O", EN)
    assert caught.value.code == "bad_seat"
    assert "English seats are N, E, S, W" in str(caught.value)


@pytest.mark.parametrize(("language", "word"), [(ES, "Oeste"), (IT, "Ovest")])
def test_w_is_refused_in_spanish_and_italian_with_a_pointer_to_o(
    language: Language, word: str
) -> None:
    for parse in (
        lambda: parse_seat("W", language),
        lambda: parse_entry("4P W =", language),
    ):
        with pytest.raises(NotationError) as caught:
            parse()
        assert caught.value.code == "bad_seat"
        assert f"West is O ({word})" in str(caught.value)


def test_s_is_spades_in_a_contract_and_south_as_a_seat_in_english() -> None:
    assert parse_entry("4S S =", EN) == Entry(Result(Contract(4, S), SOUTH, 10))
    assert parse_entry("4SS=", EN) == Entry(Result(Contract(4, S), SOUTH, 10))
    assert parse_seat("S", EN) is SOUTH
    assert parse_lead("SA", EN) == Card(S, "A")


@pytest.mark.parametrize("language", [ES, IT])
def test_s_is_south_but_never_a_suit_in_spanish_and_italian(
    language: Language,
) -> None:
    assert parse_seat("S", language) is SOUTH
    with pytest.raises(NotationError) as caught:
        parse_contract("4S", language)
    assert caught.value.code == "unknown_strain"


@pytest.mark.parametrize("language", [ES, IT])
def test_p_is_spades_in_spanish_and_italian(language: Language) -> None:
    assert parse_contract("4P", language) == Contract(4, S)
    assert parse_lead("PK", language) == Card(S, "K")


@pytest.mark.parametrize("language", list(Language))
@pytest.mark.parametrize("text", ["P", "p", " P "])
def test_a_bare_p_is_never_a_pass(language: Language, text: str) -> None:
    for parse in (parse_contract, parse_entry):
        with pytest.raises(NotationError) as caught:
            parse(text, language)
        assert caught.value.code == "p_not_pass"


@pytest.mark.parametrize(("language", "word"), [(ES, "picas"), (IT, "picche")])
def test_the_bare_p_message_says_it_means_spades(language: Language, word: str) -> None:
    with pytest.raises(NotationError, match=f"'P' means spades \\({word}\\)"):
        parse_contract("P", language)


def test_p_is_not_a_strain_in_english() -> None:
    with pytest.raises(NotationError) as caught:
        parse_contract("4P", EN)
    assert caught.value.code == "unknown_strain"


@pytest.mark.parametrize(
    ("language", "text", "strain"),
    [
        (EN, "3N", NT),
        (EN, "3NT", NT),
        (ES, "3ST", NT),
        (IT, "3SA", NT),
        (ES, "3T", C),
        (IT, "3F", C),
        (ES, "3D", D),
        (IT, "3Q", D),
    ],
)
def test_each_language_has_its_own_letters(
    language: Language, text: str, strain: Strain
) -> None:
    assert parse_contract(text, language) == Contract(3, strain)


@pytest.mark.parametrize(
    ("language", "text"),
    [
        (ES, "3N"),
        (ES, "3NT"),
        (IT, "3ST"),
        (ES, "3SA"),
        (EN, "3T"),
        (IT, "3D"),
        (EN, "3Q"),
        (EN, "3F"),
        (ES, "3H"),
    ],
)
def test_another_languages_letters_are_refused(language: Language, text: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_contract(text, language)
    assert caught.value.code == "unknown_strain"


@pytest.mark.parametrize("language", list(Language))
@pytest.mark.parametrize("symbol", list(SUIT_SYMBOLS))
def test_suit_symbols_work_in_every_language(language: Language, symbol: str) -> None:
    contract = parse_contract(f"2{symbol}X", language)
    assert contract == Contract(2, SUIT_SYMBOLS[symbol], X)
    assert format_contract(contract, language, symbols=True) == f"2{symbol}X"


# -- local honour letters in leads ---------------------------------------------


def spellings(card: Card, language: Language) -> list[str]:
    """Every way the module doc allows to write ``card`` in ``language``."""
    suits = [t for t, s in STRAIN_LETTERS[language].items() if s is card.suit]
    suits += [t for t, s in SUIT_SYMBOLS.items() if s is card.suit]
    ranks = [card.rank] + (["10"] if card.rank == "T" else [])
    ranks += [t for t, r in LOCAL_RANKS[language].items() if r == card.rank]
    return [
        spelling
        for suit in suits
        for rank in ranks
        for spelling in (suit + rank, rank + suit, (rank + suit).lower())
    ]


@pytest.mark.parametrize("language", list(Language))
def test_every_spelling_of_every_card_reads_back_as_that_card(
    language: Language,
) -> None:
    # If two cards shared a spelling, one of them would read back wrongly here.
    for card in ALL_CARDS:
        for spelling in spellings(card, language):
            assert parse_lead(spelling, language) == card, spelling
