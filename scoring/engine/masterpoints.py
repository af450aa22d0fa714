"""Master points by a club's own simple rule (formats.md §1: USEBIO carries
them in hundredths; a federation's rules are out of scope).

The director gives the points for each place, in hundredths; only the top third
of the field by rank (rounded up) score. Pairs tied for places share those
places' points equally, a part of a hundredth left out, so a tie never awards
more than the table gives.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Mapping, Sequence
from fractions import Fraction
from typing import TypeVar

__all__ = ["by_place", "place_of", "top_third"]

K = TypeVar("K", bound=Hashable)
TIE_MARK = "="


def place_of(rank: str) -> int:
    """The first place of a rank as the standings write it: "3=" -> 3."""
    return int(rank.rstrip(TIE_MARK))


def top_third(field: int) -> int:
    """How many places of a field of ``field`` entrants score: a third, rounded up."""
    return -(-field // 3)


def by_place(ranks: Mapping[K, str], table: Sequence[int]) -> dict[K, int]:
    """Each entrant's points (hundredths) for its rank ("1", "2=") in one field,
    from ``table`` (points of 1st, 2nd, … place); those outside the top third,
    or past the table's end, get none and are left out."""
    places = {key: place_of(rank) for key, rank in ranks.items()}
    tied = Counter(places.values())
    scoring = min(top_third(len(ranks)), len(table))
    awards: dict[K, int] = {}
    for key, place in places.items():
        covered = range(place, place + tied[place])
        total = sum(table[p - 1] for p in covered if p <= scoring)
        share = int(Fraction(total, tied[place]))  # int() drops the part left over
        if share > 0:
            awards[key] = share
    return awards
