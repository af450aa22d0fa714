"""Contract and result notation per language (domain.md §6, scoring.md §2)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine.notation import (
    LOCAL_RANKS,
    RANKS,
    STRAIN_LETTERS,
    SUIT_SYMBOLS,
    Card,
    Entry,
    Language,
    NotationError,
    format_contract,
    format_entry,
    format_lead,
    format_seat,
    format_tricks,
    parse_contract,
    parse_entry,
    parse_lead,
    parse_seat,
    parse_tricks,
)
from scoring.engine.types import PASSED_OUT, Contract, Doubling, Result, Seat, Strain

EN, ES, IT = Language.EN, Language.ES, Language.IT
C, D, H, S, NT = Strain
N, E, SOUTH, W = Seat
X, XX = Doubling.DOUBLED, Doubling.REDOUBLED

# domain.md §6 examples: (language, text, contract, declarer's tricks).
SPEC_EXAMPLES: Final = [
    (lang, text, contract, tricks)
    for texts, contract, tricks in (
        (("4S =", "4P =", "4P ="), Contract(4, S), 10),
        (("2S +2", "2P +2", "2P +2"), Contract(2, S), 10),
        (("4HX -1", "4Cx -1", "4CX -1"), Contract(4, H, X), 9),
        (("3NTXX =", "3STxx =", "3SAXX ="), Contract(3, NT, XX), 9),
        (("5C =", "5T =", "5F ="), Contract(5, C), 11),
    )
    for lang, text in zip((EN, ES, IT), texts, strict=True)
]


@pytest.mark.parametrize(("language", "text", "contract", "tricks"), SPEC_EXAMPLES)
def test_it_reads_every_example_of_the_spec_table(
    language: Language, text: str, contract: Contract, tricks: int
) -> None:
    contract_text, result_text = text.rsplit(" ", 1)
    assert parse_contract(contract_text, language) == contract
    assert parse_tricks(result_text, contract) == tricks


@pytest.mark.parametrize(("language", "text", "contract", "tricks"), SPEC_EXAMPLES)
def test_it_writes_every_example_of_the_spec_table(
    language: Language, text: str, contract: Contract, tricks: int
) -> None:
    written = f"{format_contract(contract, language)} {format_tricks(contract, tricks)}"
    assert written == text.upper()


@pytest.mark.parametrize(("language", "text", "contract", "tricks"), SPEC_EXAMPLES)
def test_every_example_of_the_spec_table_is_an_entry_once_a_declarer_is_added(
    language: Language, text: str, contract: Contract, tricks: int
) -> None:
    contract_text, result_text = text.rsplit(" ", 1)
    entry = parse_entry(f"{contract_text} E {result_text}", language)
    assert entry == Entry(Result(contract, E, tricks))
    assert parse_entry(format_entry(entry, language), language) == entry


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


# -- the collisions domain.md §6 warns about ---------------------------------


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


# -- leads ---------------------------------------------------------------------


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


ALL_CARDS: Final = [Card(suit, rank) for suit in (C, D, H, S) for rank in RANKS]


@pytest.mark.parametrize("language", list(Language))
def test_every_spelling_of_every_card_reads_back_as_that_card(
    language: Language,
) -> None:
    # If two cards shared a spelling, one of them would read back wrongly here.
    for card in ALL_CARDS:
        for spelling in spellings(card, language):
            assert parse_lead(spelling, language) == card, spelling


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


# -- formatting ----------------------------------------------------------------


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


def test_seven_no_trump_plus_one_is_impossible() -> None:
    with pytest.raises(NotationError) as caught:
        parse_tricks("+1", Contract(7, NT))
    assert caught.value.code == "overtricks_impossible"
    assert str(caught.value) == (
        "7NT+1 is impossible: declarer can take at most 13 tricks"
    )


# -- errors --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("language", "text", "code"),
    [
        (EN, "4S N 14", "too_many_tricks"),
        (EN, "7NT N +1", "overtricks_impossible"),
        (EN, "1C N +7", "overtricks_impossible"),
        (EN, "1NT N -8", "undertricks_impossible"),
        (EN, "0S N =", "bad_level"),
        (EN, "8S N =", "bad_level"),
        (EN, "10H N =", "bad_level"),
        (EN, "N 4S =", "bad_level"),
        (ES, "pass", "bad_level"),
        (EN, "4Z N =", "unknown_strain"),
        (EN, "4 N", "missing_seat"),
        (EN, "4", "missing_strain"),
        (EN, "4SXXX N =", "bad_doubling"),
        (EN, "4S", "missing_seat"),
        (EN, "4S=", "missing_seat"),
        (EN, "4S Q =", "bad_seat"),
        (EN, "4S N", "missing_result"),
        (EN, "4S N X", "bad_result"),
        (EN, "4S N +", "bad_result"),
        (EN, "4S N -0", "bad_result"),
        (EN, "4S N +0", "bad_result"),
        (EN, "4S N = ZK", "bad_lead"),
        (EN, "4S N = HK QS", "extra_text"),
        (EN, "pass N", "extra_text"),
        (EN, "", "empty"),
        (IT, "   ", "empty"),
    ],
)
def test_it_refuses_an_impossible_or_unreadable_entry(
    language: Language, text: str, code: str
) -> None:
    with pytest.raises(NotationError) as caught:
        parse_entry(text, language)
    assert caught.value.code == code


@pytest.mark.parametrize(
    ("parse", "text", "code", "message"),
    [
        (parse_contract, "4Z", "unknown_strain", "unknown strain 'Z' in '4Z'"),
        (parse_contract, "4S N", "extra_text", "unexpected 'N' after the contract"),
        (parse_contract, "", "empty", "the contract is empty"),
        (parse_entry, "4S", "missing_seat", "declarer seat missing in '4S'"),
        (parse_entry, "9H N =", "bad_level", "level 9 is impossible"),
        (parse_seat, "", "empty", "the seat is empty"),
        (parse_seat, "NE", "extra_text", "unexpected 'E' after the seat"),
        (parse_lead, " ", "empty", "the lead is empty"),
    ],
)
def test_every_error_names_what_is_wrong(
    parse: Callable[[str, Language], object], text: str, code: str, message: str
) -> None:
    with pytest.raises(NotationError) as caught:
        parse(text, EN)
    assert caught.value.code == code
    assert message in str(caught.value)


@pytest.mark.parametrize(
    ("text", "code", "params"),
    [
        ("14", "too_many_tricks", {"tricks": 14}),
        ("+2", "overtricks_impossible", {"contract": Contract(6, H), "difference": 2}),
        (
            "-13",
            "undertricks_impossible",
            {"contract": Contract(6, H), "difference": -13},
        ),
        ("", "empty", {"what": "result"}),
        ("up one", "bad_result", {"result": "UPONE", "text": "up one"}),
    ],
)
def test_a_result_error_carries_a_code_and_its_parameters(
    text: str, code: str, params: dict[str, object]
) -> None:
    with pytest.raises(NotationError) as caught:
        parse_tricks(text, Contract(6, H))
    assert (caught.value.code, caught.value.params) == (code, params)


def test_one_no_trump_eight_down_says_how_far_it_can_go() -> None:
    with pytest.raises(
        NotationError, match="1NT-8 is impossible: 1NT can go at most 7"
    ):
        parse_tricks("-8", Contract(1, NT))


def test_a_notation_error_is_a_value_error() -> None:
    assert issubclass(NotationError, ValueError)


# -- value types ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("suit", "rank"), [(NT, "A"), (S, "10"), (S, "1"), (S, ""), (S, "k")]
)
def test_a_card_needs_a_real_suit_and_rank(suit: Strain, rank: str) -> None:
    with pytest.raises(ValueError):
        Card(suit, rank)


def test_a_passed_out_entry_has_no_lead() -> None:
    with pytest.raises(ValueError, match="no opening lead"):
        Entry(PASSED_OUT, Card(S, "A"))


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
