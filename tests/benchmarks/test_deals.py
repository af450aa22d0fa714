"""The double-dummy benchmark deals real hands and prints its time a deal."""

from __future__ import annotations

import json
import random

import pytest

from benchmarks import deals


def test_a_random_deal_is_four_hands_of_52_different_cards() -> None:
    deal = deals.random_deal(random.Random(3))
    hands = deal.removeprefix("N:").split(" ")
    cards = [(suit, rank) for hand in hands
             for suit, holding in zip("SHDC", hand.split("."), strict=True)
             for rank in holding]  # fmt: skip
    assert len(hands) == 4 and all(len(h.replace(".", "")) == 13 for h in hands)
    assert len(set(cards)) == 52


def test_it_prints_the_time_a_deal(capsys: pytest.CaptureFixture[str]) -> None:
    figures = deals.main(["--deals", "1", "--seed", "5"])
    assert figures["deals"] == 1 and figures["s_a_deal"] > 0
    assert json.loads(capsys.readouterr().out) == figures
