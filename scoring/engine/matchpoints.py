"""Matchpoints of one comparison group by the frequency method.

Law 78A, Laws of Duplicate Bridge 2017; scoring.md §3 (frequency method) and §7
(weighted scores as fractional frequencies, EBU White Book 2017 §4.1).
Internal units: 2 per result beaten, 1 per tie; ACBL presentation halves them.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Final

from .outcomes import Distribution
from .policy import MpPresentation

__all__ = [
    "ACBL_DIVISOR",
    "class_matchpoints",
    "column_matchpoints",
    "matchpoints",
    "plus_minus",
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
    points = _plain_points(Counter(scores))
    return [points[score] for score in scores]


def column_matchpoints(results: Sequence[int | Distribution]) -> list[int | Fraction]:
    """Return the matchpoints of each result in one column of a comparison group.

    A result is a score (higher is better) or a weighted distribution of scores. A
    weighted result counts as fractional frequencies for everyone else and gets
    Σ w·MP(r) itself, each MP(r) against the other results (scoring.md §7). The
    points are ints when every result is a score, otherwise Fractions.
    """
    points = class_matchpoints(results)
    return [points[result] for result in results]


def class_matchpoints(
    results: Sequence[int | Distribution],
) -> dict[int | Distribution, int | Fraction]:
    """Return the matchpoints of each distinct result of one column (as
    ``column_matchpoints``: equal results earn equal points), computed once each.

    Counted in integers: weights are scaled to their least common denominator, so a
    column with weighted scores needs one Fraction per distinct result only.
    """
    counts: Counter[int | Distribution] = Counter(results)
    plain = {r: count for r, count in counts.items() if isinstance(r, int)}
    if len(plain) < len(counts):
        return _weighted_points(counts)
    return {score: points for score, points in _plain_points(plain).items()}


def _plain_points(counts: Mapping[int, int]) -> dict[int, int]:
    points: dict[int, int] = {}
    below = 0
    for score in sorted(counts):
        frequency = counts[score]
        points[score] = 2 * below + frequency - 1
        below += frequency
    return points


def _weighted_points(
    counts: Mapping[int | Distribution, int],
) -> dict[int | Distribution, int | Fraction]:
    """Frequency method with fractional frequencies, in units of 1/scale."""
    denominators = (
        w.denominator for r in counts if not isinstance(r, int) for w, _ in r
    )
    scale = math.lcm(*denominators)
    frequency: dict[int, int] = defaultdict(int)
    for result, count in counts.items():
        for weight, score in _scaled_parts(result, scale):
            frequency[score] += count * weight
    below: dict[int, int] = {}
    running = 0
    for score in sorted(frequency):
        below[score] = running
        running += frequency[score]
    return {r: _own_points(r, scale, frequency, below) for r in counts}


def _scaled_parts(
    result: int | Distribution, scale: int
) -> tuple[tuple[int, int], ...]:
    """Return the result's (weight × scale, score) parts; the weights become ints."""
    if isinstance(result, int):
        return ((scale, result),)
    return tuple((w.numerator * (scale // w.denominator), s) for w, s in result)


def _own_points(
    result: int | Distribution,
    scale: int,
    frequency: dict[int, int],
    below: dict[int, int],
) -> Fraction:
    if isinstance(result, int):
        return Fraction(2 * below[result] + frequency[result] - scale, scale)
    parts = _scaled_parts(result, scale)
    total = 0
    for weight, score in parts:
        # Remove the result's own parts: it is compared with the other results only.
        own_below = sum(w for w, s in parts if s < score)
        own_equal = sum(w for w, s in parts if s == score)
        beaten = below[score] - own_below
        tied = frequency[score] - own_equal
        total += weight * (2 * beaten + tied)
    return Fraction(total, scale * scale)


def to_presentation(
    points: Fraction | int, *, presentation: MpPresentation
) -> Fraction | int:
    """Return internal ``points`` in the presentation units (ACBL: ÷ 2)."""
    if presentation is MpPresentation.ACBL:
        return Fraction(points, ACBL_DIVISOR)
    return points


def plus_minus(points: Fraction | int, top: Fraction | int) -> Fraction:
    """Return internal ``points`` on Norway's plus/minus scale (Ruter i Norge):
    +1 for each result beaten, 0 for a tie, −1 for each result that beats it.

    Internal points are 2·beaten + ties over the other n − 1 results, and
    beaten + beaten-by + ties = n − 1 = top / 2, so the plus/minus points are
    the internal points less half the ``top`` they were scored on: a board's
    (factored) top for a line, the sum of the boards' tops for a total.
    """
    return Fraction(points) - Fraction(top) / 2
