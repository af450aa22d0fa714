"""How many results each board should have (E), for factoring (scoring.md §5).

The director may set E per section; otherwise it is the most results entered on
any board of the section. Across the field, a board's E is the sum of the
sections' (scoring.md §9).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable, Mapping
from typing import TypeVar

__all__ = ["expected_from_counts", "expected_results", "field_expected"]

S = TypeVar("S", bound=Hashable)  # a section, however the caller names it


def expected_results(
    played: Iterable[tuple[S, int]], set_by_director: Mapping[S, int | None]
) -> dict[S, int]:
    """E for each section of ``set_by_director`` from the (section, board) of every
    result: the director's number, else the most results on one board."""
    return expected_from_counts(Counter(played), set_by_director)


def expected_from_counts(
    counts: Mapping[tuple[S, int], int], set_by_director: Mapping[S, int | None]
) -> dict[S, int]:
    """``expected_results`` from the number of results of each (section, board)."""
    most: dict[S, int] = {}
    for (section, _board), n in counts.items():
        most[section] = max(most.get(section, 0), n)
    return {
        section: chosen or most.get(section, 0)
        for section, chosen in set_by_director.items()
    }


def field_expected(per_section: Mapping[S, int]) -> int:
    """E of a board compared across the field: every section's results."""
    return sum(per_section.values())
