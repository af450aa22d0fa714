"""A simultaneous' overall ranking read from the database: every heat loaded as
its own ranking loads it (all heats in the same few queries, ``load_sessions``),
its lines given to the engine's overall scoring
(``scoring.engine.simultaneous``), each pair placed overall and in its club.
Two winners (NS and EW apart) as the event says, but one list when a pair
changes direction (``by_direction``: a Howell heat there despite the refusal
at ``heat_link``, e.g. a heat's movement changed afterwards)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass
from fractions import Fraction

from scoring.adapters import board_line, policy_of
from scoring.engine.fields import by_direction
from scoring.engine.pools import BoardPool, LinePoints
from scoring.engine.ranking import rank
from scoring.engine.simultaneous import field_pools, score_overall, sims_percentages
from tournaments.models import Heat, Pair, Simultaneous

from .lines import Line
from .load import LoadedSession, load_sessions

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
    rows: list[OverallRow]  # best first
    # Each board's lines across the field: (heat, line, its overall points).
    boards: dict[int, list[tuple[Heat, Line, LinePoints]]]


def _heat_pools(data: LoadedSession, hidden: frozenset[int]) -> list[BoardPool]:
    """The heat's boards but the ``hidden`` ones, as the engine's pools."""
    pools = []
    assigned = data.assigned  # read here: 62,400 lines at a federation's scale
    for pool in data.pools:
        if pool.number in hidden:
            continue
        lines = (board_line(x, assigned.get(x.id, ())) for x in pool.lines)
        pools.append(BoardPool(pool.number, tuple(b for b in lines if b)))
    return pools


def overall_of(
    simultaneous: Simultaneous,
    hidden: Callable[[Heat], frozenset[int]] | None = None,
) -> Overall:
    """Every heat's lines scored across the whole field, as played so far;
    ``hidden``: a heat's boards left out (the public's, ``public_overall``)."""
    heats = list(simultaneous.heats.select_related("club", "session__event"))
    by_session = load_sessions([heat.session for heat in heats])
    loaded = {heat.pk: by_session[heat.session_id] for heat in heats}
    left_out = {h.pk: hidden(h) if hidden else frozenset[int]() for h in heats}
    pools = [_heat_pools(loaded[h.pk], left_out[h.pk]) for h in heats]
    pairs = {pk: p for data in loaded.values() for pk, p in data.pairs.items()}
    directions = (pair.direction for pair in pairs.values())
    two = by_direction(simultaneous.event.two_winners, directions)

    def group(pair_id: Hashable) -> Hashable:
        return pairs[_id(pair_id)].direction if two else ""

    policy = policy_of(simultaneous.event)
    scored = score_overall(pools, policy=policy, group=group)
    shares = {pair: score.percentage for pair, score in scored.pairs.items()}
    if simultaneous.sims_percentage:
        shares = sims_percentages(field_pools(pools), scored.boards)
    heat_of = {pk: heat for heat in heats for pk in loaded[heat.pk].pairs}
    rows = [
        (heat_of[_id(pair)], pairs[_id(pair)], score.matchpoints, shares[pair])
        for pair, score in scored.pairs.items()
    ]
    return Overall(_ranked(rows, group), _boards(loaded, heats, scored.lines))


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
    loaded: dict[int, LoadedSession],
    heats: list[Heat],
    points: Mapping[Hashable, LinePoints],
) -> dict[int, list[tuple[Heat, Line, LinePoints]]]:
    boards: dict[int, list[tuple[Heat, Line, LinePoints]]] = defaultdict(list)
    for heat in heats:
        for pool in loaded[heat.pk].pools:
            shown = boards[pool.number]
            for line in pool.lines:
                got = points.get(line.id)
                if got is not None:
                    shown.append((heat, line, got))
    return {n: lines for n, lines in sorted(boards.items()) if lines}
