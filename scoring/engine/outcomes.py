"""What one side of one table is scored on: a result, a weighted score or an average.

Law 12C1 (assigned and weighted scores) and Law 12C2 (artificial adjusted scores),
Laws of Duplicate Bridge 2017; scoring.md §6–7. Scores are NS scores (scoring.md §0).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from typing import TypeAlias

__all__ = [
    "Artificial",
    "Average",
    "Distribution",
    "Outcome",
    "Played",
    "Weighted",
    "distribution",
]

# A result seen as (weight, score) parts whose weights sum to 1.
Distribution: TypeAlias = tuple[tuple[Fraction, int], ...]


class Average(Enum):
    """Artificial adjusted score codes of Law 12C2 (scoring.md §6)."""

    PLUS = "A60"  # in no way at fault
    AVERAGE = "A50"  # partly at fault
    MINUS = "A40"  # directly at fault


@dataclass(frozen=True, slots=True)
class Played:
    """A real or assigned result (Law 12C1(b)), as the NS score."""

    ns_score: int


@dataclass(frozen=True, slots=True)
class Weighted:
    """A weighted score (Law 12C1(c)): (weight, NS score) parts; weights sum to 1."""

    parts: tuple[tuple[Fraction, int], ...]

    def __post_init__(self) -> None:
        if not self.parts:
            raise ValueError("a weighted score needs at least one part")
        if any(weight <= 0 for weight, _ in self.parts):
            raise ValueError("the weights of a weighted score must be positive")
        if sum((weight for weight, _ in self.parts), Fraction(0)) != 1:
            raise ValueError("the weights of a weighted score must sum to 1")


@dataclass(frozen=True, slots=True)
class Artificial:
    """An artificial adjusted score (Law 12C2): no result is compared."""

    code: Average


Outcome: TypeAlias = Played | Weighted | Artificial


def distribution(outcome: Played | Weighted, *, sign: int = 1) -> Distribution:
    """Return the outcome as (weight, score) parts, scores multiplied by ``sign``.

    ``sign=-1`` gives the EW view: EW do better when the NS score is lower.
    """
    if isinstance(outcome, Played):
        return ((Fraction(1), sign * outcome.ns_score),)
    return tuple((weight, sign * score) for weight, score in outcome.parts)
