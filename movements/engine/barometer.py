"""Barometer boards for any pairs movement (individual-and-social.md §2).

Every table plays set r in round r, so each round's boards are complete when the round
ends and standings after each round are fair. The seating (who meets whom, arrow
switches) stays that of the movement; the sets become one per round, shared between
tables when few or one copy per table otherwise, so relays and shares disappear.
"""

from __future__ import annotations

from dataclasses import replace

from movements.engine.model import Movement, MovementError, Round
from movements.engine.problems import gettext_noop

__all__ = ["barometer", "board_copies", "is_barometer"]


def barometer(movement: Movement) -> Movement:
    """The movement with barometer boards: set r at every table in round r."""
    if movement.board_ranges is not None:
        raise MovementError(
            gettext_noop(
                "a movement with its own board numbering cannot take barometer boards"
            )
        )
    rounds = tuple(
        Round(
            number=rnd.number,
            seatings=tuple(replace(s, board_set=k, rotation=0) for s in rnd.seatings),
        )
        for k, rnd in enumerate(movement.rounds, 1)
    )
    return replace(
        movement,
        sets=len(rounds),
        rounds=rounds,
        copies=max((len(r.seatings) for r in rounds), default=1),
    )


def is_barometer(movement: Movement) -> bool:
    """Whether every table plays the same set in each round, a new one every round."""
    sets = [{s.board_set for s in rnd.seatings} for rnd in movement.rounds]
    return all(len(k) == 1 for k in sets) and len({min(k) for k in sets}) == len(sets)


def board_copies(movement: Movement) -> int:
    """Copies of each set to make: the most tables playing one set in one round
    (tables of a declared share play the same copy)."""
    most = 1
    for rnd in movement.rounds:
        shared = {sh.board_set: len(sh.tables) - 1 for sh in rnd.shares}
        held: dict[int, int] = {}
        for s in rnd.seatings:
            if s.is_played:
                held[s.board_set] = held.get(s.board_set, 0) + 1
        for k, n in held.items():
            most = max(most, n - shared.get(k, 0))
    return most
