"""Fields and standing order: who is ranked against whom, and in what order.

scoring.md §4 and §9: pairs are ranked within their section unless the event is
scored across the field; with two winners (a Mitchell) the North-South and the
East-West pairs of a field are ranked separately. Standings list each field in
turn (sections by letter, NS before EW), the best score first, then by section
and pair number.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Final

__all__ = [
    "DIRECTION_ORDER",
    "Entrant",
    "by_direction",
    "ranking_group",
    "standing_key",
]

# NS pairs are listed before EW pairs; a pair that changes direction (Howell) last.
DIRECTION_ORDER: Final = {"NS": 0, "EW": 1, "": 2}


@dataclass(frozen=True, slots=True)
class Entrant:
    """A pair as the ranking sees it: its section, direction and number."""

    section: str
    direction: str  # "NS", "EW" or "" (changes direction)
    number: int


def ranking_group(
    entrant: Entrant, *, across: bool, two_winners: bool
) -> tuple[Hashable, str]:
    """The field a pair is ranked in: (section or None across the field, direction
    with two winners else "")."""
    return (
        None if across else entrant.section,
        entrant.direction if two_winners else "",
    )


def by_direction(two_winners: bool, directions: Iterable[str]) -> bool:
    """Whether a field that the event gives two winners is ranked NS and EW
    apart: only when every pair keeps one direction. A pair that changes
    direction (a Howell's) sits NS on some boards and EW on others, so a field
    holding one has one winner (as the EBU ranks a simultaneous by direction
    only when every heat is a Mitchell)."""
    return two_winners and "" not in set(directions)


def standing_key(
    entrant: Entrant, score: Fraction, *, across: bool
) -> tuple[str, int, float, Fraction, str, int]:
    """Sort key of a standing: field by field, the best ``score`` first. The
    float orders as the Fraction does (a correctly rounded float never reverses
    two values) and is far cheaper to compare; the Fraction breaks its ties."""
    return (
        "" if across else entrant.section,
        DIRECTION_ORDER[entrant.direction],
        -float(score),
        -score,
        entrant.section,
        entrant.number,
    )
