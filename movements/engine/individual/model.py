"""The individual movement data model (individual-and-social.md §1).

In an individual every table seats four players in the order North, East, South, West;
North–South and East–West are partners for that round only. Players are display
numbers 1 … v. A table holding a phantom player is a sit-out table: it does not play
that round and its real players sit out. Set k holds boards (k − 1)·b + 1 … k·b, as in
the pairs movements (movements.md §0).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

__all__ = [
    "SEATS",
    "IndividualKind",
    "IndividualMovement",
    "IndividualRound",
    "IndividualSeating",
    "Seats",
]

# Seat order of a table: partners are two places apart, a player's left-hand opponent
# is the next seat.
SEATS: Final = ("N", "E", "S", "W")

Seats = tuple[int | None, int | None, int | None, int | None]  # N, E, S, W; None empty


class IndividualKind(StrEnum):
    COMPLETE = "individual"  # each player partners every other once (§1.1)
    RAINBOW = "rainbow"  # four compass lines, each meets the other three once (§1.3)


@dataclass(frozen=True)
class IndividualSeating:
    """One table in one round: the players in seat order N, E, S, W and the set."""

    table: int
    players: Seats
    board_set: int

    def seated(self) -> tuple[int, ...]:
        return tuple(p for p in self.players if p is not None)

    def partner_pairs(self) -> tuple[tuple[int | None, int | None], ...]:
        north, east, south, west = self.players
        return ((north, south), (east, west))

    def opponent_pairs(self) -> tuple[tuple[int | None, int | None], ...]:
        """(player, his left-hand opponent) for each of the four seats."""
        return tuple(
            (self.players[k], self.players[(k + 1) % 4]) for k in range(len(SEATS))
        )


@dataclass(frozen=True)
class IndividualRound:
    number: int
    seatings: tuple[IndividualSeating, ...]


@dataclass(frozen=True)
class IndividualMovement:
    """A whole individual schedule.

    `players` are the real players; `phantoms` fill the rest of a complete design and
    make their tables sit-out tables. `complete` says the design is the complete
    individual (or Rainbow) with no phantom and every round played.
    """

    kind: IndividualKind
    tables: int
    boards_per_round: int
    sets: int
    rounds: tuple[IndividualRound, ...]
    players: tuple[int, ...]
    phantoms: tuple[int, ...] = ()
    complete: bool = False

    def boards(self, board_set: int) -> range:
        """The board numbers of set k: (k − 1)·b + 1 … k·b (movements.md §0)."""
        b = self.boards_per_round
        return range((board_set - 1) * b + 1, board_set * b + 1)

    def is_played(self, seating: IndividualSeating) -> bool:
        """A table plays when its four seats hold four real players."""
        seated = seating.seated()
        return len(seated) == len(SEATS) and not set(seated) & set(self.phantoms)

    def schedule(self) -> Iterator[tuple[IndividualRound, IndividualSeating]]:
        """Every (round, seating) in round then table order, sit-out tables too."""
        for rnd in self.rounds:
            for seating in sorted(rnd.seatings, key=lambda s: s.table):
                yield rnd, seating

    def played(self) -> Iterator[tuple[IndividualRound, IndividualSeating]]:
        """Every (round, seating) that is played."""
        return ((r, s) for r, s in self.schedule() if self.is_played(s))

    def board_copies(self) -> int:
        """Copies of each set to make: every table that plays a round holds the
        round's set (barometer boards, §1.3)."""
        return max(
            (sum(1 for s in rnd.seatings if self.is_played(s)) for rnd in self.rounds),
            default=1,
        )

    def boards_played_once(self) -> int:
        """Boards that a single table plays: nothing to compare them with, so
        they score 50 % or are left out (scoring.engine.once_played)."""
        tables = Counter(s.board_set for _r, s in self.played())
        return sum(1 for n in tables.values() if n == 1) * self.boards_per_round

    def sitting_out(self, rnd: IndividualRound) -> tuple[int, ...]:
        """The real players who play no board in the round."""
        playing = {p for s in rnd.seatings if self.is_played(s) for p in s.seated()}
        return tuple(p for p in self.players if p not in playing)
