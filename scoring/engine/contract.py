"""Contract scoring: Law 77, Laws of Duplicate Bridge 2017 (scoring.md §2).

A made contract scores its trick score, a game or partscore bonus, any slam
bonus, the bonus for making a doubled contract (the "insult") and its
overtricks. A defeated contract gives the defenders the undertrick penalty.
Each part is a small named constant below; nothing is read from a pasted table.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from .types import Contract, Doubling, Result, Side, Strain, Vulnerability

__all__ = [
    "declarer_score",
    "ns_score",
    "overtrick_score",
    "slam_bonus",
    "trick_score",
    "undertrick_penalty",
]

# Law 77: declarer must win the book (six tricks) before tricks count.
BOOK: Final = 6
TRICKS_IN_A_DEAL: Final = 13

# Law 77, trick score: points per odd trick bid and made, undoubled.
TRICK_VALUE: Final[Mapping[Strain, int]] = MappingProxyType(
    {
        Strain.CLUBS: 20,
        Strain.DIAMONDS: 20,
        Strain.HEARTS: 30,
        Strain.SPADES: 30,
        Strain.NOTRUMP: 30,
    }
)
# Law 77: the first no-trump trick is worth 40, each later one 30.
NOTRUMP_FIRST_TRICK_EXTRA: Final = 10

# Law 77, premium points. Mappings keyed by a bool are "is the declaring side
# vulnerable?".
GAME_THRESHOLD: Final = 100
PARTSCORE_BONUS: Final = 50
GAME_BONUS: Final[Mapping[bool, int]] = MappingProxyType({False: 300, True: 500})
SMALL_SLAM_LEVEL: Final = 6
GRAND_SLAM_LEVEL: Final = 7
SMALL_SLAM_BONUS: Final[Mapping[bool, int]] = MappingProxyType({False: 500, True: 750})
GRAND_SLAM_BONUS: Final[Mapping[bool, int]] = MappingProxyType(
    {False: 1000, True: 1500}
)
# Law 77: making a doubled or redoubled contract, at any vulnerability.
INSULT_BONUS: Final[Mapping[Doubling, int]] = MappingProxyType(
    {Doubling.UNDOUBLED: 0, Doubling.DOUBLED: 50, Doubling.REDOUBLED: 100}
)
# Law 77: each doubled overtrick; a redoubled overtrick is worth twice this.
DOUBLED_OVERTRICK: Final[Mapping[bool, int]] = MappingProxyType({False: 100, True: 200})

# Law 77, undertricks (scored by the defenders).
UNDOUBLED_UNDERTRICK: Final[Mapping[bool, int]] = MappingProxyType(
    {False: 50, True: 100}
)
# Doubled undertricks: the 1st, 2nd, ... one; the last value repeats for each
# later undertrick. Redoubled undertricks are worth twice the doubled ones.
DOUBLED_UNDERTRICKS: Final[Mapping[bool, tuple[int, ...]]] = MappingProxyType(
    {False: (100, 200, 200, 300), True: (200, 300)}
)


def declarer_score(contract: Contract, tricks: int, *, vulnerable: bool) -> int:
    """Return declarer's signed score for ``tricks`` won (0-13) in ``contract``."""
    if not 0 <= tricks <= TRICKS_IN_A_DEAL:
        raise ValueError(f"tricks must be 0 to {TRICKS_IN_A_DEAL}, not {tricks}")
    needed = contract.level + BOOK
    if tricks >= needed:
        return _made_score(contract, tricks - needed, vulnerable)
    return -undertrick_penalty(
        contract.doubling, needed - tricks, vulnerable=vulnerable
    )


def ns_score(result: Result, vulnerability: Vulnerability) -> int:
    """Return the NS score of one table result on a board of this vulnerability.

    A passed-out board scores 0; an E/W declarer's score is negated.
    """
    contract, declarer, tricks = result.contract, result.declarer, result.tricks
    if contract is None:
        return 0
    if declarer is None or tricks is None:  # excluded by Result itself
        raise ValueError("a contract needs a declarer and a number of tricks")
    side = declarer.side
    vulnerable = vulnerability.is_vulnerable(side)
    score = declarer_score(contract, tricks, vulnerable=vulnerable)
    return score if side is Side.NS else -score


def trick_score(contract: Contract) -> int:
    """Return the trick score of ``contract`` bid and made (doubling included)."""
    points = TRICK_VALUE[contract.strain] * contract.level
    if contract.strain is Strain.NOTRUMP:
        points += NOTRUMP_FIRST_TRICK_EXTRA
    return points * contract.doubling.multiplier


def _made_score(contract: Contract, overtricks: int, vulnerable: bool) -> int:
    points = trick_score(contract)
    return (
        points
        + _game_and_slam_bonus(contract.level, points, vulnerable)
        + INSULT_BONUS[contract.doubling]
        + overtrick_score(contract, overtricks, vulnerable=vulnerable)
    )


def _game_and_slam_bonus(level: int, points: int, vulnerable: bool) -> int:
    if points < GAME_THRESHOLD:
        return PARTSCORE_BONUS
    return GAME_BONUS[vulnerable] + slam_bonus(level, vulnerable=vulnerable)


def slam_bonus(level: int, *, vulnerable: bool) -> int:
    """Return the slam bonus of a contract of ``level`` made (0 below six)."""
    if level == SMALL_SLAM_LEVEL:
        return SMALL_SLAM_BONUS[vulnerable]
    if level == GRAND_SLAM_LEVEL:
        return GRAND_SLAM_BONUS[vulnerable]
    return 0


def overtrick_score(contract: Contract, overtricks: int, *, vulnerable: bool) -> int:
    """Return what ``overtricks`` tricks beyond ``contract`` score."""
    if contract.doubling is Doubling.UNDOUBLED:
        return overtricks * TRICK_VALUE[contract.strain]
    # Doubled x1, redoubled x2: half the trick-score multiplier (2 or 4).
    doubled = DOUBLED_OVERTRICK[vulnerable] * contract.doubling.multiplier // 2
    return overtricks * doubled


def undertrick_penalty(doubling: Doubling, down: int, *, vulnerable: bool) -> int:
    """Return what the defenders score for ``down`` undertricks."""
    if doubling is Doubling.UNDOUBLED:
        return UNDOUBLED_UNDERTRICK[vulnerable] * down
    schedule = DOUBLED_UNDERTRICKS[vulnerable]
    last = len(schedule) - 1
    doubled = sum(schedule[min(i, last)] for i in range(down))
    return doubled * doubling.multiplier // 2
