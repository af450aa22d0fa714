"""Points, losers and total tricks as a hand-record sheet prints them."""

from __future__ import annotations

import pytest

from scoring.engine.dealing import (
    high_card_points,
    losing_tricks,
    total_tricks,
    total_trumps,
)

HANDS = {  # N has 7 spades with S's 3: NS fit 10; EW hearts 10
    "N": "AKQJT98.2.32.432",
    "E": "5.AKQJT.AKQ.AKQ5",
    "S": "432.43.JT9876.76",
    "W": "76.98765.54.JT98",
}


def test_points_count_aces_kings_queens_and_jacks():
    assert [high_card_points(HANDS[s]) for s in "NESW"] == [10, 28, 1, 1]
    assert sum(high_card_points(HANDS[s]) for s in "NESW") == 40


@pytest.mark.parametrize(
    ("hand", "losers"),
    [
        ("AKQJT98.2.32.432", 0 + 1 + 2 + 3),
        ("5.AKQJT.AKQ.AKQ5", 1 + 0 + 0 + 0),
        ("AKQJT98765432...", 0),
        ("Q2.K3.A4.KQJT9876", 2 + 1 + 1 + 1),
        ("AQ2.KJ3.Q54.T987", 1 + 2 + 2 + 3),
    ],
)
def test_losing_tricks_count_the_missing_top_honours(hand, losers):
    assert losing_tricks(hand) == losers


def test_total_trumps_add_each_sides_longest_fit():
    assert total_trumps(HANDS) == 10 + 10  # EW hearts 5 + 5


def test_total_tricks_add_each_sides_tricks_in_its_longest_fit():
    tricks = {seat: {"S": 0, "H": 0, "D": 0, "C": 0} for seat in "NESW"}
    tricks["N"]["S"], tricks["S"]["S"] = 8, 7
    tricks["E"]["H"], tricks["W"]["H"] = 11, 12
    tricks["E"]["C"] = 13  # not their longest fit: not counted
    assert total_tricks(HANDS, tricks) == 8 + 12
