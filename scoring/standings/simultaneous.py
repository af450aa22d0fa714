"""A simultaneous' overall ranking read from the database: every heat loaded as
its own ranking loads it and kept between requests, read again only where its
stamps moved (``scoring.standings.heats``), its lines given to the engine's
overall scoring
(``scoring.engine.simultaneous``), each pair placed overall and in its club.
Two winners (NS and EW apart) as the event says, but one list when a pair
changes direction (``by_direction``: a Howell heat there despite the refusal
at ``heat_link``, e.g. a heat's movement changed afterwards)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass
from fractions import Fraction

from scoring.adapters import policy_of
from scoring.engine.fields import by_direction
from scoring.engine.pools import BoardPool, LinePoints
from scoring.engine.ranking import rank
from scoring.engine.simultaneous import (
    FieldKept,
    field_pools,
    score_overall,
    sims_percentages,
)
from scoring.engine.tallies import PoolTallies
from scoring.live.results_cache import field_memo
from scoring.queries.stamps import heats_stamps
from tournaments.models import Heat, Pair, Simultaneous

from .heats import FieldMemo, heat_pools, heats_now
from .lines import Line
from .load import LoadedSession, Pool
from .matchpoints import forget_pools

__all__ = ["Overall", "OverallRow", "overall_of"]


@dataclass(frozen=True)
class OverallRow:
    heat: Heat
    pair: Pair
    score: Fraction  # matchpoints across the field, factored (2 a result beaten)
    percentage: Fraction
    rank: str
    club_rank: str


@dataclass(frozen=True)
class Overall:
    rows: list[OverallRow]  # best first (NS's then EW's with two winners)
    # Each board's lines across the field: (heat, line, its overall points).
    boards: dict[int, list[tuple[Heat, Line, LinePoints]]]
    two_winners: bool = False  # NS and EW ranked apart


def overall_of(
    simultaneous: Simultaneous,
    hidden: Callable[[Heat], frozenset[int]] | None = None,
) -> Overall:
    """Every heat's lines scored across the whole field, as played so far;
    ``hidden``: a heat's boards left out (the public's, ``public_overall``).
    What was read and scored before is kept (``FieldMemo``): only the heats'
    boards whose stamps moved are read and scored again."""
    heats = list(simultaneous.heats.select_related("club", "session__event"))
    stamps = heats_stamps(simultaneous.event_id)  # read first: a later write is new
    with field_memo(simultaneous.pk, FieldMemo) as memo:
        loaded = heats_now(memo, [heat.session for heat in heats], stamps)
        shown = {
            h.session_id: heat_pools(memo, loaded[h.session_id], _left_out(h, hidden))
            for h in heats
        }
        forget_pools(memo.built, (p for d in loaded.values() for p in d.pools))
        return _scored(
            simultaneous, heats, loaded, shown, memo.audience(hidden is not None)
        )


def _left_out(
    heat: Heat, hidden: Callable[[Heat], frozenset[int]] | None
) -> frozenset[int]:
    return hidden(heat) if hidden else frozenset()


HeatPools = dict[int, list[tuple[Pool, BoardPool]]]  # by session id


def _scored(
    simultaneous: Simultaneous,
    heats: list[Heat],
    loaded: dict[int, LoadedSession],
    shown: HeatPools,
    audience: tuple[FieldKept, PoolTallies],
) -> Overall:
    kept, tallies = audience
    pairs = {pk: p for data in loaded.values() for pk, p in data.pairs.items()}
    directions = (pair.direction for pair in pairs.values())
    two = by_direction(simultaneous.event.two_winners, directions)

    def group(pair_id: Hashable) -> Hashable:
        return pairs[_id(pair_id)].direction if two else ""

    pools = [[engine for _pool, engine in shown[h.session_id]] for h in heats]
    policy = policy_of(simultaneous.event)
    scored = score_overall(
        pools, policy=policy, group=group, kept=kept, tallies=tallies
    )
    shares = {pair: score.percentage for pair, score in scored.pairs.items()}
    if simultaneous.sims_percentage:
        shares = sims_percentages(field_pools(pools, kept), scored.boards)
    heat_of = {pk: h for h in heats for pk in loaded[h.session_id].pairs}
    rows = [
        (heat_of[_id(pair)], pairs[_id(pair)], score.matchpoints, shares[pair])
        for pair, score in scored.pairs.items()
    ]
    boards = _boards(heats, shown, scored.lines)
    return Overall(_ranked(rows, group), boards, two_winners=two)


def _id(pair_id: Hashable) -> int:
    assert isinstance(pair_id, int)
    return pair_id


Scored = tuple[Heat, Pair, Fraction, Fraction]


def _ranked(
    rows: list[Scored], group: Callable[[Hashable], Hashable]
) -> list[OverallRow]:
    """Placed in their ranking group overall and among their club's pairs."""
    overall: dict[Hashable, dict[int, Fraction]] = defaultdict(dict)
    clubs: dict[Hashable, dict[int, Fraction]] = defaultdict(dict)
    for heat, pair, _score, share in rows:
        overall[group(pair.pk)][pair.pk] = share
        clubs[(group(pair.pk), heat.club_id)][pair.pk] = share
    places = {k: v for field in overall.values() for k, v in rank(field).items()}
    in_club = {k: v for field in clubs.values() for k, v in rank(field).items()}
    made = [
        OverallRow(heat, pair, score, share, places[pair.pk], in_club[pair.pk])
        for heat, pair, score, share in rows
    ]
    return sorted(made, key=lambda r: (str(group(r.pair.pk)), -r.percentage,
                                       r.heat.club.name, r.pair.label))  # fmt: skip


def _boards(
    heats: list[Heat], shown: HeatPools, points: Mapping[Hashable, LinePoints]
) -> dict[int, list[tuple[Heat, Line, LinePoints]]]:
    boards: dict[int, list[tuple[Heat, Line, LinePoints]]] = defaultdict(list)
    for heat in heats:
        for pool, _engine in shown[heat.session_id]:
            mine = boards[pool.number]
            for line in pool.lines:
                got = points.get(line.id)
                if got is not None:
                    mine.append((heat, line, got))
    return {n: lines for n, lines in sorted(boards.items()) if lines}
