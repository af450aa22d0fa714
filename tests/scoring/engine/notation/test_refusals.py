"""What is refused, with which code, parameters and message."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from scoring.engine.notation import (
    Language,
    NotationError,
    parse_contract,
    parse_entry,
    parse_lead,
    parse_seat,
    parse_tricks,
)
from scoring.engine.types import Contract

from .examples import EN, ES, IT, NT, H


def test_seven_no_trump_plus_one_is_impossible() -> None:
    with pytest.raises(NotationError) as caught:
        parse_tricks("+1", Contract(7, NT))
    assert caught.value.code == "overtricks_impossible"
    assert str(caught.value) == (
        "7NT+1 is impossible: declarer can take at most 13 tricks"
    )


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
