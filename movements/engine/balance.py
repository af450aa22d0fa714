"""Comparison balance, sit-outs and arrow-switch share (movements.md §2.3, §1.3, §1.4).

Two pairs are compared on a set when they hold the same cards of it. Mpcomp is Ross
Moore's matchpoint-comparison metric as summarised in the ASE Jeanie help: same
direction +1, opposite directions −1, opponents + (N − 1). The 1/8 arrow-switch share is
J. R. Manning's advice (EBU newsletter).
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from itertools import combinations
from typing import Final

from movements.engine.model import Movement, Pair

__all__ = [
    "ARROW_SWITCH_SHARE",
    "Balance",
    "balance",
    "comparisons",
    "mpcomp",
    "sit_outs",
    "suggested_switch_rounds",
    "switch_share_ok",
    "times_played",
]

# J. R. Manning (EBU): switch about 1/8 of the rounds.
ARROW_SWITCH_SHARE: Final = 1 / 8

Holders = dict[tuple[int, str], list[tuple[int, int]]]  # (set, NS/EW) -> (pair, id)
Key = tuple[int, int]  # two pair indexes into movement.pairs, smaller first


@dataclass(frozen=True)
class Balance:
    comparisons_min: int
    comparisons_max: int
    mpcomp_min: int
    mpcomp_max: int

    @property
    def exact(self) -> bool:
        return self.comparisons_min == self.comparisons_max


def _holders(movement: Movement) -> Holders:
    """Who holds which cards of each set; the id names the table-round (opponents).

    Pairs are indexes into `movement.pairs` (integers keep the counting fast).
    """
    index = {p: i for i, p in enumerate(movement.pairs)}
    held: Holders = {}
    for sitting, (_, seating) in enumerate(movement.schedule()):
        if not seating.is_played:
            continue
        for direction, pair in zip(("NS", "EW"), seating.holders(), strict=True):
            if pair in index:
                key = (seating.board_set, direction)
                held.setdefault(key, []).append((index[pair], sitting))
    return held


def _key(a: int, b: int) -> Key:
    return (a, b) if a < b else (b, a)


def _comparisons(held: Holders) -> Counter[Key]:
    counts: Counter[Key] = Counter()
    for group in held.values():
        counts.update(_key(a, b) for (a, _), (b, _) in combinations(group, 2))
    return counts


def _mpcomp(held: Holders, played: Counter[int]) -> Counter[Key]:
    score = _comparisons(held)
    for (board_set, direction), group in held.items():
        if direction != "NS":
            continue
        for a, table_a in group:
            for b, table_b in held.get((board_set, "EW"), []):
                bonus = played[board_set] - 1 if table_a == table_b else -1
                score[_key(a, b)] += bonus
    return score


def _named(movement: Movement, counts: Counter[Key]) -> Counter[frozenset[Pair]]:
    pairs = movement.pairs
    return Counter({frozenset((pairs[a], pairs[b])): n for (a, b), n in counts.items()})


def comparisons(movement: Movement) -> Counter[frozenset[Pair]]:
    """How many sets each two pairs are compared on (same cards, same set)."""
    return _named(movement, _comparisons(_holders(movement)))


def mpcomp(movement: Movement) -> Counter[frozenset[Pair]]:
    """Mpcomp(A, B) for every two pairs that play a common set."""
    held = _holders(movement)
    return _named(movement, _mpcomp(held, times_played(movement)))


def balance(movement: Movement) -> Balance:
    """Min/max comparisons and Mpcomp over every two pairs of the same field."""
    held = _holders(movement)
    counts, scores = _comparisons(held), _mpcomp(held, times_played(movement))
    pairs = movement.pairs
    keys = [
        (a, b)
        for a, b in combinations(range(len(pairs)), 2)
        if pairs[a].direction == pairs[b].direction
    ]
    if not keys:
        return Balance(0, 0, 0, 0)
    values = [counts[k] for k in keys]
    metric = [scores[k] for k in keys]
    return Balance(min(values), max(values), min(metric), max(metric))


def times_played(movement: Movement) -> Counter[int]:
    """How many times each set 1 … sets is played (sit-out tables excluded)."""
    played: Counter[int] = Counter({s: 0 for s in range(1, movement.sets + 1)})
    for _, seating in movement.schedule():
        if seating.is_played:
            played[seating.board_set] += 1
    return played


def sit_outs(movement: Movement) -> dict[Pair, list[int]]:
    """The rounds each pair sits out (drawn against the phantom)."""
    out: dict[Pair, list[int]] = {}
    for rnd, seating in movement.schedule():
        pair = seating.sits_out
        if pair is not None:
            out.setdefault(pair, []).append(rnd.number)
    return out


def switch_share_ok(movement: Movement) -> bool:
    """Whether the number of switched rounds is the nearest to 1/8 (at least one)."""
    switched = len(movement.switched_rounds)
    if not switched:
        return True
    ideal = len(movement.rounds) * ARROW_SWITCH_SHARE
    return switched in {max(1, math.floor(ideal)), max(1, math.ceil(ideal))}


def suggested_switch_rounds(rounds: int) -> tuple[int, ...]:
    """Rounds to arrow-switch: about 1/8 of them (at least one), the last round first
    and the others spread evenly back from it (a 7–8 round Mitchell: the last round)."""
    if rounds < 1:
        return ()
    count = max(1, math.floor(rounds * ARROW_SWITCH_SHARE + 0.5))
    step = rounds // count
    return tuple(sorted(rounds - k * step for k in range(count)))
