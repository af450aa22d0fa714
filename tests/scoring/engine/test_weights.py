"""Weighted assigned scores as typed: '40% 4H N = ; 60% 4H N -1' (Law 12C1(c))."""

from __future__ import annotations

from decimal import Decimal

import pytest

from scoring.engine.notation import Language, NotationError
from scoring.engine.weights import parse_weighted


def test_each_part_has_its_weight_and_result() -> None:
    parts = parse_weighted("40% 4H N = ; 60% 4H N -1", Language.EN)
    assert [(w, e.result.tricks) for w, e in parts] == [
        (Decimal(40), 10),
        (Decimal(60), 9),
    ]


def test_a_single_result_without_a_weight_counts_in_full() -> None:
    [(weight, entry)] = parse_weighted("3NT S +1", Language.EN)
    assert (weight, entry.result.tricks) == (Decimal(100), 10)


def test_spanish_results_are_read_in_spanish() -> None:
    [(_weight, entry)] = parse_weighted("100% 4C N =", Language.ES)
    assert entry.result.contract is not None
    assert entry.result.contract.strain.value == "H"  # corazones


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("40% 4H N = ; 50% 4H N -1", "weights_total"),
        ("forty% 4H N =", "bad_weight"),
        ("40% 4H N = ; 60% 4Z N -1", "unknown_strain"),
    ],
)
def test_bad_weights_are_refused_with_a_stable_code(text: str, code: str) -> None:
    with pytest.raises(NotationError) as refused:
        parse_weighted(text, Language.EN)
    assert refused.value.code == code
