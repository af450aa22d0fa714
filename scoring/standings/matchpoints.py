"""Matchpoint pairs and individuals: every pool matchpointed, factored and
totalled by the engine; in an individual the sides are the round's partnerships
and each player is credited his side's points (``scoring.engine.individual``).

What the engine kept (``ScoringMemo``) makes a correction cheap: only the
corrected board's pool is scored again, and a board whose points did not change
keeps its ScoredBoard, a pair whose score did not change its Standing.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from typing import Any

from scoring.adapters import board_line, individual_line
from scoring.engine.individual import score_individual
from scoring.engine.session import BoardPool, PairScore, score_matchpoints
from scoring.engine.simultaneous import with_sims_percentages

from .handicaps import with_handicaps
from .individual import compass_lines, compass_order, individual_ranking_group
from .load import LoadedSession, Pool
from .results import ScoredBoard, ScoringMemo, Standing, scored_board

__all__ = ["board_pool", "forget_pools", "score_matchpoint_session"]


def score_matchpoint_session(
    data: LoadedSession, memo: ScoringMemo
) -> tuple[list[Standing], list[ScoredBoard]]:
    built = memo.pools
    pools = [board_pool(data, pool, built) for pool in data.pools]
    forget_pools(built, data.pools)
    individual = data.event.individual
    group = individual_ranking_group(data) if individual else data.ranking_group()
    scored = (score_individual if individual else score_matchpoints)(
        pools, policy=data.policy, ranking_group=group, pool_tallies=memo.pool_tallies
    )
    if data.policy.sims_percentage and not individual:
        scored = with_sims_percentages(scored, pools, group)
    boards = _boards(data, scored.boards, memo)
    standings = with_handicaps(data, _standings(data, scored.pairs.values(), memo))
    return standings, boards


def forget_pools(
    built: dict[int, tuple[Pool, BoardPool]], held: Iterable[Pool]
) -> None:
    """Drop the engine pools of Pool objects no longer ``held``."""
    for key in set(built) - {id(pool) for pool in held}:
        built.pop(key, None)


def board_pool(
    data: LoadedSession, pool: Pool, built: dict[int, tuple[Pool, BoardPool]]
) -> BoardPool:
    """The engine's pool of a board, built once per Pool object."""
    hit = built.get(id(pool))
    if hit is not None and hit[0] is pool:
        return hit[1]
    line_of = individual_line if data.event.individual else board_line
    lines = (line_of(x, data.assigned_to(x)) for x in pool.lines)
    board_pool = BoardPool(pool.number, tuple(b for b in lines if b), pool.expected)
    built[id(pool)] = (pool, board_pool)
    return board_pool


def _boards(
    data: LoadedSession, points: Iterable[Mapping[Hashable, Any]], memo: ScoringMemo
) -> list[ScoredBoard]:
    """Each pool's ScoredBoard, kept while the pool and its points are the same."""
    was = memo.boards
    now: dict[int, tuple[Pool, object, ScoredBoard]] = {}
    boards = []
    for pool, mine in zip(data.pools, points, strict=True):
        hit = was.get(id(pool))
        if hit is None or hit[0] is not pool or hit[1] is not mine:
            hit = (pool, mine, scored_board(data, pool, mine))
        now[id(pool)] = hit
        boards.append(hit[2])
    memo.boards = now
    return boards


def _standings(
    data: LoadedSession, scores: Iterable[PairScore], memo: ScoringMemo
) -> list[Standing]:
    """Standings ranked on the session percentage; a pair whose score is the
    same object as last time keeps its Standing and sort key."""
    was = memo.standings
    now: dict[Hashable, tuple[PairScore, tuple[object, ...], Standing]] = {}
    compass = compass_lines(data) if data.event.individual else {}
    for score in scores:
        hit = was.get(score.pair)
        if hit is None or hit[0] is not score:
            pair = data.pair(score.pair)
            line = compass.get(pair.pk, "")
            key = (compass_order(line), *data.standing_key(pair, score.percentage))
            hit = (score, key, _standing(data, score, line))
        now[score.pair] = hit
    memo.standings = now
    return [hit[2] for hit in sorted(now.values(), key=lambda hit: hit[1])]


def _standing(data: LoadedSession, score: PairScore, compass: str) -> Standing:
    return Standing(
        pair=data.pair(score.pair),
        points=score.matchpoints,
        total=score.total,
        percentage=score.percentage,
        boards=score.boards,
        rank=score.rank,
        compass=compass,
    )
