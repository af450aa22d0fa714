"""Swiss pairs: each round's match between two pairs turned into VPs (scoring.md
§15 item 5, §13).

Every table plays the round's boards, scored across the field (Butler: IMPs
against the datum); the two pairs of a match sat NS and EW at one table, so on
every board the EW pair has exactly the NS pair's IMPs negated. The match is
decided by the NS pair's IMP total over the boards they played (the EBU's Swiss
pairs way: the pair's own IMPs against the datum are its margin), rounded to a
whole IMP by ``teams.vp_margin`` and read on the event's VP scale for the
round's number of boards; the two pairs' VPs add up to the scale's total. The
draw is the Swiss teams one (``swiss.py``).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Generic, TypeVar

from .policy import ScoringPolicy
from .teams import vp_margin
from .vp import scale_vp

__all__ = ["PairMatch", "PairTotal", "pair_match", "pair_totals"]

K = TypeVar("K", bound=Hashable)


@dataclass(frozen=True, slots=True)
class PairMatch(Generic[K]):
    """One round's match: NS and EW pairs, boards played, IMPs and VPs."""

    round: int
    ns: K
    ew: K
    played: int
    ns_imps: Fraction
    ns_vp: Decimal
    ew_vp: Decimal

    @property
    def ew_imps(self) -> Fraction:
        return -self.ns_imps


@dataclass(frozen=True, slots=True)
class PairTotal:
    """A pair's VPs and net IMPs over its matches so far."""

    vp: Decimal
    imps: Fraction
    matches: int


def pair_match(
    round_no: int,
    ns: K,
    ew: K,
    ns_imps: Sequence[Fraction],
    *,
    boards_per_round: int,
    policy: ScoringPolicy,
) -> PairMatch[K]:
    """The match from the NS pair's IMPs on each board played; the VP scale is
    read for the round's full number of boards."""
    total = sum(ns_imps, Fraction(0))
    ns_vp, ew_vp = scale_vp(
        vp_margin(total, Fraction(0)), boards_per_round, scale=policy.vp_scale
    )
    return PairMatch(round_no, ns, ew, len(ns_imps), total, ns_vp, ew_vp)


def pair_totals(matches: Iterable[PairMatch[K]]) -> dict[K, PairTotal]:
    """Each pair's VPs, net IMPs and matches, added over ``matches``."""
    totals: dict[K, PairTotal] = {}
    for m in matches:
        for pair, vp, imps in ((m.ns, m.ns_vp, m.ns_imps), (m.ew, m.ew_vp, m.ew_imps)):
            was = totals.get(pair, PairTotal(Decimal(0), Fraction(0), 0))
            totals[pair] = PairTotal(was.vp + vp, was.imps + imps, was.matches + 1)
    return totals
