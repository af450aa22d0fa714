"""Artificial adjusted scores at matchpoints: average plus, average, average minus.

Law 12C2 and Law 12C2(c) ("session percentage if better"), Laws of Duplicate Bridge
2017; WBF Laws Committee 1998 as quoted by the EBU; scoring.md §6. The award is a
percentage of the board's full top 2(E − 1) and is not rounded.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Final

from .outcomes import Average
from .policy import ScoringPolicy

__all__ = [
    "ARTIFICIAL_INDEX",
    "artificial_percentage",
    "artificial_points",
]

# Position of each code in ScoringPolicy.artificial_mp (A60, A50, A40), scoring.md §16.
ARTIFICIAL_INDEX: Final = {Average.PLUS: 0, Average.AVERAGE: 1, Average.MINUS: 2}


def artificial_percentage(
    code: Average,
    *,
    policy: ScoringPolicy,
    session_percentage: Fraction | None = None,
) -> Fraction:
    """Return the percentage awarded for ``code``.

    ``session_percentage`` is the side's percentage on its boards without artificial
    scores (None: no such board, or the flat award is wanted). With
    ``policy.avg_plus_uses_session_pct``: A60 → max(60, p), A40 → min(40, p), A50 → 50.
    """
    flat = Fraction(policy.artificial_mp[ARTIFICIAL_INDEX[code]])
    if session_percentage is None or not policy.avg_plus_uses_session_pct:
        return flat
    if code is Average.PLUS:
        return max(flat, session_percentage)
    if code is Average.MINUS:
        return min(flat, session_percentage)
    return flat


def artificial_points(
    code: Average,
    *,
    full_top: int,
    policy: ScoringPolicy,
    session_percentage: Fraction | None = None,
) -> Fraction:
    """Return the matchpoints awarded for ``code`` on a board with this full top."""
    percentage = artificial_percentage(
        code, policy=policy, session_percentage=session_percentage
    )
    return percentage * full_top / 100
