"""Pearson's chi-square test against exact probabilities (no SciPy here)."""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction


def upper_gamma_q(a: float, x: float) -> float:
    """The regularised upper incomplete gamma Q(a, x) (Numerical Recipes 6.2)."""
    if x < a + 1:
        term = total = 1 / a
        n = a
        while abs(term) > abs(total) * 1e-15:
            n += 1
            term *= x / n
            total += term
        return 1 - total * math.exp(-x + a * math.log(x) - math.lgamma(a))
    b, c, d = x + 1 - a, 1e300, 1 / (x + 1 - a)
    h = d
    for i in range(1, 1000):
        an = -i * (i - a)
        b += 2
        d = 1 / (an * d + b)
        c = b + an / c
        h *= d * c
        if abs(d * c - 1) < 1e-15:
            break
    return math.exp(-x + a * math.log(x) - math.lgamma(a)) * h


def p_value(observed: Counter[int], exact: dict[int, Fraction], n: int) -> float:
    """The test's p-value, pooling the rarest outcomes until each expects ≥ 5."""
    cells: list[tuple[float, int]] = []
    pooled_e, pooled_o = 0.0, 0
    for outcome in sorted(exact, key=lambda k: exact[k]):
        pooled_e += float(exact[outcome]) * n
        pooled_o += observed.get(outcome, 0)
        if pooled_e >= 5:
            cells.append((pooled_e, pooled_o))
            pooled_e, pooled_o = 0.0, 0
    if pooled_e:
        last_e, last_o = cells.pop()
        cells.append((last_e + pooled_e, last_o + pooled_o))
    assert sum(observed.values()) == n
    assert not set(observed) - set(exact), "an outcome of probability 0"
    statistic = sum((o - e) ** 2 / e for e, o in cells)
    return upper_gamma_q((len(cells) - 1) / 2, statistic / 2)
