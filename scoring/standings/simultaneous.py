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
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property

from scoring.adapters import policy_of
from scoring.engine.fields import by_direction
from scoring.engine.pools import BoardPool, LinePoints
from scoring.engine.ranking import places, sort_key
from scoring.engine.simultaneous import (
    field_pools,
    score_overall,
    sims_percentages,
)
from scoring.live.results_cache import field_memo
from scoring.queries.stamps import heats_stamps
from tournaments.models import Heat, Pair, Simultaneous

from .field_boards import FieldBoard, field_boards
from .heats import Audience, FieldMemo, heat_pools, heats_now
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
    fields: list[FieldBoard]  # each board with a line scored, by number
    two_winners: bool = False  # NS and EW ranked apart

    @cached_property
    def boards(self) -> dict[int, list[tuple[Heat, Line, LinePoints]]]:
        """Each board's lines across the field: (heat, line, its overall points)."""
        return {board.number: board.lines() for board in self.fields}


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
    audience: Audience,
) -> Overall:
    kept = audience.kept
    pairs = {pk: p for data in loaded.values() for pk, p in data.pairs.items()}
    directions = (pair.direction for pair in pairs.values())
    two = by_direction(simultaneous.event.two_winners, directions)

    def group(pair_id: Hashable) -> Hashable:
        return pairs[_id(pair_id)].direction if two else ""

    pools = [[engine for _pool, engine in shown[h.session_id]] for h in heats]
    policy = policy_of(simultaneous.event)
    scored = score_overall(
        pools, policy=policy, group=group, kept=kept, tallies=audience.tallies
    )
    shares = {pair: score.percentage for pair, score in scored.pairs.items()}
    if simultaneous.sims_percentage:
        shares = sims_percentages(field_pools(pools, kept), scored.boards)
    heat_of = {pk: h for h in heats for pk in loaded[h.session_id].pairs}
    rows = [
        (heat_of[_id(pair)], pairs[_id(pair)], score.matchpoints, shares[pair])
        for pair, score in scored.pairs.items()
    ]
    boards = field_boards(_parts(heats, shown), scored.boards, audience.counted)
    return Overall(_ranked(rows, group), boards, two_winners=two)


def _id(pair_id: Hashable) -> int:
    assert isinstance(pair_id, int)
    return pair_id


Scored = tuple[Heat, Pair, Fraction, Fraction]
SortKey = tuple[float, Fraction]  # ``sort_key``'s


def _ranked(
    rows: list[Scored], group: Callable[[Hashable], Hashable]
) -> list[OverallRow]:
    """Placed in their ranking group overall and among their club's pairs."""
    keys = [sort_key(share) for _heat, _pair, _score, share in rows]  # each once
    groups = [group(pair.pk) for _heat, pair, _score, _share in rows]
    overall: dict[Hashable, dict[int, SortKey]] = defaultdict(dict)
    clubs: dict[Hashable, dict[int, SortKey]] = defaultdict(dict)
    for (heat, pair, _score, _share), mine, key in zip(rows, groups, keys, strict=True):
        overall[mine][pair.pk] = key
        clubs[(mine, heat.club_id)][pair.pk] = key
    at = {k: v for field in overall.values() for k, v in places(field).items()}
    in_club = {k: v for field in clubs.values() for k, v in places(field).items()}
    made = [
        OverallRow(heat, pair, score, share, at[pair.pk], in_club[pair.pk])
        for heat, pair, score, share in rows
    ]
    return [made[i] for i in _order(made, [str(g) for g in groups], keys)]


def _order(made: list[OverallRow], groups: list[str], keys: list[SortKey]) -> list[int]:
    """The rows' order: by group, best percentage first, then by club and pair
    (stable sorts, the last the first key: no Fraction negated)."""
    order = sorted(range(len(made)), key=lambda i: (made[i].heat.club.name,
                                                    made[i].pair.label))  # fmt: skip
    order.sort(key=keys.__getitem__, reverse=True)
    order.sort(key=groups.__getitem__)
    return order


def _parts(heats: list[Heat], shown: HeatPools) -> dict[int, list[tuple[Heat, Pool]]]:
    """Each board's pools in the heats' order, by number."""
    parts: dict[int, list[tuple[Heat, Pool]]] = defaultdict(list)
    for heat in heats:
        for pool, _engine in shown[heat.session_id]:
            parts[pool.number].append((heat, pool))
    return parts
