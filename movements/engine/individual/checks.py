"""The validator of individual movements (individual-and-social.md §1.4).

Errors: 1 a player twice in a round (or a number that is no player); 2 a player
replays a board set; 3 partner or opponent counts other than 1 and 2 in a complete
individual (at most 1 and 2 when phantoms thin it out), or in a Rainbow two players of
different lines not meeting exactly once; 4 a table with fewer than four seats filled
that is not a sit-out (no phantom at it); 8 a set outside 1 … sets. Warnings: 5 the
imbalance that phantoms (or stopping early) cause, 6 left/right-hand-opponent
imbalance, 7 sit-outs per player unequal, 9 boards played at one table only.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from itertools import combinations

from movements.engine.checks import Problem
from movements.engine.individual.model import (
    SEATS,
    IndividualKind,
    IndividualMovement,
    IndividualSeating,
)

__all__ = ["validate_individual"]

Key = frozenset[int]


def validate_individual(movement: IndividualMovement) -> list[Problem]:
    """Run the checks of §1.4 on an individual or Rainbow movement."""
    found = _check_rounds(movement)
    found += _check_sets_once(movement)
    if movement.kind is IndividualKind.RAINBOW:
        found += _check_rainbow(movement)
    else:
        found += _check_counts(movement)
    found += _check_filled(movement)
    found += _check_boards(movement)
    found += _warn_phantoms(movement)
    if movement.kind is IndividualKind.COMPLETE:
        found += _warn_left_right(movement)
    found += _warn_sit_outs(movement)
    found += _warn_played_once(movement)
    return found


def _err(check: int, message: str) -> Problem:
    return Problem("error", check, message)


def _pairs(found: Iterable[tuple[int | None, int | None]]) -> Counter[Key]:
    return Counter(
        frozenset((a, b)) for a, b in found if a is not None and b is not None
    )


# Check 1 ------------------------------------------------------------------------------
def _check_rounds(movement: IndividualMovement) -> list[Problem]:
    known = set(movement.players) | set(movement.phantoms)
    found: list[Problem] = []
    for rnd in movement.rounds:
        seen = Counter(p for s in rnd.seatings for p in s.seated())
        found += [
            _err(1, f"round {rnd.number}: player {p} seated {n} times")
            for p, n in sorted(seen.items())
            if n > 1
        ]
        found += [
            _err(1, f"round {rnd.number}: {p} is not a player of this movement")
            for p in sorted(set(seen) - known)
        ]
    return found


# Check 2 ------------------------------------------------------------------------------
def _check_sets_once(movement: IndividualMovement) -> list[Problem]:
    plays = Counter((p, s.board_set) for _, s in movement.played() for p in s.seated())
    return [
        _err(2, f"player {p} plays set {k} {n} times")
        for (p, k), n in sorted(plays.items())
        if n > 1
    ]


# Check 3 ------------------------------------------------------------------------------
def _everyone(movement: IndividualMovement) -> list[int]:
    return sorted(set(movement.players) | set(movement.phantoms))


def _design_counts(movement: IndividualMovement) -> tuple[Counter[Key], Counter[Key]]:
    """Partner and opponent counts over the whole design, sit-out tables included."""
    seatings = [s for _, s in movement.schedule()]
    partners = _pairs(pair for s in seatings for pair in s.partner_pairs())
    opponents = _pairs(pair for s in seatings for pair in s.opponent_pairs())
    return partners, opponents


def _check_counts(movement: IndividualMovement) -> list[Problem]:
    partners, opponents = _design_counts(movement)
    exact = movement.complete
    found: list[Problem] = []
    for a, b in combinations(_everyone(movement), 2):
        key = frozenset((a, b))
        for role, counts, wanted in (
            ("partner", partners, 1),
            ("oppose", opponents, 2),
        ):
            got = counts[key]
            if got > wanted or (exact and got != wanted):
                found.append(
                    _err(3, f"players {a} and {b} {role} {got} times, not {wanted}")
                )
    return found


def _check_rainbow(movement: IndividualMovement) -> list[Problem]:
    partners, opponents = _design_counts(movement)
    line = {p: (p - 1) // max(movement.tables, 1) for p in _everyone(movement)}
    found: list[Problem] = []
    for a, b in combinations(_everyone(movement), 2):
        key = frozenset((a, b))
        met, wanted = partners[key] + opponents[key], int(line[a] != line[b])
        if met != wanted:
            found.append(_err(3, f"players {a} and {b} meet {met} times, not {wanted}"))
    return found


# Check 4 ------------------------------------------------------------------------------
def _sits_out(movement: IndividualMovement, seating: IndividualSeating) -> bool:
    return bool(set(seating.seated()) & set(movement.phantoms))


def _check_filled(movement: IndividualMovement) -> list[Problem]:
    return [
        _err(
            4,
            f"round {rnd.number} table {s.table}: "
            f"{len(s.seated())} of {len(SEATS)} seats filled and no phantom",
        )
        for rnd, s in movement.schedule()
        if len(s.seated()) < len(SEATS) and not _sits_out(movement, s)
    ]


# Check 8 ------------------------------------------------------------------------------
def _check_boards(movement: IndividualMovement) -> list[Problem]:
    if movement.boards_per_round < 1 or movement.sets < 1:
        return [_err(8, f"{movement.sets} sets of {movement.boards_per_round} boards")]
    return [
        _err(
            8,
            f"round {rnd.number} table {s.table}: set {s.board_set} "
            f"is not one of 1–{movement.sets}",
        )
        for rnd, s in movement.schedule()
        if not 1 <= s.board_set <= movement.sets
    ]


# Warnings -----------------------------------------------------------------------------
def _warn_phantoms(movement: IndividualMovement) -> list[Problem]:
    """Phantoms, or a complete design cut short, leave some players never
    partnering and opponents meeting unequally: by how much."""
    if movement.phantoms:
        phantoms = ", ".join(map(str, movement.phantoms))
        cause = f"phantom players {phantoms} unbalance"
    elif movement.kind is IndividualKind.COMPLETE and not movement.complete:
        cause = f"stopping after {len(movement.rounds)} rounds unbalances"
    else:
        return []
    played = [s for _, s in movement.played()]
    partners = _pairs(pair for s in played for pair in s.partner_pairs())
    opponents = _pairs(pair for s in played for pair in s.opponent_pairs())
    keys = [frozenset(k) for k in combinations(movement.players, 2)]
    never = sum(1 for k in keys if not partners[k])
    low = min((opponents[k] for k in keys), default=0)
    high = max((opponents[k] for k in keys), default=0)
    return [
        Problem(
            "warning",
            5,
            f"{cause} the movement: {never} of "
            f"{len(keys)} pairs of players never partner; two players oppose "
            f"{low} to {high} times",
        )
    ]


def _warn_left_right(movement: IndividualMovement) -> list[Problem]:
    left = Counter(pair for _, s in movement.played() for pair in s.opponent_pairs())
    uneven = sorted(
        (a, b)
        for a, b in combinations(movement.players, 2)
        if left[(a, b)] != left[(b, a)]
    )
    if not uneven:
        return []
    a, b = uneven[0]
    return [
        Problem(
            "warning",
            6,
            f"{len(uneven)} pairs of opponents do not meet as often on each side "
            f"(players {a} and {b}: {a} has {b} on his left {left[(a, b)]} times, "
            f"on his right {left[(b, a)]} times)",
        )
    ]


def _warn_sit_outs(movement: IndividualMovement) -> list[Problem]:
    out = Counter(p for rnd in movement.rounds for p in movement.sitting_out(rnd))
    counts = {p: out[p] for p in movement.players}
    if len(set(counts.values())) < 2:
        return []
    listing = ", ".join(f"{p}: {n}" for p, n in sorted(counts.items()))
    return [Problem("warning", 7, f"sit-outs per player are unequal ({listing})")]


def _warn_played_once(movement: IndividualMovement) -> list[Problem]:
    once = movement.boards_played_once()
    if not once:
        return []
    boards = movement.sets * movement.boards_per_round
    return [
        Problem(
            "warning",
            9,
            f"{once} of {boards} boards are played at one table only: nothing to "
            "compare them with (50 % to both sides, or left out of both sides' "
            "totals by the event's setting)",
        )
    ]
