"""A deal as the owners of the 52 cards, and its rank among all deals.

Cards are numbered as the dealing machines number them (dealing.md §2): ♠A, ♠K
… ♠2, ♥A … ♥2, ♦A … ♦2, ♣A … ♣2; owners N = 0, E = 1, S = 2, W = 3. The rank
enumerates deals card by card: the deals giving the card to North come first,
then East, South and West, each block as large as the number of ways to deal
the cards left (a multinomial), so ranking and unranking are exact integer
arithmetic and a uniform rank is a uniform deal.
"""

from __future__ import annotations

from math import factorial
from typing import Final

__all__ = ["DEAL_COUNT", "Deal", "deal_of_rank", "deal_pbn", "pbn_deal", "rank_of_deal"]

Deal = tuple[int, ...]  # owner (0–3, N E S W) of each card 0–51
SEATS: Final = "NESW"
RANKS: Final = "AKQJT98765432"
HAND: Final = 13
DEAL_COUNT: Final = factorial(52) // factorial(HAND) ** 4


def rank_of_deal(deal: Deal) -> int:
    """The deal's rank in ``0 … DEAL_COUNT - 1``."""
    _check(deal)
    left, total, rank = [HAND] * 4, DEAL_COUNT, 0
    for cards_left, owner in zip(range(52, 0, -1), deal, strict=True):
        for hand in range(owner):
            rank += total * left[hand] // cards_left
        total = total * left[owner] // cards_left
        left[owner] -= 1
    return rank


def deal_of_rank(rank: int) -> Deal:
    """The deal of rank ``rank`` (inverse of ``rank_of_deal``)."""
    if not 0 <= rank < DEAL_COUNT:
        raise ValueError(f"rank {rank} is not below {DEAL_COUNT}")
    left, total, owners = [HAND] * 4, DEAL_COUNT, []
    for cards_left in range(52, 0, -1):
        for hand in range(4):
            block = total * left[hand] // cards_left
            if rank < block:
                break
            rank -= block
        owners.append(hand)
        total = block
        left[hand] -= 1
    return tuple(owners)


def deal_pbn(deal: Deal) -> str:
    """The deal as the program stores it: ``"N:<N> <E> <S> <W>"``."""
    _check(deal)
    hands = []
    for seat in range(4):
        suits = [
            "".join(
                RANKS[c % 13] for c in range(s * 13, s * 13 + 13) if deal[c] == seat
            )
            for s in range(4)
        ]
        hands.append(".".join(suits))
    return "N:" + " ".join(hands)


def pbn_deal(text: str) -> Deal:
    """The owners of the cards of a normal PBN deal (``"N:…"``, as stored)."""
    owners = [-1] * 52
    if not text.startswith("N:"):
        raise ValueError(f"{text!r} is not a deal from North")
    for seat, hand in enumerate(text[2:].split()):
        for suit, ranks in enumerate(hand.split(".")):
            for rank in ranks:
                owners[suit * 13 + RANKS.index(rank)] = seat
    deal = tuple(owners)
    _check(deal)
    return deal


def _check(deal: Deal) -> None:
    if len(deal) != 52 or any(deal.count(seat) != HAND for seat in range(4)):
        raise ValueError("a deal is 52 cards, 13 to each hand")
