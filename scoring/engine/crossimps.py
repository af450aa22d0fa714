"""Cross-IMPs: each result IMPed against every other result on the board.

Scoring.md §12 (with §6–8): XIMP(i) = Σ_{j≠i} IMP(s_i − s_j) / D, the Law 78B scale
(``imps``); ACBLscore manual ch. 83 ("Average IMPs", "Total IMPs"); bridge-tips.co.il
scoring.pdf; EBU forum "XIMP scoring with fouled boards".

``ximp_divisor``: N_MINUS_1 → D = n − 1 (default), N → D = n, NONE → D = 1 (total
IMPs). n counts the real results of the comparison group (one version of a fouled
board, scored apart from the others). A weighted score is one result whose parts
are compared with weights (Law 12C1(c)); a split score is scored per direction.
Artificial scores are left out of the comparisons and get ``policy.artificial_imp``
(±3), times (n − 1) for total IMPs. For total IMPs on a fouled board a group of g
results is put on the board's scale with × (n − 1)/(g − 1) (scoring.md §8); there,
and for the artificial award, n is the number of lines on the board.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from .butler import ImpLine, artificial_imps
from .imps import imps
from .outcomes import Artificial, Distribution, Outcome, distribution
from .policy import ScoringPolicy, XimpDivisor

__all__ = ["CrossImpLine", "cross_imps_board", "imp_sum"]


@dataclass(frozen=True, slots=True)
class CrossImpLine:
    key: Hashable
    ns_imps: Fraction
    ew_imps: Fraction


@dataclass(frozen=True, slots=True)
class _Board:
    """What a divisor depends on: policy, lines on the board, fouling, E."""

    policy: ScoringPolicy
    lines: int
    fouled: bool
    expected: int | None


def imp_sum(own: Distribution, others: Sequence[Distribution]) -> Fraction:
    """Return Σ over the other results of IMP(own − other), parts weighted."""
    return sum(
        (w * v * imps(s - t) for other in others for w, s in own for v, t in other),
        Fraction(0),
    )


def cross_imps_board(
    lines: Sequence[ImpLine], *, policy: ScoringPolicy, expected: int | None = None
) -> list[CrossImpLine]:
    """Return every line's cross-IMPs on one board, in the given order.

    ``expected`` (E) selects the EBU forum variant for fewer results than expected:
    (Σ IMP) × E/A ÷ (E − 1), A = real results; it needs the N_MINUS_1 divisor.
    """
    if expected is not None and policy.ximp_divisor is not XimpDivisor.N_MINUS_1:
        raise ValueError("the fewer-results variant needs the n − 1 divisor")
    versions = {line.version for line in lines}
    board = _Board(policy, len(lines), len(versions) > 1, expected)
    ns_imps: dict[int, Fraction] = {}
    ew_imps: dict[int, Fraction] = {}
    for version in versions:
        group = [(i, line) for i, line in enumerate(lines) if line.version == version]
        ns_imps |= _column([(i, g.ns) for i, g in group], board, sign=1)
        ew_imps |= _column([(i, g.ew_outcome) for i, g in group], board, sign=-1)
    return [
        CrossImpLine(line.key, ns_imps[i], ew_imps[i]) for i, line in enumerate(lines)
    ]


def _column(
    outcomes: list[tuple[int, Outcome]], board: _Board, *, sign: int
) -> dict[int, Fraction]:
    """Score one direction of one comparison group; ``sign`` −1 for EW."""
    real = {
        i: distribution(o, sign=sign)
        for i, o in outcomes
        if not isinstance(o, Artificial)
    }
    result: dict[int, Fraction] = {}
    for i, outcome in outcomes:
        if isinstance(outcome, Artificial):
            result[i] = _artificial(outcome, board)
        else:
            others = [d for j, d in real.items() if j != i]
            result[i] = _divide(imp_sum(real[i], others), len(real), board)
    return result


def _artificial(outcome: Artificial, board: _Board) -> Fraction:
    award = Fraction(artificial_imps(outcome.code, policy=board.policy))
    if board.policy.ximp_divisor is XimpDivisor.NONE:
        return award * (board.lines - 1)
    return award


def _divide(total: Fraction, results: int, board: _Board) -> Fraction:
    """Turn a sum over the group's results − 1 comparisons into the line's score."""
    divisor = board.policy.ximp_divisor
    if results <= 1:
        return Fraction(0)
    if board.expected is not None:
        e = board.expected
        return total * e / (results * (e - 1))
    if divisor is XimpDivisor.N_MINUS_1:
        return total / (results - 1)
    if divisor is XimpDivisor.N:
        return total / results
    if board.fouled:
        return total * (board.lines - 1) / (results - 1)
    return total
