"""Rainbow individuals (individual-and-social.md §1.3).

4T players at T tables, one compass line each: North players 1 … T, East T + 1 … 2T,
South 2T + 1 … 3T, West 3T + 1 … 4T, all starting at table 1 … T in that order. North
is stationary, boards move down one table, South up one, East up two, West down two,
for T rounds. Every player then meets every player of the other three lines once and
plays every set once, exactly when T is divisible by neither 2 nor 3 (5, 7, 11, 13,
25 …; 9 and 15 fail).
"""

from __future__ import annotations

from typing import Final

from movements.engine.individual.build import Quad, individual_movement
from movements.engine.individual.model import SEATS, IndividualKind, IndividualMovement
from movements.engine.model import MovementError
from movements.engine.problems import gettext_noop

__all__ = ["MAX_RAINBOW_TABLES", "MIN_RAINBOW_TABLES", "compass_line", "rainbow"]

MIN_RAINBOW_TABLES: Final = 5
MAX_RAINBOW_TABLES: Final = 25

# Tables moved per round by each line's players, in seat order N, E, S, W.
MOVES: Final = (0, 2, 1, -2)


def _check_tables(tables: int) -> None:
    if not MIN_RAINBOW_TABLES <= tables <= MAX_RAINBOW_TABLES:
        raise MovementError(
            gettext_noop(
                "a Rainbow individual needs %(least)s to %(most)s tables, not "
                "%(tables)s"
            ),
            least=MIN_RAINBOW_TABLES,
            most=MAX_RAINBOW_TABLES,
            tables=tables,
        )
    if tables % 2 == 0 or tables % 3 == 0:
        raise MovementError(
            gettext_noop(
                "a Rainbow individual cannot have %(tables)s tables: with a number "
                "of tables divisible by 2 or 3 players would meet twice or replay "
                "boards (5, 7, 11, 13 … work)"
            ),
            tables=tables,
        )


def _table(tables: int, t: int, r: int) -> Quad:
    """The players at 0-based table t in 0-based round r."""
    n, e, s, w = (
        line * tables + (t - move * r) % tables + 1 for line, move in enumerate(MOVES)
    )
    return (n, e, s, w)


def rainbow(tables: int, *, boards_per_round: int = 2) -> IndividualMovement:
    """The Rainbow individual for T tables (T not divisible by 2 or 3)."""
    _check_tables(tables)
    rounds = [[_table(tables, t, r) for t in range(tables)] for r in range(tables)]
    board_sets = [[(t + r) % tables + 1 for t in range(tables)] for r in range(tables)]
    return individual_movement(
        rounds,
        kind=IndividualKind.RAINBOW,
        players=tuple(range(1, len(SEATS) * tables + 1)),
        boards_per_round=boards_per_round,
        board_sets=board_sets,
        complete=True,
    )


def compass_line(movement: IndividualMovement, player: int) -> str:
    """The line (N, E, S or W) of a Rainbow player, ranked within it."""
    if not 1 <= player <= len(SEATS) * movement.tables:
        raise MovementError(
            gettext_noop("there is no player %(player)s"), player=player
        )
    return SEATS[(player - 1) // movement.tables]
