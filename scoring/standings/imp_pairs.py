"""Butler and cross-IMP pairs: each pool scored with the IMP engines, pairs'
IMPs totalled (scaled to the most boards of their field) and ranked."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from scoring.adapters import imp_line
from scoring.engine.boards import dealer, vulnerability
from scoring.engine.butler import butler_board, imp_pair_totals
from scoring.engine.crossimps import cross_imps_board
from scoring.engine.policy import DatumSource
from scoring.engine.ranking import rank
from tournaments.models import Event

from .load import LoadedSession, Pool
from .results import ImpPoints, ScoredBoard, Standing, scored_board

__all__ = ["board_par", "score_imp_pair_session"]


@dataclass(frozen=True)
class _ImpBoard:
    points: dict[Hashable, ImpPoints]
    datum: int | None


def board_par(number: int, deal: str) -> int | None:
    """The deal's double-dummy par (NS view), or None without a full deal."""
    if not deal:
        return None
    from scoring.formats.par import par  # DDS is loaded only when par is asked for

    return par(deal, vulnerability(number), dealer(number)).score_ns


def _score_pool(pool: Pool, data: LoadedSession) -> _ImpBoard:
    """Score one pool of a board with Butler or cross-IMPs."""
    engine = [imp_line(x, data.assigned_to(x)) for x in pool.lines]
    ready = [x for x in engine if x is not None]
    if not ready:
        return _ImpBoard({}, None)
    if data.event.scoring == Event.Scoring.CROSS_IMPS:
        crossed = cross_imps_board(ready, policy=data.policy)
        return _ImpBoard(
            {s.key: ImpPoints(s.ns_imps, s.ew_imps) for s in crossed}, None
        )
    par = None
    if data.policy.datum_source is DatumSource.PAR:
        par = board_par(pool.number, pool.lines[0].board.deal)
        if par is None:
            return _ImpBoard({}, None)
    butler = butler_board(ready, policy=data.policy, par=par)
    points = {
        s.key: ImpPoints(Fraction(s.ns_imps), Fraction(s.ew_imps)) for s in butler
    }
    datums = {s.datum for s in butler if s.datum is not None}
    return _ImpBoard(points, datums.pop() if len(datums) == 1 else None)


def score_imp_pair_session(
    data: LoadedSession,
) -> tuple[list[Standing], list[ScoredBoard]]:
    scored = [_score_pool(pool, data) for pool in data.pools]
    boards = [
        scored_board(data, pool, imp.points, imp.datum)
        for pool, imp in zip(data.pools, scored, strict=True)
    ]
    standings = _standings(boards, data.ranking_group(), data)
    return standings, boards


def _standings(
    boards: Sequence[ScoredBoard],
    ranking_group: Callable[[Hashable], Hashable],
    data: LoadedSession,
) -> list[Standing]:
    """Each pair's IMPs, scaled to its field's most boards, ranked in the field."""
    per_pair: dict[int, list[Fraction]] = {}
    for board in boards:
        for scored in board.lines:
            line, points = scored.line, scored.points
            if points is not None:
                per_pair.setdefault(line.ns_pair_id, []).append(points.ns)
                per_pair.setdefault(line.ew_pair_id, []).append(points.ew)
    groups: dict[Hashable, dict[Hashable, list[Fraction]]] = {}
    for pair, values in per_pair.items():
        groups.setdefault(ranking_group(pair), {})[pair] = values
    rows = [row for members in groups.values() for row in _ranked(members, data)]
    return sorted(rows, key=lambda s: data.standing_key(s.pair, s.total))


def _ranked(
    members: dict[Hashable, list[Fraction]], data: LoadedSession
) -> list[Standing]:
    totals = imp_pair_totals(members)
    places = rank(totals)
    return [
        Standing(
            pair=data.pair(pair),
            points=sum(values, Fraction(0)),
            total=totals[pair],
            percentage=None,
            boards=len(values),
            rank=places[pair],
        )
        for pair, values in members.items()
    ]
