"""Boards played once (individual-and-social.md §1.3; scoring.md §4).

A board that only one table played has nothing to be compared with: its result
is factored to 50 % for both sides (the average), or, when the director so
chooses, it counts for neither side, so that each percentage is over the boards
that can be compared. Both sides of the board are treated alike either way.
"""

from __future__ import annotations

from collections.abc import Sequence

from .outcomes import Artificial
from .policy import ScoringPolicy, SingleBoards
from .pools import BoardPool

__all__ = ["compared_pools", "is_left_out", "played_once"]


def played_once(pool: BoardPool) -> bool:
    """Whether the board's pool holds a single result, played at the table (an
    artificial score is an award, not a comparison)."""
    if len(pool.lines) != 1:
        return False
    line = pool.lines[0]
    return not isinstance(line.ns, Artificial) and not isinstance(line.ew, Artificial)


def is_left_out(pool: BoardPool, policy: ScoringPolicy) -> bool:
    """Whether the pool counts for neither side's totals under the policy."""
    return policy.single_boards is SingleBoards.OMITTED and played_once(pool)


def compared_pools(
    pools: Sequence[BoardPool], policy: ScoringPolicy
) -> list[BoardPool]:
    """The pools that count in the sides' totals."""
    return [pool for pool in pools if not is_left_out(pool, policy)]
