"""Butler scoring: IMPs against a datum (scoring.md §11, with §6–8 and §4).

Each NS result is IMPed against the board's datum, Butler_NS = IMP(s − datum) and
Butler_EW = −Butler_NS (Law 78B scale, ``imps``). The datum is the mean of the
comparison group's real results after dropping the k highest and k lowest (sort
and slice), rounded to the nearest 10 (ACBLscore manual ch. 83; EBU "IMP Pairs
scoring"); with ``DatumSource.MEDIAN`` the median of those results, rounded the
same way (JFR); with ``DatumSource.PAR`` it is the deal's par score instead.

Adjusted scores: an artificial score (Law 12C2) gets ``policy.artificial_imp``
(+3 / 0 / −3) and is left out of the datum; each version of a fouled board (Law 87)
has its own datum. A split score (scoring.md §7) is scored per direction: the NS
column uses the NS outcome, the EW column the EW outcome. A weighted score
(Law 12C1(c)) scores Σ w·IMP(s − datum) and — like artificial scores — is left out
of the datum, whose drop-k rule is not defined for fractional results.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import floor
from typing import TypeVar

from .adjustments import ARTIFICIAL_INDEX
from .imps import imps
from .outcomes import Artificial, Average, Outcome, Played, Weighted
from .policy import DatumSource, DatumTie, ScoringPolicy

__all__ = [
    "ButlerLine",
    "ImpLine",
    "artificial_imps",
    "butler_board",
    "datum",
    "default_drop",
    "imp_pair_totals",
    "median_datum",
]

Imps = int | Fraction
K = TypeVar("K", bound=Hashable)


@dataclass(frozen=True, slots=True)
class ImpLine:
    """One table's outcome on a board, for IMP scoring.

    ``ew`` is the EW side's own outcome for a split score; None means the same
    outcome as NS (the same score, or the same artificial code for both sides).
    ``version`` names the version of a fouled board that was played.
    """

    key: Hashable
    ns: Outcome
    ew: Outcome | None = None
    version: Hashable = 1

    @property
    def ew_outcome(self) -> Outcome:
        return self.ns if self.ew is None else self.ew


@dataclass(frozen=True, slots=True)
class ButlerLine:
    """A line's Butler IMPs; ``datum`` is the NS-column datum of its version."""

    key: Hashable
    datum: int | None
    ns_imps: Imps
    ew_imps: Imps


def default_drop(results: int) -> int:
    """Return k, results dropped at each end: 0 if n ≤ 3, else 1 (club practice)."""
    return 0 if results <= 3 else 1


def datum(
    scores: Sequence[int], *, drop: int | None = None, tie: DatumTie = DatumTie.EVEN
) -> int:
    """Return the mean of ``scores`` without the ``drop`` highest and lowest,
    rounded to the nearest 10; an exact …5 goes to the even ten (425 → 420) or,
    with ``DatumTie.AWAY_FROM_ZERO``, away from zero (425 → 430)."""
    k = default_drop(len(scores)) if drop is None else drop
    if k < 0 or len(scores) - 2 * k < 1:
        raise ValueError(f"cannot drop {k} at each end of {len(scores)} results")
    kept = sorted(scores)[k : len(scores) - k]
    return _to_ten(Fraction(sum(kept), len(kept)), tie)


def median_datum(scores: Sequence[int], *, tie: DatumTie = DatumTie.EVEN) -> int:
    """Return the median of ``scores`` (of an even number, the mean of the middle
    two), rounded to the nearest 10 as ``datum`` rounds: JFR's Butler datum."""
    if not scores:
        raise ValueError("a median of no results")
    ordered, middle = sorted(scores), len(scores) // 2
    if len(ordered) % 2:
        return _to_ten(Fraction(ordered[middle]), tie)
    return _to_ten(Fraction(ordered[middle - 1] + ordered[middle], 2), tie)


def _to_ten(value: Fraction, tie: DatumTie) -> int:
    tens = value / 10
    if tie is DatumTie.EVEN:
        return 10 * round(tens)  # Fraction.__round__ rounds half to even
    magnitude = floor(abs(tens) + Fraction(1, 2))
    return 10 * (magnitude if tens >= 0 else -magnitude)


def artificial_imps(code: Average, *, policy: ScoringPolicy) -> int:
    """Return the IMPs for an artificial score (scoring.md §6: +3 / 0 / −3)."""
    return policy.artificial_imp[ARTIFICIAL_INDEX[code]]


def butler_board(
    lines: Sequence[ImpLine],
    *,
    policy: ScoringPolicy,
    par: int | Mapping[Hashable, int] | None = None,
) -> list[ButlerLine]:
    """Return the Butler IMPs of every line of one board, in the given order.

    With ``policy.datum_source`` PAR, ``par`` (NS view) is the datum: one value,
    or one per fouled-board version.
    """
    datums: dict[Hashable, tuple[int | None, int | None]] = {}
    for version in dict.fromkeys(line.version for line in lines):
        group = [line for line in lines if line.version == version]
        datums[version] = (
            _group_datum([g.ns for g in group], version, policy, par),
            _group_datum([g.ew_outcome for g in group], version, policy, par),
        )
    return [_butler_line(line, *datums[line.version], policy) for line in lines]


def _group_datum(
    outcomes: list[Outcome],
    version: Hashable,
    policy: ScoringPolicy,
    par: int | Mapping[Hashable, int] | None,
) -> int | None:
    if policy.datum_source is DatumSource.PAR:
        if par is None:
            raise ValueError("Butler against par needs the par score")
        return par if isinstance(par, int) else par[version]
    scores = [o.ns_score for o in outcomes if isinstance(o, Played)]
    if not scores:
        return None
    if policy.datum_source is DatumSource.MEDIAN:
        return median_datum(scores, tie=policy.datum_tie)
    return datum(scores, drop=policy.butler_drop, tie=policy.datum_tie)


def _butler_line(
    line: ImpLine, ns_datum: int | None, ew_datum: int | None, policy: ScoringPolicy
) -> ButlerLine:
    ns_imps = _side_imps(line.ns, ns_datum, policy, sign=1)
    ew_imps = _side_imps(line.ew_outcome, ew_datum, policy, sign=-1)
    return ButlerLine(line.key, ns_datum, ns_imps, ew_imps)


def _side_imps(
    outcome: Outcome, group_datum: int | None, policy: ScoringPolicy, *, sign: int
) -> Imps:
    """Return one side's IMPs; ``sign`` −1 turns the NS view into the EW view."""
    if isinstance(outcome, Artificial):
        return artificial_imps(outcome.code, policy=policy)
    if group_datum is None:
        raise ValueError("no real result on this board to form a datum")
    if isinstance(outcome, Weighted):
        parts = (w * imps(s - group_datum) for w, s in outcome.parts)
        return sign * sum(parts, Fraction(0))
    return sign * imps(outcome.ns_score - group_datum)


def imp_pair_totals(
    board_imps: Mapping[K, Sequence[Imps]], *, boards_max: int | None = None
) -> dict[K, Fraction]:
    """Return each pair's total IMPs, scaled by boards_max / boards played (§4).

    ``boards_max`` defaults to the most boards any pair played.
    """
    most = boards_max or max((len(v) for v in board_imps.values()), default=0)
    return {
        pair: _total(values) * most / len(values) if values else Fraction(0)
        for pair, values in board_imps.items()
    }


def _total(values: Sequence[Imps]) -> Fraction:
    total = Fraction(0)  # a Fraction even for int IMPs: the division stays exact
    for value in values:
        total += value
    return total
