"""A player's own route through an individual movement (his guide card).

For every round: the table, the seat (N, E, S or W), his partner, his two opponents and
the set, or nothing when he sits out (individual-and-social.md §1.1).
"""

from __future__ import annotations

from dataclasses import dataclass

from movements.engine.individual.model import SEATS, IndividualMovement
from movements.engine.model import MovementError
from movements.engine.problems import gettext_noop

__all__ = ["PlayerRound", "player_card"]


@dataclass(frozen=True)
class PlayerRound:
    """One round of a player's card; `table` None means he sits out."""

    round: int
    table: int | None = None
    seat: str = ""
    partner: int | None = None
    opponents: tuple[int, ...] = ()
    board_set: int | None = None


def player_card(movement: IndividualMovement, player: int) -> tuple[PlayerRound, ...]:
    """Where the player sits in every round, sit-outs included."""
    if player not in movement.players:
        raise MovementError(
            gettext_noop("there is no player %(player)s in this movement"),
            player=player,
        )
    card = {rnd.number: PlayerRound(rnd.number) for rnd in movement.rounds}
    for rnd, seating in movement.played():
        if player not in seating.players:
            continue
        k = seating.players.index(player)
        left, right = seating.players[(k + 1) % 4], seating.players[(k + 3) % 4]
        card[rnd.number] = PlayerRound(
            round=rnd.number,
            table=seating.table,
            seat=SEATS[k],
            partner=seating.players[(k + 2) % 4],
            opponents=tuple(p for p in (left, right) if p is not None),
            board_set=seating.board_set,
        )
    return tuple(card[n] for n in sorted(card))
