"""Matchpoints of one comparison group by the frequency method.

Law 78A, Laws of Duplicate Bridge 2017; scoring.md §3 (frequency method) and §7
(weighted scores as fractional frequencies, EBU White Book 2017 §4.1).
Internal units: 2 per result beaten, 1 per tie; ACBL presentation halves them.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence
from fractions import Fraction
from typing import Final

from .outcomes import Distribution
from .policy import MpPresentation

__all__ = [
    "ACBL_DIVISOR",
    "column_matchpoints",
    "matchpoints",
    "to_presentation",
    "top",
]

# scoring.md §0: ACBL presentation = internal units ÷ 2 (1 / ½ / 0 per comparison).
ACBL_DIVISOR: Final = 2


def top(results: int) -> int:
    """Return the top 2(n − 1) of a group of ``results`` results (0 if n ≤ 1)."""
    return max(0, 2 * (results - 1))


def matchpoints(scores: Sequence[int]) -> list[int]:
    """Return each score's internal matchpoints against the other scores.

    Frequency method, O(n log n): the lowest distinct score gets f − 1, each next one
    2·(results below) + f − 1.
    """
    counts = Counter(scores)
    points: dict[int, int] = {}
    below = 0
    for score in sorted(counts):
        frequency = counts[score]
        points[score] = 2 * below + frequency - 1
        below += frequency
    return [points[score] for score in scores]


def column_matchpoints(results: Sequence[int | Distribution]) -> list[int | Fraction]:
    """Return the matchpoints of each result in one column of a comparison group.

    A result is a score (higher is better) or a weighted distribution of scores. A
    weighted result counts as fractional frequencies for everyone else and gets
    Σ w·MP(r) itself, each MP(r) against the other results (scoring.md §7).
    """
    plain = [result for result in results if isinstance(result, int)]
    if len(plain) == len(results):
        points: list[int | Fraction] = list(matchpoints(plain))
        return points
    frequency: dict[int, Fraction] = defaultdict(Fraction)
    for result in results:
        for weight, score in _parts(result):
            frequency[score] += weight
    below: dict[int, Fraction] = {}
    running = Fraction(0)
    for score in sorted(frequency):
        below[score] = running
        running += frequency[score]
    return [_own_points(result, frequency, below) for result in results]


def _parts(result: int | Distribution) -> Distribution:
    return ((Fraction(1), result),) if isinstance(result, int) else result


def _own_points(
    result: int | Distribution,
    frequency: dict[int, Fraction],
    below: dict[int, Fraction],
) -> Fraction:
    if isinstance(result, int):
        return 2 * below[result] + frequency[result] - 1
    total = Fraction(0)
    for weight, score in result:
        # Remove the result's own parts: it is compared with the other results only.
        own_below = sum((w for w, s in result if s < score), Fraction(0))
        own_equal = sum((w for w, s in result if s == score), Fraction(0))
        beaten = below[score] - own_below
        tied = frequency[score] - own_equal
        total += weight * (2 * beaten + tied)
    return total


def to_presentation(
    points: Fraction | int, *, presentation: MpPresentation
) -> Fraction | int:
    """Return internal ``points`` in the presentation units (ACBL: ÷ 2)."""
    if presentation is MpPresentation.ACBL:
        return Fraction(points, ACBL_DIVISOR)
    return points
