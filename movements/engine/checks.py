"""The movement validation checklist (movements.md §3, checks 1–11).

Errors make a movement unusable; warnings and information are shown to the director.
Sources: Ian McKinnon, bridgecentral.com (comparisonofpairs, eventables); J. R. Manning,
EBU newsletter on arrow switching.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from itertools import combinations
from typing import Final, Literal

from movements.engine.balance import balance, sit_outs, switch_share_ok, times_played
from movements.engine.grid import parse_grid
from movements.engine.model import Movement, MovementKind, Pair, Round, Variant

__all__ = ["PHANTOM", "Level", "Problem", "parse_grid", "validate"]

Level = Literal["error", "warning", "info"]

# Stands for an anonymous phantom (a `None` seat) when the movement names none.
PHANTOM: Final = Pair(0, "")


@dataclass(frozen=True)
class Problem:
    level: Level
    check: int
    message: str


def validate(movement: Movement, *, complete: bool | None = None) -> list[Problem]:
    """Run checks 1–11; `complete` None takes `movement.complete`."""
    whole = movement.complete if complete is None else complete
    found: list[Problem] = []
    found += _check_seats(movement)
    found += _check_sets_once(movement)
    found += _check_shares(movement)
    if movement.kind is MovementKind.MITCHELL:
        found += _check_mitchell(movement, whole)
    else:
        found += _check_howell(movement, whole)
    found += _check_times_played(movement)
    found += _check_arrow_numbers(movement)
    found += _check_boards(movement)
    found += _check_balance(movement)
    found += _check_sit_outs(movement)
    found += _check_switch_share(movement)
    return found


def _slot(movement: Movement, pair: Pair | None) -> Pair:
    if pair is not None:
        return pair
    return movement.phantom or PHANTOM


def _err(check: int, message: str) -> Problem:
    return Problem("error", check, message)


def _assigned(movement: Movement) -> Iterator[tuple[Round, int, Pair, Pair]]:
    """(round, set, NS slot, EW slot) for every seating, the phantom as a slot."""
    for rnd, s in movement.schedule():
        yield rnd, s.board_set, _slot(movement, s.ns), _slot(movement, s.ew)


# Check 1 ------------------------------------------------------------------------------
def _check_seats(movement: Movement) -> list[Problem]:
    found: list[Problem] = []
    for rnd in movement.rounds:
        tables = Counter(s.table for s in rnd.seatings)
        wanted = Counter(range(1, movement.tables + 1))
        if tables != wanted:
            found.append(
                _err(
                    1,
                    f"round {rnd.number}: tables {sorted(tables.elements())}"
                    f" instead of 1–{movement.tables} once each",
                )
            )
        found += _round_pairs(movement, rnd)
    return found


def _round_pairs(movement: Movement, rnd: Round) -> list[Problem]:
    found: list[Problem] = []
    seen: Counter[Pair] = Counter()
    for s in rnd.seatings:
        if s.ns is None and s.ew is None:
            found.append(_err(1, f"round {rnd.number} table {s.table}: no pair"))
        seen.update(_slot(movement, p) for p in (s.ns, s.ew))
    for pair, n in sorted(seen.items()):
        if n > 1:
            found.append(_err(1, f"round {rnd.number}: pair {pair} seated {n} times"))
    known = set(movement.pairs) | {movement.phantom or PHANTOM}
    for pair in sorted(set(seen) - known):
        found.append(_err(1, f"round {rnd.number}: unknown pair {pair}"))
    for pair in sorted(set(movement.pairs) - set(seen)):
        found.append(_err(1, f"round {rnd.number}: pair {pair} has no seat"))
    return found


# Check 2 ------------------------------------------------------------------------------
def _check_sets_once(movement: Movement) -> list[Problem]:
    plays: Counter[tuple[Pair, int]] = Counter()
    for _, s in movement.schedule():
        if s.is_played:
            plays.update((p, s.board_set) for p in (s.ns, s.ew) if p is not None)
    return [
        _err(2, f"pair {pair} plays set {board_set} {n} times")
        for (pair, board_set), n in sorted(plays.items())
        if n > 1
    ]


# Check 3 ------------------------------------------------------------------------------
def _check_shares(movement: Movement) -> list[Problem]:
    found: list[Problem] = []
    for rnd in movement.rounds:
        at: dict[int, list[int]] = {}
        rotations: dict[int, list[int]] = {}
        for s in rnd.seatings:
            at.setdefault(s.board_set, []).append(s.table)
            rotations.setdefault(s.board_set, []).append(
                s.rotation % max(movement.boards_per_round, 1)
            )
        declared = {sh.board_set: sorted(sh.tables) for sh in rnd.shares}
        found += [
            _err(
                3,
                f"round {rnd.number}: set {k} is on a relay and at table(s) {at[k]}",
            )
            for k in sorted(set(rnd.relays) & set(at))
            if rnd.relays.count(k) + len(at[k]) > movement.copies
        ]
        for board_set, tables in sorted(at.items()):
            if len(tables) <= movement.copies:
                continue
            where = f"round {rnd.number}: set {board_set} at tables {sorted(tables)}"
            if declared.get(board_set) != sorted(tables):
                found.append(_err(3, f"{where} without a declared share"))
            elif len(set(rotations[board_set])) < len(tables):
                found.append(_err(3, f"{where} in the same board order"))
    return found


# Check 4 ------------------------------------------------------------------------------
def _check_mitchell(movement: Movement, whole: bool) -> list[Problem]:
    rows = list(_assigned(movement))
    ns = {n for _, _, n, _ in rows}
    ew = {e for _, _, _, e in rows}
    found = [_err(4, f"pair {p} sits both NS and EW") for p in sorted(ns & ew)]
    meets = Counter((n, e) for _, _, n, e in rows)
    found += [
        _err(4, f"NS {n} meets EW {e} {k} times")
        for (n, e), k in meets.items()
        if k > 1
    ]
    if whole and movement.variant is Variant.SKIP:
        found += _skip_exact(movement, rows, ns, ew)
    elif whole and movement.variant is Variant.WEB:
        found += _every_set(movement, 4, [(n, s) for _, s, n, _ in rows], ns)
        found += _every_set(movement, 4, [(e, s) for _, s, _, e in rows], ew)
    elif whole:
        found += _never_met(ns, ew, meets)
        found += _every_set(movement, 4, [(n, s) for _, s, n, _ in rows], ns)
        found += _every_set(movement, 4, [(e, s) for _, s, _, e in rows], ew)
    return found


def _skip_exact(
    movement: Movement, rows: list[tuple[Round, int, Pair, Pair]], ns: set[Pair],
    ew: set[Pair],
) -> list[Problem]:  # fmt: skip
    met: dict[Pair, set[Pair]] = {}
    sets: dict[Pair, set[int]] = {}
    for _, board_set, n, e in rows:
        met.setdefault(e, set()).add(n)
        sets.setdefault(n, set()).add(board_set)
        sets.setdefault(e, set()).add(board_set)
    found = [
        _err(4, f"EW {pair} misses {len(ns - met[pair])} NS pairs, not 1")
        for pair in sorted(ew)
        if len(ns - met[pair]) != 1
    ]
    # One set is missed, or none when there are as many sets as rounds (barometer).
    wanted = movement.sets - len(movement.rounds)
    found += [
        _err(4, f"pair {pair} misses {movement.sets - len(sets[pair])} sets, "
                f"not {wanted}")
        for pair in sorted(ns | ew)
        if movement.sets - len(sets[pair]) != wanted
    ]  # fmt: skip
    return found


def _never_met(
    ns: Iterable[Pair], ew: Iterable[Pair], meets: Counter[tuple[Pair, Pair]]
) -> list[Problem]:
    return [
        _err(4, f"NS {n} never meets EW {e}")
        for n in sorted(ns)
        for e in sorted(ew)
        if not meets[(n, e)]
    ]


def _every_set(
    movement: Movement, check: int, plays: list[tuple[Pair, int]], group: set[Pair]
) -> list[Problem]:
    counts = Counter(plays)
    return [
        _err(check, f"pair {pair} has set {k} {counts[(pair, k)]} times, not once")
        for pair in sorted(group)
        for k in range(1, movement.sets + 1)
        if counts[(pair, k)] != 1
    ]


# Check 5 ------------------------------------------------------------------------------
def _check_howell(movement: Movement, whole: bool) -> list[Problem]:
    rows = list(_assigned(movement))
    meets = Counter(frozenset((n, e)) for _, _, n, e in rows)
    found = [
        _err(5, f"pairs {' and '.join(map(str, sorted(k)))} meet {n} times")
        for k, n in meets.items()
        if n > 1
    ]
    if whole and movement.variant is not Variant.THREE_QUARTER:
        everyone = {p for _, _, n, e in rows for p in (n, e)}
        found += [
            _err(5, f"pairs {a} and {b} never meet")
            for a, b in combinations(sorted(everyone), 2)
            if not meets[frozenset((a, b))]
        ]
        plays = [(p, s) for _, s, n, e in rows for p in (n, e)]
        found += _every_set(movement, 5, plays, everyone)
    return found


# Check 6 ------------------------------------------------------------------------------
def _check_times_played(movement: Movement) -> list[Problem]:
    played = times_played(movement)
    listing = ", ".join(f"s{k}×{n}" for k, n in sorted(played.items()))
    found = [Problem("info", 6, f"times played per set: {listing}")]
    if len(set(played.values())) > 1:
        common = played.most_common(1)[0][1]
        odd = sorted(k for k, n in played.items() if n != common)
        found.append(
            Problem(
                "warning",
                6,
                f"sets {odd} are not played {common} times: scoring must factor",
            )
        )
    return found


# Check 7 ------------------------------------------------------------------------------
def _check_arrow_numbers(movement: Movement) -> list[Problem]:
    if not movement.switched_rounds:
        return []
    found: list[Problem] = []
    if any(p.direction for p in movement.pairs):
        found.append(
            _err(
                7,
                "arrow-switched movement keeps NS/EW pair numbers: "
                f"renumber the EW pairs {movement.tables + 1}–"
                f"{2 * movement.tables}",
            )
        )
    numbers = Counter(p.number for p in movement.pairs)
    clash = sorted(n for n, k in numbers.items() if k > 1)
    if clash:
        found.append(_err(7, f"pair numbers {clash} are used twice"))
    return found


# Check 8 ------------------------------------------------------------------------------
def _check_boards(movement: Movement) -> list[Problem]:
    b, sets = movement.boards_per_round, movement.sets
    if b < 1 or sets < 1:
        return [_err(8, f"{sets} sets of {b} boards")]
    used = {s.board_set for _, s in movement.schedule()}
    used |= {k for rnd in movement.rounds for k in rnd.relays}
    found = [_err(8, f"set {k} is not one of 1–{sets}") for k in sorted(used)
             if not 1 <= k <= sets]  # fmt: skip
    ranges = [movement.boards(k) for k in range(1, sets + 1)]
    found += [_err(8, f"set {k} has {len(r)} boards, not {b}")
              for k, r in enumerate(ranges, 1) if len(r) != b]  # fmt: skip
    boards = sorted(n for r in ranges for n in r)
    if boards != list(range(1, sets * b + 1)):
        found.append(_err(8, f"the sets do not number boards 1–{sets * b} once each"))
    return found


# Checks 9–11 --------------------------------------------------------------------------
def _check_balance(movement: Movement) -> list[Problem]:
    got = balance(movement)
    text = (
        f"comparisons per pair of pairs {got.comparisons_min}–"
        f"{got.comparisons_max}; Mpcomp {got.mpcomp_min}–{got.mpcomp_max}"
    )
    found = [Problem("info", 9, text)]
    if not got.exact:
        found.append(Problem("warning", 9, f"comparisons are unbalanced: {text}"))
    return found


def _check_sit_outs(movement: Movement) -> list[Problem]:
    out = sit_outs(movement)
    if not out:
        return []
    listing = "; ".join(f"{p}: {rounds}" for p, rounds in sorted(out.items()))
    found = [Problem("info", 10, f"sit-outs (pair: rounds): {listing}")]
    total = sum(len(r) for r in out.values())
    fair = math.ceil(total / max(len(movement.pairs), 1))
    found += [
        Problem("warning", 10, f"pair {p} sits out {len(r)} times")
        for p, r in sorted(out.items())
        if len(r) > fair
    ]
    return found


def _check_switch_share(movement: Movement) -> list[Problem]:
    if switch_share_ok(movement):
        return []
    switched = len(movement.switched_rounds)
    return [
        Problem(
            "warning",
            11,
            f"{switched} of {len(movement.rounds)} rounds are "
            "arrow-switched: about 1/8 is best",
        )
    ]
