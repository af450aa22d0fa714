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

from movements.engine.individual.model import (
    SEATS,
    IndividualKind,
    IndividualMovement,
    IndividualSeating,
)
from movements.engine.problems import Problem, error, gettext_noop

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
            error(
                1,
                gettext_noop("round %(round)s: player %(player)s seated %(n)s times"),
                round=rnd.number,
                player=p,
                n=n,
            )
            for p, n in sorted(seen.items())
            if n > 1
        ]
        found += [
            error(
                1,
                gettext_noop(
                    "round %(round)s: %(player)s is not a player of this movement"
                ),
                round=rnd.number,
                player=p,
            )
            for p in sorted(set(seen) - known)
        ]
    return found


# Check 2 ------------------------------------------------------------------------------
def _check_sets_once(movement: IndividualMovement) -> list[Problem]:
    plays = Counter((p, s.board_set) for _, s in movement.played() for p in s.seated())
    return [
        error(
            2,
            gettext_noop("player %(player)s plays set %(set)s %(n)s times"),
            player=p,
            set=k,
            n=n,
        )
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
        for text, counts, wanted in (
            (gettext_noop("players %(a)s and %(b)s partner %(n)s times, not 1"),
             partners, 1),
            (gettext_noop("players %(a)s and %(b)s oppose %(n)s times, not 2"),
             opponents, 2),
        ):  # fmt: skip
            got = counts[key]
            if got > wanted or (exact and got != wanted):
                found.append(error(3, text, a=a, b=b, n=got))
    return found


def _check_rainbow(movement: IndividualMovement) -> list[Problem]:
    partners, opponents = _design_counts(movement)
    line = {p: (p - 1) // max(movement.tables, 1) for p in _everyone(movement)}
    found: list[Problem] = []
    for a, b in combinations(_everyone(movement), 2):
        key = frozenset((a, b))
        met, wanted = partners[key] + opponents[key], int(line[a] != line[b])
        if met != wanted:
            text = gettext_noop(
                "players %(a)s and %(b)s meet %(n)s times, not %(wanted)s"
            )
            found.append(error(3, text, a=a, b=b, n=met, wanted=wanted))
    return found


# Check 4 ------------------------------------------------------------------------------
def _sits_out(movement: IndividualMovement, seating: IndividualSeating) -> bool:
    return bool(set(seating.seated()) & set(movement.phantoms))


def _check_filled(movement: IndividualMovement) -> list[Problem]:
    return [
        error(
            4,
            gettext_noop(
                "round %(round)s table %(table)s: %(filled)s of %(seats)s seats "
                "filled and no phantom"
            ),
            round=rnd.number,
            table=s.table,
            filled=len(s.seated()),
            seats=len(SEATS),
        )
        for rnd, s in movement.schedule()
        if len(s.seated()) < len(SEATS) and not _sits_out(movement, s)
    ]


# Check 8 ------------------------------------------------------------------------------
def _check_boards(movement: IndividualMovement) -> list[Problem]:
    if movement.boards_per_round < 1 or movement.sets < 1:
        text = gettext_noop("%(sets)s sets of %(b)s boards")
        return [error(8, text, sets=movement.sets, b=movement.boards_per_round)]
    return [
        error(
            8,
            gettext_noop(
                "round %(round)s table %(table)s: set %(set)s is not one of 1–%(sets)s"
            ),
            round=rnd.number,
            table=s.table,
            set=s.board_set,
            sets=movement.sets,
        )
        for rnd, s in movement.schedule()
        if not 1 <= s.board_set <= movement.sets
    ]


# Warnings -----------------------------------------------------------------------------
def _warn_phantoms(movement: IndividualMovement) -> list[Problem]:
    """Phantoms, or a complete design cut short, leave some players never
    partnering and opponents meeting unequally: by how much."""
    if movement.phantoms:
        text = gettext_noop(
            "phantom players %(phantoms)s unbalance the movement: %(never)s of "
            "%(pairs)s pairs of players never partner; two players oppose "
            "%(low)s to %(high)s times"
        )
        cause: dict[str, object] = {"phantoms": ", ".join(map(str, movement.phantoms))}
    elif movement.kind is IndividualKind.COMPLETE and not movement.complete:
        text = gettext_noop(
            "stopping after %(rounds)s rounds unbalances the movement: %(never)s "
            "of %(pairs)s pairs of players never partner; two players oppose "
            "%(low)s to %(high)s times"
        )
        cause = {"rounds": len(movement.rounds)}
    else:
        return []
    played = [s for _, s in movement.played()]
    partners = _pairs(pair for s in played for pair in s.partner_pairs())
    opponents = _pairs(pair for s in played for pair in s.opponent_pairs())
    keys = [frozenset(k) for k in combinations(movement.players, 2)]
    never = sum(1 for k in keys if not partners[k])
    low = min((opponents[k] for k in keys), default=0)
    high = max((opponents[k] for k in keys), default=0)
    counts = {"never": never, "pairs": len(keys), "low": low, "high": high}
    return [Problem.of("warning", 5, text, **cause, **counts)]


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
        Problem.of(
            "warning",
            6,
            gettext_noop(
                "%(n)s pairs of opponents do not meet as often on each side "
                "(players %(a)s and %(b)s: %(a)s has %(b)s on his left %(left)s "
                "times, on his right %(right)s times)"
            ),
            n=len(uneven),
            a=a,
            b=b,
            left=left[(a, b)],
            right=left[(b, a)],
        )
    ]


def _warn_sit_outs(movement: IndividualMovement) -> list[Problem]:
    out = Counter(p for rnd in movement.rounds for p in movement.sitting_out(rnd))
    counts = {p: out[p] for p in movement.players}
    if len(set(counts.values())) < 2:
        return []
    listing = ", ".join(f"{p}: {n}" for p, n in sorted(counts.items()))
    text = gettext_noop("sit-outs per player are unequal (%(sit_outs)s)")
    return [Problem.of("warning", 7, text, sit_outs=listing)]


def _warn_played_once(movement: IndividualMovement) -> list[Problem]:
    once = movement.boards_played_once()
    if not once:
        return []
    boards = movement.sets * movement.boards_per_round
    return [
        Problem.of(
            "warning",
            9,
            gettext_noop(
                "%(once)s of %(boards)s boards are played at one table only: "
                "nothing to compare them with (50 %% to both sides, or left out "
                "of both sides' totals by the event's setting)"
            ),
            once=once,
            boards=boards,
        )
    ]
