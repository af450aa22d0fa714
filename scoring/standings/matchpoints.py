"""Matchpoint pairs: every pool matchpointed, factored and totalled by the engine."""

from __future__ import annotations

from collections.abc import Iterable

from scoring.adapters import board_line
from scoring.engine.session import BoardPool, PairScore, score_matchpoints

from .handicaps import with_handicaps
from .load import LoadedSession, Pool
from .results import ScoredBoard, Standing, scored_board

__all__ = ["score_matchpoint_session"]


def score_matchpoint_session(
    data: LoadedSession,
) -> tuple[list[Standing], list[ScoredBoard]]:
    built: dict[int, tuple[Pool, BoardPool]] = data.kept.setdefault("pools", {})
    pools = [_board_pool(data, pool, built) for pool in data.pools]
    for key in set(built) - {id(pool) for pool in data.pools}:
        built.pop(key, None)
    scored = score_matchpoints(
        pools,
        policy=data.policy,
        ranking_group=data.ranking_group(),
        kept=data.kept.setdefault("engine", {}),
    )
    boards = [scored_board(data, pool, scored.lines) for pool in data.pools]
    standings = with_handicaps(data, _standings(data, scored.pairs.values()))
    return standings, boards


def _board_pool(
    data: LoadedSession, pool: Pool, built: dict[int, tuple[Pool, BoardPool]]
) -> BoardPool:
    """The engine's pool of a board, built once per Pool object."""
    hit = built.get(id(pool))
    if hit is not None and hit[0] is pool:
        return hit[1]
    lines = (board_line(x, data.assigned_to(x)) for x in pool.lines)
    board_pool = BoardPool(pool.number, tuple(b for b in lines if b), pool.expected)
    built[id(pool)] = (pool, board_pool)
    return board_pool


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
