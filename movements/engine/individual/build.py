"""Turn rounds of tables (N, E, S, W) into an individual movement.

Shared by the generators and by tests that build other designs (relabelled, published
or deliberately broken ones) for the validator.
"""

from __future__ import annotations

from collections.abc import Sequence

from movements.engine.individual.model import (
    IndividualKind,
    IndividualMovement,
    IndividualRound,
    IndividualSeating,
    Seats,
)
from movements.engine.model import MovementError
from movements.engine.problems import gettext_noop

__all__ = ["Quad", "barometer_sets", "individual_movement"]

Quad = Seats


def barometer_sets(rounds: Sequence[Sequence[Quad]]) -> list[list[int]]:
    """Every table plays set r in round r (individual-and-social.md §1.3)."""
    return [[r] * len(tables) for r, tables in enumerate(rounds, 1)]


def individual_movement(
    rounds: Sequence[Sequence[Quad]],
    *,
    kind: IndividualKind,
    players: tuple[int, ...],
    phantoms: tuple[int, ...] = (),
    boards_per_round: int = 2,
    board_sets: Sequence[Sequence[int]] | None = None,
    complete: bool = False,
) -> IndividualMovement:
    """The movement; `board_sets` None gives barometer boards."""
    if boards_per_round < 1:
        raise MovementError(gettext_noop("boards per round must be at least 1"))
    sets = barometer_sets(rounds) if board_sets is None else board_sets
    made = tuple(
        IndividualRound(
            number=r,
            seatings=tuple(
                IndividualSeating(table=t, players=quad, board_set=k)
                for t, (quad, k) in enumerate(zip(tables, row, strict=True), 1)
            ),
        )
        for r, (tables, row) in enumerate(zip(rounds, sets, strict=True), 1)
    )
    return IndividualMovement(
        kind=kind,
        tables=max((len(tables) for tables in rounds), default=0),
        boards_per_round=boards_per_round,
        sets=max((k for row in sets for k in row), default=0),
        rounds=made,
        players=players,
        phantoms=phantoms,
        complete=complete,
    )
