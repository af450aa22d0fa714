"""Butler and cross-IMP pairs: stored lines scored with the IMP engines.

The values mirror the matchpoint ones (``LinePoints``, ``PairScore``) so pages and
JSON read them the same way; a percentage is not meaningful in IMPs and is None.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from scoring.engine.boards import dealer, vulnerability
from scoring.engine.butler import butler_board, imp_pair_totals
from scoring.engine.crossimps import cross_imps_board
from scoring.engine.policy import DatumSource, ScoringPolicy
from scoring.engine.ranking import rank
from tournaments.models import Event

from .adapters import imp_line
from .models import AssignedScore, TravellerLine


@dataclass(frozen=True)
class ImpPoints:
    """A line's IMPs for NS and EW; ``datum`` is the Butler datum (or par)."""

    key: Hashable
    ns: Fraction
    ew: Fraction
    datum: int | None = None
    top = None
    raw_top = None
    ew_top = None
    ew_raw_top = None
    ns_percentage = None
    ew_percentage = None

    @property
    def ns_raw(self) -> Fraction:
        return self.ns

    @property
    def ew_raw(self) -> Fraction:
        return self.ew


@dataclass(frozen=True)
class ImpPairScore:
    """A pair's IMPs: ``imps`` as scored, ``total`` scaled to the most boards."""

    pair: Hashable
    imps: Fraction
    boards: int
    total: Fraction
    rank: str
    percentage = None
    top = 0

    @property
    def matchpoints(self) -> Fraction:
        return self.imps


@dataclass(frozen=True)
class ImpBoard:
    points: dict[Hashable, ImpPoints]
    datum: int | None


def board_par(number: int, deal: str) -> int | None:
    """The deal's double-dummy par (NS view), or None without a full deal."""
    if not deal:
        return None
    from scoring.interop.par import par  # DDS is loaded only when par is asked for

    return par(deal, vulnerability(number), dealer(number)).score_ns


def score_imp_board(
    number: int,
    lines: Sequence[TravellerLine],
    assigned: dict[int, list[AssignedScore]],
    *,
    event: Event,
    policy: ScoringPolicy,
) -> ImpBoard:
    """Score one comparison pool of a board with Butler or cross-IMPs."""
    engine = [imp_line(x, assigned.get(x.pk, [])) for x in lines]
    ready = [x for x in engine if x is not None]
    if not ready:
        return ImpBoard({}, None)
    if event.scoring == Event.Scoring.CROSS_IMPS:
        scored = cross_imps_board(ready, policy=policy)
        return ImpBoard(
            {s.key: ImpPoints(s.key, s.ns_imps, s.ew_imps) for s in scored}, None
        )
    par = None
    if policy.datum_source is DatumSource.PAR:
        par = board_par(number, lines[0].board.deal)
        if par is None:
            return ImpBoard({}, None)
    butler = butler_board(ready, policy=policy, par=par)
    points = {
        s.key: ImpPoints(s.key, Fraction(s.ns_imps), Fraction(s.ew_imps), s.datum)
        for s in butler
    }
    datums = {s.datum for s in butler if s.datum is not None}
    return ImpBoard(points, datums.pop() if len(datums) == 1 else None)


def imp_pair_scores(
    boards: Sequence[ImpBoard],
    lines: Sequence[TravellerLine],
    ranking_group: Callable[[Hashable], Hashable],
) -> dict[Hashable, ImpPairScore]:
    """Total each pair's IMPs, scaled to its group's most boards, and rank them."""
    points = {k: v for board in boards for k, v in board.points.items()}
    per_pair: dict[Hashable, list[Fraction]] = {}
    for line in lines:
        scored = points.get(line.pk)
        if scored is not None:
            per_pair.setdefault(line.ns_pair_id, []).append(scored.ns)
            per_pair.setdefault(line.ew_pair_id, []).append(scored.ew)
    groups: dict[Hashable, dict[Hashable, list[Fraction]]] = {}
    for pair, values in per_pair.items():
        groups.setdefault(ranking_group(pair), {})[pair] = values
    scores: dict[Hashable, ImpPairScore] = {}
    for members in groups.values():
        totals = imp_pair_totals(members)
        places = rank(totals)
        for pair, values in members.items():
            scores[pair] = ImpPairScore(
                pair=pair,
                imps=sum(values, Fraction(0)),
                boards=len(values),
                total=totals[pair],
                rank=places[pair],
            )
    return scores
