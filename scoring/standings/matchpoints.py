"""Matchpoint pairs: every pool matchpointed, factored and totalled by the engine."""

from __future__ import annotations

from collections.abc import Iterable

from scoring.adapters import board_line
from scoring.engine.session import BoardPool, PairScore, score_matchpoints

from .load import LoadedSession
from .results import ScoredBoard, Standing, scored_board

__all__ = ["score_matchpoint_session"]


def score_matchpoint_session(
    data: LoadedSession,
) -> tuple[list[Standing], list[ScoredBoard]]:
    pools = []
    for pool in data.pools:
        lines = (board_line(x, data.assigned_to(x)) for x in pool.lines)
        pools.append(
            BoardPool(pool.number, tuple(b for b in lines if b), pool.expected)
        )
    scored = score_matchpoints(
        pools, policy=data.policy, ranking_group=data.ranking_group()
    )
    boards = [scored_board(data, pool, scored.lines) for pool in data.pools]
    return _standings(data, scored.pairs.values()), boards


def _standings(data: LoadedSession, scores: Iterable[PairScore]) -> list[Standing]:
    """Standings ranked on the session percentage."""
    ranked = sorted(
        scores, key=lambda s: data.standing_key(data.pair(s.pair), s.percentage)
    )
    return [_standing(data, score) for score in ranked]


def _standing(data: LoadedSession, score: PairScore) -> Standing:
    return Standing(
        pair=data.pair(score.pair),
        points=score.matchpoints,
        total=score.total,
        percentage=score.percentage,
        boards=score.boards,
        rank=score.rank,
    )
