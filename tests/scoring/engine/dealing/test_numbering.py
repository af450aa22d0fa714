"""The deal-numbering bijection (dealing.md §1)."""

from __future__ import annotations

import random

import pytest

from scoring.engine.dealing import (
    DEAL_COUNT,
    deal_of_rank,
    deal_pbn,
    pbn_deal,
    rank_of_deal,
)


def test_the_number_of_deals_is_the_standards():
    assert DEAL_COUNT == 53_644_737_765_488_792_839_237_440_000


def test_the_first_deal_gives_each_hand_one_suit_in_order():
    first = deal_of_rank(0)
    assert deal_pbn(first) == (
        "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
    )
    assert rank_of_deal(first) == 0


def test_the_last_deal_gives_the_suits_the_other_way_round():
    last = deal_of_rank(DEAL_COUNT - 1)
    assert deal_pbn(last) == (
        "N:...AKQJT98765432 ..AKQJT98765432. .AKQJT98765432.. AKQJT98765432..."
    )
    assert rank_of_deal(last) == DEAL_COUNT - 1


def test_ranks_and_deals_map_one_to_one_on_random_ranks():
    draw = random.Random(31)
    ranks = [draw.randrange(DEAL_COUNT) for _ in range(2000)]
    deals = [deal_of_rank(rank) for rank in ranks]
    assert [rank_of_deal(deal) for deal in deals] == ranks
    assert len(set(deals)) == len(set(ranks))


def test_neighbouring_ranks_differ_in_the_last_cards_only():
    one, two = deal_of_rank(0), deal_of_rank(1)
    changed = [card for card in range(52) if one[card] != two[card]]
    assert changed == [38, 39]  # ♦2 goes to West, ♣A to South
    assert deal_pbn(two) == (
        "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT9876543.A ..2.KQJT98765432"
    )


@pytest.mark.parametrize("rank", [-1, DEAL_COUNT])
def test_a_rank_out_of_range_is_refused(rank):
    with pytest.raises(ValueError, match="not below"):
        deal_of_rank(rank)


def test_a_deal_reads_back_from_its_pbn():
    deal = deal_of_rank(DEAL_COUNT // 3)
    assert pbn_deal(deal_pbn(deal)) == deal


def test_a_deal_that_is_not_thirteen_cards_a_hand_is_refused():
    with pytest.raises(ValueError, match="13 to each hand"):
        rank_of_deal((0,) * 52)
