"""Language, Card, Entry and NotationError."""

from __future__ import annotations

import pytest

from scoring.engine.notation import Card, Entry, NotationError
from scoring.engine.types import PASSED_OUT, Strain

from .examples import NT, S


def test_a_notation_error_is_a_value_error() -> None:
    assert issubclass(NotationError, ValueError)


@pytest.mark.parametrize(
    ("suit", "rank"), [(NT, "A"), (S, "10"), (S, "1"), (S, ""), (S, "k")]
)
def test_a_card_needs_a_real_suit_and_rank(suit: Strain, rank: str) -> None:
    with pytest.raises(ValueError):
        Card(suit, rank)


def test_a_passed_out_entry_has_no_lead() -> None:
    with pytest.raises(ValueError, match="no opening lead"):
        Entry(PASSED_OUT, Card(S, "A"))
