"""A PBN ``Deal`` value checked and written the one way the program stores it.

PBN 2.1 §3.4.11: ``"<first>:<hand> <hand> <hand> <hand>"``, the hands clockwise
from the seat named first, each ``spades.hearts.diamonds.clubs`` with ranks
``AKQJT98765432``. Dealing programs and machines write the same deal in several
ways: the dealer's seat first (``"E:…"``), lower case, ``10`` for the ten, cards
out of order, ``-`` for a void. All of them become ``"N:<N> <E> <S> <W>"`` with
each suit in rank order; anything but four hands holding 52 different cards is
refused with a message naming the card or hand at fault.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Mapping
from typing import Final

from .problems import FormatError, gettext_noop

__all__ = ["SEATS", "DealError", "normal_deal", "repeated_deals"]

SEATS: Final = "NESW"  # clockwise, as the hands of a deal are written
RANKS: Final = "AKQJT98765432"
SUIT_SYMBOLS: Final = "♠♥♦♣"  # the order of the suits in a hand
_FIRST = re.compile(r"^\s*(?P<seat>[NESWnesw])\s*:\s*(?P<hands>.*)$", re.DOTALL)


class DealError(FormatError):
    pass


def normal_deal(value: str) -> str:
    """Return ``value`` as ``"N:<N> <E> <S> <W>"`` or raise ``DealError``."""
    match = _FIRST.match(value)
    if match is None:
        raise DealError(
            gettext_noop("%(deal)r does not start with a seat and a colon (N:)"),
            deal=value.strip(),
        )
    hands = match["hands"].split()
    if len(hands) != 4:
        raise DealError(
            gettext_noop("the deal has %(count)s hands, not four"), count=len(hands)
        )
    start = SEATS.index(match["seat"].upper())
    by_seat: dict[str, list[str]] = {}
    for offset, hand in enumerate(hands):
        seat = SEATS[(start + offset) % 4]
        by_seat[seat] = _hand(seat, hand)
    _check_cards(by_seat)
    return "N:" + " ".join(".".join(by_seat[seat]) for seat in SEATS)


def _hand(seat: str, text: str) -> list[str]:
    """The four suits of one hand, each in rank order."""
    suits = text.upper().replace("10", "T").split(".")
    if len(suits) != 4:
        raise DealError(
            gettext_noop(
                "the hand of %(seat)s (%(hand)s) has %(count)s suits, not four"
            ),
            seat=seat,
            hand=text,
            count=len(suits),
        )
    suits = ["" if suit == "-" else suit for suit in suits]
    for symbol, suit in zip(SUIT_SYMBOLS, suits, strict=True):
        wrong = next((c for c in suit if c not in RANKS), None)
        if wrong is not None:
            raise DealError(
                gettext_noop("the hand of %(seat)s has %(card)s: not a card"),
                seat=seat,
                card=symbol + wrong,
            )
    cards = sum(len(suit) for suit in suits)
    if cards != 13:
        raise DealError(
            gettext_noop("the hand of %(seat)s has %(count)s cards, not 13"),
            seat=seat,
            count=cards,
        )
    return ["".join(sorted(suit, key=RANKS.index)) for suit in suits]


def _check_cards(by_seat: dict[str, list[str]]) -> None:
    """Refuse a card held twice (in one hand or two)."""
    holder: dict[str, str] = {}
    for seat in SEATS:
        for symbol, suit in zip(SUIT_SYMBOLS, by_seat[seat], strict=True):
            for rank in suit:
                card = symbol + rank
                if card in holder:
                    raise DealError(
                        gettext_noop(
                            "%(card)s is dealt twice (%(first)s and %(second)s)"
                        ),
                        card=card,
                        first=holder[card],
                        second=seat,
                    )
                holder[card] = seat


def repeated_deals(deals: Mapping[int, str]) -> list[list[int]]:
    """The boards that share one deal (as ``normal_deal`` writes it), each group
    in board order: a hand record copied twice, worth a warning, not a refusal
    (a club may replay a set)."""
    boards: dict[str, list[int]] = defaultdict(list)
    for number, deal in sorted(deals.items()):
        boards[deal].append(number)
    return [group for group in boards.values() if len(group) > 1]
