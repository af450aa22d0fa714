"""Neuberg factoring of a comparison group to the expected number of results.

Max Bavin's Neuberg principle (EBU, "The Neuberg principle"; the WBF, ACBL and EBU
standard), scoring.md §5 and §8. Internal units: M' = (M + 1)·E/A − 1. Rounding
policies: EBU (nearest 0.1, an exact .05 towards the average E − 1), ACBL (nearest
0.01 ACBL MP = 0.02 internal, .005 up) and exact. ACBL small-group fixed shares:
ACBLscore manual ch. 92.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Final

from .matchpoints import top
from .policy import Factoring, NeubergRounding, ScoringPolicy, SmallGroupRule

__all__ = [
    "ACBL_SMALL_GROUP_SHARES",
    "ACBL_STEPS",
    "EBU_STEPS",
    "factor",
    "neuberg",
    "neuberg_percentage",
    "round_factored",
    "small_group_percentage",
    "uses_small_group_share",
]

# scoring.md §5 (EBU): factored scores are kept to the nearest 0.1 internal MP.
EBU_STEPS: Final = 10
# scoring.md §5 (ACBL): nearest 0.01 ACBL MP = 0.02 internal MP, i.e. 50 steps per MP.
ACBL_STEPS: Final = 50
# scoring.md §5, ACBLscore manual ch. 92: percent of the full top, best to worst,
# for a comparison group of 1, 2 or 3 results under small_group_rule = acbl.
ACBL_SMALL_GROUP_SHARES: Final[dict[int, tuple[int, ...]]] = {
    1: (60,),
    2: (65, 55),
    3: (70, 60, 50),
}


def neuberg(mp: Fraction | int, *, actual: int, expected: int) -> Fraction:
    """Return M' = (M + 1)·E/A − 1: ``mp`` earned among A results, on top 2(E − 1)."""
    if actual < 1:
        raise ValueError("a factored group needs at least one real result")
    # In integers: M = n/d gives M' = ((n + d)·E − A·d) / (A·d), one Fraction.
    value = Fraction(mp)
    numerator, denominator = value.numerator, value.denominator
    return Fraction(
        (numerator + denominator) * expected - actual * denominator,
        actual * denominator,
    )


def neuberg_percentage(
    percentage: Fraction | int, *, actual: int, expected: int
) -> Fraction:
    """Return P' = 50 + (P − 50)·((A − 1)/A)·(E/(E − 1)) (scoring.md §5)."""
    ratio = Fraction(actual - 1, actual) * Fraction(expected, expected - 1)
    return 50 + (Fraction(percentage) - 50) * ratio


def round_factored(
    value: Fraction, *, expected: int, rounding: NeubergRounding
) -> Fraction:
    """Round a factored score in internal units as the rounding policy says."""
    if rounding is NeubergRounding.EXACT:
        return value
    if rounding is NeubergRounding.ACBL:
        return _round_half(value, ACBL_STEPS, up=True)
    return _round_half(value, EBU_STEPS, up=value < expected - 1)


def _round_half(value: Fraction, steps: int, *, up: bool) -> Fraction:
    """Round ``value`` to a multiple of 1/steps; an exact half goes up when ``up``."""
    denominator = value.denominator  # value·steps = numerator·steps / denominator
    whole, rest = divmod(value.numerator * steps, denominator)
    twice = 2 * rest
    if twice > denominator or (twice == denominator and up):
        whole += 1
    return Fraction(whole, steps)


def uses_small_group_share(
    *, actual: int, expected: int, larger_group: bool, rule: SmallGroupRule
) -> bool:
    """Tell whether a factored group of ``actual`` results gets ACBL fixed shares.

    Only a group that needs factoring (A < E) qualifies: groups of 1 or 2, and a group
    of 3 that is not the larger group of the board (scoring.md §5).
    """
    if rule is not SmallGroupRule.ACBL or actual >= expected:
        return False
    return actual < 3 or (actual == 3 and not larger_group)


def small_group_percentage(mp: Fraction | int, *, actual: int) -> Fraction:
    """Return the ACBL fixed share (percent) of a result with ``mp`` among ``actual``.

    ``mp / 2`` is the result's place counted from the worst (tied results: the mean of
    their places); the shares step evenly, so tied results share their places' average.
    """
    shares = ACBL_SMALL_GROUP_SHARES[actual]
    if actual == 1:
        return Fraction(shares[0])
    step = Fraction(shares[0] - shares[-1], actual - 1)
    return shares[-1] + step * Fraction(mp) / 2


def factor(
    mp: Fraction | int,
    *,
    actual: int,
    expected: int,
    policy: ScoringPolicy,
    larger_group: bool = True,
) -> Fraction | int:
    """Return the points that count for ``mp`` earned among ``actual`` real results.

    With factoring NONE, or a complete group (A = E), the matchpoints are unchanged.
    Otherwise Neuberg to the top 2(E − 1), rounded per policy, or the ACBL fixed share.
    """
    if policy.factoring is Factoring.NONE or actual == expected:
        return mp
    if uses_small_group_share(
        actual=actual,
        expected=expected,
        larger_group=larger_group,
        rule=policy.small_group_rule,
    ):
        points = small_group_percentage(mp, actual=actual) * top(expected) / 100
    else:
        points = neuberg(mp, actual=actual, expected=expected)
    return round_factored(points, expected=expected, rounding=policy.neuberg_rounding)
