"""A social session: partners rotate after each chukker, players are ranked by their
total points (§3.1 of individual-and-social.md).

Four players play three chukkers (AB-CD, AC-BD, AD-BC). Five players follow the
5-player individual and eight players at two tables the 8-player individual
(§1.2): their chukkers are the rounds of that individual movement, passed in here
as seatings; a player who sits out a chukker scores nothing in it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TypeAlias

from ..ranking import rank
from ..types import Seat, Side
from .deal import ScorepadError, SideScores

__all__ = [
    "Chukker",
    "Seating",
    "Standing",
    "TableResult",
    "check_rotation",
    "check_tables",
    "four_player_rotation",
    "player_totals",
    "session_ranking",
    "session_standings",
    "table_chukkers",
]


@dataclass(frozen=True, slots=True)
class Seating:
    """Four players (by number) at one table."""

    north: int
    east: int
    south: int
    west: int

    def __post_init__(self) -> None:
        if len(set(self.players)) != len(self.players):
            message = f"seating: a player sits twice at one table {self.players}"
            raise ScorepadError("seated_twice", message, players=self.players)

    @classmethod
    def from_seats(cls, seats: Mapping[Seat, int]) -> Seating:
        return cls(
            seats[Seat.NORTH], seats[Seat.EAST], seats[Seat.SOUTH], seats[Seat.WEST]
        )

    @property
    def players(self) -> tuple[int, int, int, int]:
        return (self.north, self.east, self.south, self.west)

    def side(self, side: Side) -> tuple[int, int]:
        """The two partners playing ``side``."""
        if side is Side.NS:
            return (self.north, self.south)
        return (self.east, self.west)


Chukker: TypeAlias = tuple[Seating, ...]
"""The tables of one chukker."""


def four_player_rotation(players: Sequence[int]) -> tuple[Chukker, ...]:
    """Three chukkers for four players: AB-CD, AC-BD, AD-BC (A stays North)."""
    if len(players) != 4:
        message = f"players: a four-player rotation needs 4, not {len(players)}"
        raise ScorepadError("four_players", message, players=len(players))
    a, b, c, d = players
    return ((Seating(a, c, b, d),), (Seating(a, b, c, d),), (Seating(a, b, d, c),))


def table_chukkers(
    rounds: Iterable[Iterable[Sequence[int | None]]],
) -> tuple[Chukker, ...]:
    """The chukkers of an individual movement's rounds, each round's tables given
    as players N, E, S, W: a table with an empty seat does not play (its players
    sit out), and the partnerships are checked (§1.2)."""
    chukkers = tuple(
        tuple(
            Seating(*(player for player in table if player is not None))
            for table in tables
            if None not in table and len(table) == 4
        )
        for tables in rounds
    )
    check_rotation(chukkers)
    return chukkers


def check_tables(chukkers: Sequence[Chukker]) -> None:
    """Refuse a player seated at two tables of one chukker."""
    for number, chukker in enumerate(chukkers, start=1):
        seated = Counter(player for table in chukker for player in table.players)
        twice = sorted(player for player, count in seated.items() if count > 1)
        if twice:
            message = f"chukker {number}: player {twice[0]} sits at two tables"
            raise ScorepadError("two_tables", message, chukker=number, player=twice[0])


def check_rotation(chukkers: Sequence[Chukker]) -> None:
    """Refuse a player at two tables of a chukker, or partnering anyone twice."""
    check_tables(chukkers)
    partnerships: Counter[frozenset[int]] = Counter()
    for number, chukker in enumerate(chukkers, start=1):
        for table in chukker:
            for side in Side:
                pair = frozenset(table.side(side))
                partnerships[pair] += 1
                if partnerships[pair] > 1:
                    first, second = sorted(pair)
                    raise ScorepadError(
                        "partners_again",
                        f"chukker {number}: players {first} and {second} "
                        "are partners again",
                        chukker=number, first=first, second=second,
                    )  # fmt: skip


@dataclass(frozen=True, slots=True)
class TableResult:
    """A table's seating in one chukker and the points each side scored there."""

    seating: Seating
    points: SideScores


def player_totals(
    chukkers: Sequence[Sequence[TableResult]], *, players: Iterable[int] = ()
) -> dict[int, int]:
    """Each player's total: his side's points at every table he sat at.

    ``players`` lists players to show even with no chukker played (0 points).
    """
    check_tables([tuple(table.seating for table in tables) for tables in chukkers])
    totals = dict.fromkeys(players, 0)
    for tables in chukkers:
        for table in tables:
            for side in Side:
                for player in table.seating.side(side):
                    totals[player] = totals.get(player, 0) + table.points.of(side)
    return totals


def session_ranking(totals: Mapping[int, int]) -> dict[int, str]:
    """Each player's place by total points; equal totals share a place ("2=")."""
    return rank(totals)


@dataclass(frozen=True, slots=True)
class Standing:
    """A player's line of the session's ranking."""

    place: str
    player: int
    points: int


def session_standings(totals: Mapping[int, int]) -> tuple[Standing, ...]:
    """The ranking best first: most points first; equal totals share a place
    ("2=") and are listed by player number."""
    places = session_ranking(totals)
    order = sorted(totals, key=lambda player: (-totals[player], player))
    return tuple(Standing(places[p], p, totals[p]) for p in order)
