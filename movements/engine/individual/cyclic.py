"""Complete individuals by the cyclic whist rule (individual-and-social.md §1.1–1.3).

A complete individual for v players (v ≡ 0 or 1 mod 4, a whist tournament Wh(v)) has
each player partner every other once and oppose every other twice. Players are the
elements of a group (the residues mod N, or Z3 × Z3 for 9 players) plus a fixed player
∞ when v ≡ 0 (mod 4); round r adds element r to every finite player and ∞ never moves.
For v = 4n + 1 the player equal to r sits out in round r. Display numbers: element x is
player x + 1 (for Z3 × Z3 the pair (a, b) is x = 3a + b), ∞ is player v. Boards are
barometer boards: every table plays set r in round r (§1.3). Other attendances use the
next complete size with phantom players, the highest numbers; a round in which no table
is left to play is dropped. The starting rounds are the spec's known-good ones.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from movements.engine.individual.build import Quad, individual_movement
from movements.engine.individual.model import IndividualKind, IndividualMovement
from movements.engine.model import MovementError
from movements.engine.problems import gettext_noop

__all__ = [
    "COMPLETE_SIZES",
    "DESIGNS",
    "INFINITY",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "CyclicDesign",
    "design_rounds",
    "individual",
]

INFINITY: Final = -1  # the player ∞ in a starting round

MIN_PLAYERS: Final = 5
MAX_PLAYERS: Final = 20

Start = tuple[tuple[int, int, int, int], ...]  # tables (N, E, S, W) of the first round


@dataclass(frozen=True)
class CyclicDesign:
    """A starting round over the group Z_m1 × Z_m2 × … (elements in mixed radix)."""

    moduli: tuple[int, ...]
    start: Start

    @property
    def order(self) -> int:
        size = 1
        for m in self.moduli:
            size *= m
        return size

    @property
    def has_infinity(self) -> bool:
        return any(INFINITY in table for table in self.start)

    @property
    def players(self) -> int:
        return self.order + (1 if self.has_infinity else 0)

    def add(self, x: int, r: int) -> int:
        """x + r in the group; ∞ stays where it is."""
        if x == INFINITY:
            return x
        total, scale = 0, 1
        for m in reversed(self.moduli):
            total += ((x // scale + r // scale) % m) * scale
            scale *= m
        return total


# individual-and-social.md §1.2: the known-good initial rounds (v = 9 over Z3 × Z3,
# (a, b) written 3a + b).
DESIGNS: Final[dict[int, CyclicDesign]] = {
    5: CyclicDesign((5,), ((4, 3, 1, 2),)),
    8: CyclicDesign((7,), ((3, 6, 1, 0), (5, INFINITY, 2, 4))),
    9: CyclicDesign((3, 3), ((1, 3, 2, 6), (4, 5, 8, 7))),
    12: CyclicDesign((11,), ((7, INFINITY, 0, 8), (5, 3, 6, 1), (10, 4, 2, 9))),
    13: CyclicDesign((13,), ((8, 12, 5, 1), (9, 6, 4, 7), (11, 10, 2, 3))),
    16: CyclicDesign(
        (15,),
        ((10, 13, 2, 3), (14, INFINITY, 1, 8), (5, 4, 9, 7), (11, 6, 12, 0)),
    ),
    17: CyclicDesign(
        (17,),
        ((11, 8, 13, 7), (15, 5, 1, 16), (6, 9, 2, 14), (10, 12, 3, 4)),
    ),
    20: CyclicDesign(
        (19,),
        (
            (6, 4, 0, 11),
            (2, 12, 7, 10),
            (1, INFINITY, 17, 13),
            (3, 16, 14, 15),
            (18, 5, 8, 9),
        ),
    ),
}

COMPLETE_SIZES: Final = tuple(sorted(DESIGNS))


def _display(design: CyclicDesign, x: int) -> int:
    return design.players if x == INFINITY else x + 1


def design_rounds(design: CyclicDesign) -> list[list[Quad]]:
    """Every round of the design as tables of display numbers (N, E, S, W)."""
    return [
        [
            (
                _display(design, design.add(n, r)),
                _display(design, design.add(e, r)),
                _display(design, design.add(s, r)),
                _display(design, design.add(w, r)),
            )
            for n, e, s, w in design.start
        ]
        for r in range(design.order)
    ]


def _size_for(players: int) -> int:
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise MovementError(
            gettext_noop(
                "an individual needs %(least)s to %(most)s players, not %(players)s"
            ),
            least=MIN_PLAYERS,
            most=MAX_PLAYERS,
            players=players,
        )
    return min(v for v in COMPLETE_SIZES if v >= players)


def individual(players: int, *, boards_per_round: int = 2) -> IndividualMovement:
    """The individual for 5–20 players with barometer boards.

    5, 8, 9, 12, 13, 16, 17 and 20 players play the complete design; any other number
    plays the next complete size with the missing players as phantoms.
    """
    size = _size_for(players)
    rounds = design_rounds(DESIGNS[size])
    phantoms = tuple(range(players + 1, size + 1))
    if phantoms:
        rounds = [tables for tables in rounds if _any_played(tables, phantoms)]
    return individual_movement(
        rounds,
        kind=IndividualKind.COMPLETE,
        players=tuple(range(1, players + 1)),
        phantoms=phantoms,
        boards_per_round=boards_per_round,
        complete=not phantoms,
    )


def _any_played(tables: Sequence[Quad], phantoms: Sequence[int]) -> bool:
    return any(not set(table) & set(phantoms) for table in tables)
