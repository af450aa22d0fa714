"""The international match point scale: Law 78B, Laws of Duplicate Bridge 2017.

A score difference becomes IMPs by counting the lower bounds of the IMP steps that
the absolute difference reaches (scoring.md §10); the sign of the difference is
kept, so ``imps(-d) == -imps(d)``.
"""

from __future__ import annotations

from bisect import bisect_right
from typing import Final

__all__ = ["IMP_BOUNDS", "MAX_IMPS", "imps"]

# Laws of Duplicate Bridge 2017, Law 78B: lower bound of each IMP step.
IMP_BOUNDS: Final = (
    20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600,
    750, 900, 1100, 1300, 1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000,
)  # fmt: skip

MAX_IMPS: Final = len(IMP_BOUNDS)


def imps(difference: int) -> int:
    """Return the IMPs for a score difference, with the sign of the difference.

    IMPs = the number of bounds ≤ |difference| (scoring.md §10: "≥ lower bound"
    for differences that are not multiples of 10).
    """
    steps = bisect_right(IMP_BOUNDS, abs(difference))
    return steps if difference >= 0 else -steps
