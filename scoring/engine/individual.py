"""Individual events: each player receives his side's matchpoints.

individual-and-social.md §1.5. Each board is matchpointed as in pairs (Law 78A,
Neuberg, Law 12C2 and Law 87 as ``session`` applies them) with the partnership of
the round as the side: North with South, East with West. Each player is then
credited with his side's points and top on every board he plays; his percentage
is his points over the tops of those boards only (a sit-out costs nothing). An
artificial score awarded to a side goes to both its players, at its flat
percentage (see ``score_individual``).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Final

from .once_played import compared_pools, is_left_out
from .policy import ScoringPolicy
from .pools import BoardLine, BoardPool, LinePoints
from .ranking import Tally, percentage, places, sort_key
from .session import PairScore, SessionScore, score_matchpoints
from .tallies import PoolTallies

__all__ = [
    "COMPASS",
    "Seated",
    "compass_of",
    "credit_players",
    "partnership_line",
    "score_individual",
]

# The seats of a table in order; North–South and East–West are partners.
COMPASS: Final = ("N", "E", "S", "W")


@dataclass(frozen=True, slots=True)
class Seated:
    """The four players of one line, by seat."""

    north: Hashable
    east: Hashable
    south: Hashable
    west: Hashable

    def by_seat(self) -> dict[str, Hashable]:
        return dict(zip(COMPASS, (self.north, self.east, self.south, self.west),
                        strict=True))  # fmt: skip


def partnership_line(line: BoardLine, seated: Seated) -> BoardLine:
    """``line`` with the round's partnerships as its sides: (North, South) and
    (East, West), so that every pairs rule applies to them unchanged."""
    return line._replace(
        ns_pair=(seated.north, seated.south),
        ew_pair=(seated.east, seated.west),
    )


def _sides(
    line: BoardLine, points: LinePoints
) -> Iterator[tuple[Hashable, Fraction, int]]:
    """(player, points, top) for each of the line's four players."""
    ew_top = points.top if points.ew_top is None else points.ew_top
    for players, mine, top in (
        (line.ns_pair, points.ns, points.top),
        (line.ew_pair, points.ew, ew_top),
    ):
        assert isinstance(players, tuple)
        for player in players:
            yield player, mine, top


def credit_players(
    pools: Sequence[BoardPool],
    score: SessionScore,
    *,
    ranking_group: Callable[[Hashable], Hashable] | None = None,
    left_out: Sequence[BoardPool] = (),
) -> dict[Hashable, PairScore]:
    """Each player's session from the partnership lines of ``pools`` as ``score``
    scored them: Σ points, Σ tops, boards, total pro-rated to the most boards of
    his ranking group, percentage and place within the group; the players of
    the ``left_out`` pools (boards played once) are ranked with none of them."""
    tallies: dict[Hashable, Tally] = {}
    for pool in pools:
        for line in pool.lines:
            points = score.lines.get(line.key)
            if points is None:
                continue
            for player, mine, top in _sides(line, points):
                tallies.setdefault(player, Tally()).add(mine, top=top)
    for line in (line for pool in left_out for line in pool.lines):
        for players in (line.ns_pair, line.ew_pair):
            assert isinstance(players, tuple)
            for player in players:
                tallies.setdefault(player, Tally())
    return _ranked(tallies, ranking_group)


def _ranked(
    tallies: Mapping[Hashable, Tally],
    ranking_group: Callable[[Hashable], Hashable] | None,
) -> dict[Hashable, PairScore]:
    groups: dict[Hashable, list[Hashable]] = {}
    for player in tallies:
        group = None if ranking_group is None else ranking_group(player)
        groups.setdefault(group, []).append(player)
    scores: dict[Hashable, PairScore] = {}
    for players in groups.values():
        most = max(tallies[p].boards for p in players)
        shares = {p: sort_key(tallies[p].percentage) for p in players}
        for player, place in places(shares).items():
            tally = tallies[player]
            points = tally.points
            scores[player] = PairScore(
                pair=player,
                matchpoints=points,
                top=tally.top,
                boards=tally.boards,
                total=points * most / tally.boards if tally.boards else points,
                percentage=percentage(points, tally.top),
                rank=place,
            )
    return scores


def score_individual(
    pools: Sequence[BoardPool],
    *,
    policy: ScoringPolicy,
    ranking_group: Callable[[Hashable], Hashable] | None = None,
    pool_tallies: PoolTallies | None = None,
) -> SessionScore:
    """Score an individual session whose lines are partnership lines
    (``partnership_line``): the lines' points as in pairs, and each player's
    session in place of the partnerships'."""
    # Law 12C2(c) weighs a contestant's session, but a line's side here is a
    # partnership of one round: its few other boards say nothing, and each
    # partner's own session would split one side's award in two. The artificial
    # scores of an individual are the flat percentages.
    flat = replace(policy, avg_plus_uses_session_pct=False)
    scored = score_matchpoints(pools, policy=flat, pool_tallies=pool_tallies)
    players = credit_players(
        compared_pools(pools, policy),
        scored,
        ranking_group=ranking_group,
        left_out=[pool for pool in pools if is_left_out(pool, policy)],
    )
    return SessionScore(scored.boards, players)


def compass_of(tables: Iterable[Seated]) -> dict[Hashable, str]:
    """The seat (N, E, S or W) each player holds: in a Rainbow individual a
    player keeps his compass line, and is ranked within it (§1.3)."""
    seats: dict[Hashable, str] = {}
    for seated in tables:
        for seat, player in seated.by_seat().items():
            seats.setdefault(player, seat)
    return seats
