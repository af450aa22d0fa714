"""An individual cut short for an evening's time: its first rounds only
(clubs rarely play all 19 rounds of a 20-player individual).

Barometer boards make this exact: set r is played in round r, so the first N
rounds play sets 1 … N and nobody misses a board the others played. Partners
and opponents no longer balance; the validator says by how much.
"""

from __future__ import annotations

from dataclasses import replace

from movements.engine.individual.model import IndividualKind, IndividualMovement
from movements.engine.model import MovementError
from movements.engine.problems import gettext_noop

__all__ = ["shortened"]


def shortened(movement: IndividualMovement, rounds: int) -> IndividualMovement:
    """The movement's first `rounds` rounds (1 … all of them)."""
    full = len(movement.rounds)
    if movement.kind is not IndividualKind.COMPLETE:
        raise MovementError(gettext_noop("only a complete individual can be shortened"))
    if not 1 <= rounds <= full:
        raise MovementError(
            gettext_noop(
                "an individual of %(players)s players has 1 to %(full)s rounds, "
                "not %(rounds)s"
            ),
            players=len(movement.players),
            full=full,
            rounds=rounds,
        )
    kept = movement.rounds[:rounds]
    return replace(
        movement,
        rounds=kept,
        sets=max(s.board_set for rnd in kept for s in rnd.seatings),
        complete=movement.complete and rounds == full,
    )
