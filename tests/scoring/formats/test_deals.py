"""A PBN deal written the one way the program stores it, or refused."""

from __future__ import annotations

import re

import pytest

from scoring.formats.deals import DealError, normal_deal

# N, E, S, W of one deal.
HANDS = (
    "Q953.85.J532.T42",
    "2.Q7642.A8.AK763",
    "AKJ4.KT9.K76.J98",
    "T876.AJ3.QT94.Q5",
)
NORTH_FIRST = "N:" + " ".join(HANDS)


def written_from(seat: str) -> str:
    start = "NESW".index(seat)
    return f"{seat}:" + " ".join(HANDS[(start + i) % 4] for i in range(4))


@pytest.mark.parametrize("seat", ["N", "E", "S", "W"])
def test_a_deal_written_from_any_seat_is_stored_from_north(seat: str) -> None:
    assert normal_deal(written_from(seat)) == NORTH_FIRST


def test_lower_case_tens_voids_and_cards_out_of_order_are_read() -> None:
    messy = "n:359q.58.j235.t42 2.q7642.a8.ak763 akj4.k10 9.k76.j98 t876.aj3.qt94.q5"
    assert normal_deal(messy.replace("k10 9", "k109")) == NORTH_FIRST
    void = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. -.-.-.AKQJT98765432"
    assert normal_deal(void).endswith(" ...AKQJT98765432")


@pytest.mark.parametrize(
    ("deal", "message"),
    [
        (NORTH_FIRST.replace("Q953", "Q955"), "♠5 is dealt twice (N and N)"),
        (NORTH_FIRST.replace("T876", "T875"), "♠5 is dealt twice (N and W)"),
        (NORTH_FIRST.replace("Q953", "Q9533"), "the hand of N has 14 cards"),
        (NORTH_FIRST.replace(".Q5", ".Q"), "the hand of W has 12 cards, not 13"),
        (NORTH_FIRST.replace(" T876.AJ3.QT94.Q5", ""), "the deal has 3 hands"),
        (NORTH_FIRST.replace("Q953", "Q95X"), "the hand of N has ♠X: not a card"),
        (NORTH_FIRST.replace("Q953.", "Q953"), "the hand of N (Q95385.J532.T42)"),
        (NORTH_FIRST[2:], "does not start with a seat and a colon"),
        ("N:- - - -", "the hand of N (-) has 1 suits"),
    ],
)
def test_anything_but_52_different_cards_is_refused(deal: str, message: str) -> None:
    with pytest.raises(DealError, match=re.escape(message)):
        normal_deal(deal)
