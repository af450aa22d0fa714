"""Changing a movement during a session (movements.md §4): a late pair, a pair that
leaves. The change keeps every seating of the other pairs; the pair takes or leaves the
phantom's place. Sources: Bridge Scorer, "Changing the movement".
"""

from __future__ import annotations

from dataclasses import replace

from movements.engine.model import Movement, MovementError, Pair, Round
from movements.engine.problems import gettext_noop

__all__ = ["pair_arrives", "pair_leaves"]


def pair_leaves(movement: Movement, pair: Pair) -> Movement:
    """The same movement with `pair` missing: whoever it would meet sits out."""
    if pair not in movement.pairs:
        raise MovementError(
            gettext_noop("pair %(pair)s does not play in this movement"), pair=pair
        )
    if movement.phantom is not None:
        raise MovementError(
            gettext_noop(
                "pair %(pair)s is already missing: a second missing pair needs a "
                "movement for fewer tables"
            ),
            pair=movement.phantom,
        )
    return replace(
        movement,
        rounds=tuple(_swap(rnd, pair, None) for rnd in movement.rounds),
        pairs=tuple(p for p in movement.pairs if p != pair),
        phantom=pair,
    )


def pair_arrives(movement: Movement) -> Movement:
    """The same movement with a late pair in the phantom's place (and label)."""
    if movement.phantom is None:
        raise MovementError(
            gettext_noop(
                "the movement has no missing pair: a late pair needs a movement "
                "for more tables"
            )
        )
    pair = movement.phantom
    return replace(
        movement,
        rounds=tuple(_swap(rnd, None, pair) for rnd in movement.rounds),
        pairs=tuple(sorted((*movement.pairs, pair))),
        phantom=None,
    )


def _swap(rnd: Round, old: Pair | None, new: Pair | None) -> Round:
    seatings = tuple(
        replace(
            s,
            ns=new if s.ns == old else s.ns,
            ew=new if s.ew == old else s.ew,
        )
        for s in rnd.seatings
    )
    return replace(rnd, seatings=seatings)
