"""What a hand-record sheet prints beside a deal (dealing.md §3): each hand's
high-card points and losing-trick count, and the deal's total trumps and total
tricks (the Law of Total Tricks). Hands are ``"spades.hearts.diamonds.clubs"``
with ranks ``AKQJT98765432``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

__all__ = ["high_card_points", "losing_tricks", "total_tricks", "total_trumps"]

POINTS: Final = {"A": 4, "K": 3, "Q": 2, "J": 1}
SIDES: Final = ("NS", "EW")
STRAINS: Final = ("S", "H", "D", "C")  # the suits in a hand's order


def high_card_points(hand: str) -> int:
    """Milton Work points: ace 4, king 3, queen 2, jack 1."""
    return sum(POINTS.get(card, 0) for card in hand)


def losing_tricks(hand: str) -> int:
    """The losing-trick count: in each suit, the ace, king and queen missing
    among its first min(length, 3) cards (a void has none)."""
    return sum(_suit_losers(suit) for suit in hand.split("."))


def _suit_losers(suit: str) -> int:
    top = "AKQ"[: min(len(suit), 3)]
    return sum(1 for honour in top if honour not in suit)


def _fits(hands: Mapping[str, str], side: str) -> dict[str, int]:
    """The side's combined length in each suit."""
    first, second = (hands[seat].split(".") for seat in side)
    return {
        strain: len(a) + len(b)
        for strain, a, b in zip(STRAINS, first, second, strict=True)
    }


def total_trumps(hands: Mapping[str, str]) -> int:
    """The longest fit of North–South plus the longest fit of East–West."""
    return sum(max(_fits(hands, side).values()) for side in SIDES)


def total_tricks(
    hands: Mapping[str, str], tricks: Mapping[str, Mapping[str, int]]
) -> int:
    """Each side's double-dummy tricks in its longest fit (the better of its
    two declarers; the best of equally long fits), added up. ``tricks`` are by
    declarer (N E S W) and strain (S H D C)."""
    total = 0
    for side in SIDES:
        fits = _fits(hands, side)
        longest = max(fits.values())
        total += max(
            tricks[seat][strain]
            for strain, length in fits.items()
            if length == longest
            for seat in side
        )
    return total
