"""Percentages and places: equal values share a place, shown "3=", the next is skipped.

scoring.md §4 (percentages and ranking); session percentage = 100·ΣMP / Σtop.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from typing import Final, TypeAlias, TypeVar

__all__ = ["AVERAGE_PERCENTAGE", "TIE_MARK", "Tally", "percentage", "rank"]

# scoring.md §3: with a top of 0 (a single result) every result is an average.
AVERAGE_PERCENTAGE: Final = Fraction(50)
# scoring.md §4: a shared place is written with this mark after the number ("3=").
TIE_MARK: Final = "="

Value: TypeAlias = Fraction | int | Decimal
K = TypeVar("K", bound=Hashable)


def percentage(points: Fraction | int, top: int) -> Fraction:
    """Return 100·points/top (50 when the top is 0)."""
    if top == 0:
        return AVERAGE_PERCENTAGE
    if isinstance(points, int):
        return Fraction(100 * points, top)
    return Fraction(100 * points.numerator, points.denominator * top)


@dataclass(slots=True)
class Tally:
    """A pair's running session sums: points, tops and boards (scoring.md §4).

    Points are kept as integer numerators per denominator: exact, and much faster than
    adding Fractions one board at a time.
    """

    numerators: dict[int, int] = field(default_factory=dict)
    top: int = 0
    boards: int = 0

    def add(self, points: Fraction | int, *, top: int) -> None:
        """Count one board: ``points`` scored out of ``top``."""
        if isinstance(points, int):
            denominator, numerator = 1, points
        else:
            denominator, numerator = points.denominator, points.numerator
        self.numerators[denominator] = self.numerators.get(denominator, 0) + numerator
        self.top += top
        self.boards += 1

    @property
    def points(self) -> Fraction:
        parts = (Fraction(n, d) for d, n in self.numerators.items())
        return sum(parts, Fraction(0))

    @property
    def percentage(self) -> Fraction:
        return percentage(self.points, self.top)


def rank(values: Mapping[K, Value]) -> dict[K, str]:
    """Return each key's place, higher values first; ties share "3=" and skip places."""
    ordered = sorted(values, key=lambda key: _comparable(values[key]), reverse=True)
    counts: dict[Fraction, int] = {}
    for key in ordered:
        value = _comparable(values[key])
        counts[value] = counts.get(value, 0) + 1
    places: dict[K, str] = {}
    first_place: dict[Fraction, int] = {}
    for position, key in enumerate(ordered, start=1):
        value = _comparable(values[key])
        place = first_place.setdefault(value, position)
        places[key] = f"{place}{TIE_MARK}" if counts[value] > 1 else str(place)
    return places


def _comparable(value: Value) -> Fraction:
    # Decimal and Fraction do not compare with each other; Fraction holds both exactly.
    return Fraction(value)
