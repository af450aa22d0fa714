"""Percentages and places: equal values share a place, shown "3=", the next is skipped.

scoring.md §4 (percentages and ranking); session percentage = 100·ΣMP / Σtop.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from itertools import groupby
from typing import Final, TypeAlias, TypeVar

__all__ = [
    "AVERAGE_PERCENTAGE",
    "TIE_MARK",
    "Tally",
    "exact_sum",
    "percentage",
    "places",
    "rank",
    "sort_key",
]

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


def exact_sum(values: Iterable[Fraction | int]) -> Fraction:
    """Return the exact sum of ``values``, added as integer numerators per
    denominator: far cheaper than adding Fractions one at a time."""
    numerators: dict[int, int] = {}
    for value in values:
        denominator = value.denominator
        numerators[denominator] = numerators.get(denominator, 0) + value.numerator
    common = math.lcm(*numerators)
    return Fraction(sum(n * (common // d) for d, n in numerators.items()), common)


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
    return places({key: sort_key(value) for key, value in values.items()})


def places(keys: Mapping[K, tuple[float, Fraction]]) -> dict[K, str]:
    """``rank`` from each key's ``sort_key`` (a caller may keep them)."""
    ordered = sorted(keys, key=keys.__getitem__, reverse=True)
    places: dict[K, str] = {}
    position = 1
    for _, group in groupby(ordered, key=keys.__getitem__):
        tied = list(group)
        mark = TIE_MARK if len(tied) > 1 else ""
        for key in tied:
            places[key] = f"{position}{mark}"
        position += len(tied)
    return places


def sort_key(value: Value) -> tuple[float, Fraction]:
    """Order values exactly, comparing floats first: a correctly rounded float never
    reverses the order of two values, so the Fraction only breaks float ties."""
    # Decimal and Fraction do not compare with each other; Fraction holds both exactly.
    exact = value if type(value) is Fraction else Fraction(value)
    try:
        return float(exact), exact
    except OverflowError:
        return (math.inf if exact > 0 else -math.inf), exact
