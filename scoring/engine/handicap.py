"""Handicapped pairs: a pair's percentage with its handicap added.

The spec is silent on handicaps; this follows what clubs scoring with NZ Scorer
and ACBLscore publish. A handicap is in percentage points, positive for a weaker
player (NZ clubs: 50 minus the player's average percentage). A pair's handicap is
its own, when the director gives one; else its players' handicaps combined by the
event's ``HandicapRule``:

* ``AVERAGE`` (default): the mean of the players' handicaps, the NZ Bridge club
  convention (Tauranga BC, "Handicaps explained": −6.2 and −2.8 make −4.5);
* ``SUM``: their sum, as clubs whose player handicaps run from −5 to +5 do
  (Rhayader BC: 48 % with handicaps 1 and 2 makes 51 %).

A player without a handicap counts as 0 (scratch); a pair with no players and no
handicap of its own has 0. The handicapped percentage is the raw percentage plus
the pair's handicap times the event's share of it, exactly (no rounding): the
whole handicap by default; half of it as NZ Scorer ranks (its USEBIO files write
a handicapped percentage equal to the raw one plus half the handicap). The
ranking is by it, the raw percentage shown beside it.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from decimal import Decimal
from fractions import Fraction
from typing import TypeVar

from .policy import HandicapRule
from .ranking import rank

__all__ = [
    "HandicapRule",
    "handicapped_percentage",
    "handicapped_places",
    "pair_handicap",
]

K = TypeVar("K", bound=Hashable)


def _exact(value: Fraction | Decimal | int | None) -> Fraction:
    return Fraction(0) if value is None else Fraction(value)


def pair_handicap(
    players: Sequence[Fraction | Decimal | int | None],
    *,
    own: Fraction | Decimal | int | None = None,
    rule: HandicapRule = HandicapRule.AVERAGE,
) -> Fraction:
    """The pair's handicap: ``own`` when given, else the players' by ``rule``."""
    if own is not None:
        return Fraction(own)
    if not players:
        return Fraction(0)
    total = sum((_exact(h) for h in players), Fraction(0))
    return total if rule is HandicapRule.SUM else total / len(players)


def handicapped_percentage(
    raw: Fraction, handicap: Fraction, share: Fraction = Fraction(1)
) -> Fraction:
    """Raw percentage plus ``share`` of the pair's handicap (percentage points)."""
    return raw + share * handicap


def handicapped_places(
    raw: Mapping[K, Fraction],
    handicaps: Mapping[K, Fraction],
    share: Fraction = Fraction(1),
) -> tuple[dict[K, Fraction], dict[K, str]]:
    """Each pair's handicapped percentage and its place in one field ranked by
    it (a pair missing from ``handicaps`` has 0)."""
    scores = {
        key: handicapped_percentage(value, handicaps.get(key, Fraction(0)), share)
        for key, value in raw.items()
    }
    return scores, rank(scores)
