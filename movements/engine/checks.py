"""The movement validation checklist (movements.md §3, checks 1–11).

Errors make a movement unusable; warnings and information are shown to the director.
The rules are pure, so a problem keeps its English template (marked with
``gettext_noop`` for the catalogues) and its values; the pages translate it.
Sources: Ian McKinnon, bridgecentral.com (comparisonofpairs, eventables); J. R. Manning,
EBU newsletter on arrow switching.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Iterator
from itertools import combinations
from typing import Final

from movements.engine.balance import balance, sit_outs, switch_share_ok, times_played
from movements.engine.grid import parse_grid
from movements.engine.model import Movement, MovementKind, Pair, Round, Variant
from movements.engine.numbering import check_arrow_numbers, check_boards
from movements.engine.problems import Level, Problem, error, gettext_noop

__all__ = ["PHANTOM", "Level", "Problem", "gettext_noop", "parse_grid", "validate"]

# Stands for an anonymous phantom (a `None` seat) when the movement names none.
PHANTOM: Final = Pair(0, "")


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
    found += check_arrow_numbers(movement)
    found += check_boards(movement)
    found += _check_balance(movement)
    found += _check_sit_outs(movement)
    found += _check_switch_share(movement)
    return found


def _slot(movement: Movement, pair: Pair | None) -> Pair:
    if pair is not None:
        return pair
    return movement.phantom or PHANTOM


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
                error(
                    1,
                    gettext_noop(
                        "round %(round)s: tables %(tables)s instead of "
                        "1–%(last)s once each"
                    ),
                    round=rnd.number,
                    tables=sorted(tables.elements()),
                    last=movement.tables,
                )
            )
        found += _round_pairs(movement, rnd)
    return found


def _round_pairs(movement: Movement, rnd: Round) -> list[Problem]:
    found: list[Problem] = []
    seen: Counter[Pair] = Counter()
    for s in rnd.seatings:
        if s.ns is None and s.ew is None:
            text = gettext_noop("round %(round)s table %(table)s: no pair")
            found.append(error(1, text, round=rnd.number, table=s.table))
        seen.update(_slot(movement, p) for p in (s.ns, s.ew))
    for pair, n in sorted(seen.items()):
        if n > 1:
            text = gettext_noop("round %(round)s: pair %(pair)s seated %(n)s times")
            found.append(error(1, text, round=rnd.number, pair=pair, n=n))
    known = set(movement.pairs) | {movement.phantom or PHANTOM}
    for pair in sorted(set(seen) - known):
        text = gettext_noop("round %(round)s: unknown pair %(pair)s")
        found.append(error(1, text, round=rnd.number, pair=pair))
    for pair in sorted(set(movement.pairs) - set(seen)):
        text = gettext_noop("round %(round)s: pair %(pair)s has no seat")
        found.append(error(1, text, round=rnd.number, pair=pair))
    return found


# Check 2 ------------------------------------------------------------------------------
def _check_sets_once(movement: Movement) -> list[Problem]:
    plays: Counter[tuple[Pair, int]] = Counter()
    for _, s in movement.schedule():
        if s.is_played:
            plays.update((p, s.board_set) for p in (s.ns, s.ew) if p is not None)
    return [
        error(
            2,
            gettext_noop("pair %(pair)s plays set %(set)s %(n)s times"),
            pair=pair,
            set=board_set,
            n=n,
        )
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
        found += _relayed(movement, rnd, at)
        declared = {sh.board_set: sorted(sh.tables) for sh in rnd.shares}
        for board_set, tables in sorted(at.items()):
            if len(tables) <= movement.copies:
                continue
            where = {"round": rnd.number, "set": board_set, "tables": sorted(tables)}
            if declared.get(board_set) != sorted(tables):
                text = gettext_noop(
                    "round %(round)s: set %(set)s at tables %(tables)s without a "
                    "declared share"
                )
                found.append(error(3, text, **where))
            elif len(set(rotations[board_set])) < len(tables):
                text = gettext_noop(
                    "round %(round)s: set %(set)s at tables %(tables)s in the same "
                    "board order"
                )
                found.append(error(3, text, **where))
    return found


def _relayed(movement: Movement, rnd: Round, at: dict[int, list[int]]) -> list[Problem]:
    """A set on a relay and at more tables than there are copies."""
    text = gettext_noop(
        "round %(round)s: set %(set)s is on a relay and at table(s) %(tables)s"
    )
    return [
        error(3, text, round=rnd.number, set=k, tables=at[k])
        for k in sorted(set(rnd.relays) & set(at))
        if rnd.relays.count(k) + len(at[k]) > movement.copies
    ]


# Check 4 ------------------------------------------------------------------------------
def _check_mitchell(movement: Movement, whole: bool) -> list[Problem]:
    rows = list(_assigned(movement))
    ns = {n for _, _, n, _ in rows}
    ew = {e for _, _, _, e in rows}
    both = gettext_noop("pair %(pair)s sits both NS and EW")
    found = [error(4, both, pair=p) for p in sorted(ns & ew)]
    meets = Counter((n, e) for _, _, n, e in rows)
    found += [
        error(4, gettext_noop("NS %(ns)s meets EW %(ew)s %(n)s times"), ns=n, ew=e, n=k)
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
        error(
            4,
            gettext_noop("EW %(pair)s misses %(n)s NS pairs, not 1"),
            pair=pair,
            n=len(ns - met[pair]),
        )
        for pair in sorted(ew)
        if len(ns - met[pair]) != 1
    ]
    # One set is missed, or none when there are as many sets as rounds (barometer).
    wanted = movement.sets - len(movement.rounds)
    found += [
        error(4, gettext_noop("pair %(pair)s misses %(n)s sets, not %(wanted)s"),
             pair=pair, n=movement.sets - len(sets[pair]), wanted=wanted)
        for pair in sorted(ns | ew)
        if movement.sets - len(sets[pair]) != wanted
    ]  # fmt: skip
    return found


def _never_met(
    ns: Iterable[Pair], ew: Iterable[Pair], meets: Counter[tuple[Pair, Pair]]
) -> list[Problem]:
    return [
        error(4, gettext_noop("NS %(ns)s never meets EW %(ew)s"), ns=n, ew=e)
        for n in sorted(ns)
        for e in sorted(ew)
        if not meets[(n, e)]
    ]


def _every_set(
    movement: Movement, check: int, plays: list[tuple[Pair, int]], group: set[Pair]
) -> list[Problem]:
    counts = Counter(plays)
    return [
        error(
            check,
            gettext_noop("pair %(pair)s has set %(set)s %(n)s times, not once"),
            pair=pair,
            set=k,
            n=counts[(pair, k)],
        )
        for pair in sorted(group)
        for k in range(1, movement.sets + 1)
        if counts[(pair, k)] != 1
    ]


# Check 5 ------------------------------------------------------------------------------
def _check_howell(movement: Movement, whole: bool) -> list[Problem]:
    rows = list(_assigned(movement))
    meets = Counter(frozenset((n, e)) for _, _, n, e in rows)
    found = [
        error(
            5,
            gettext_noop("pairs %(a)s and %(b)s meet %(n)s times"),
            a=min(k),
            b=max(k),
            n=n,
        )
        for k, n in meets.items()
        if n > 1
    ]
    if whole and movement.variant is not Variant.THREE_QUARTER:
        everyone = {p for _, _, n, e in rows for p in (n, e)}
        found += [
            error(5, gettext_noop("pairs %(a)s and %(b)s never meet"), a=a, b=b)
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
    found = [
        Problem.of(
            "info", 6, gettext_noop("times played per set: %(sets)s"), sets=listing
        )
    ]
    if len(set(played.values())) > 1:
        common = played.most_common(1)[0][1]
        odd = sorted(k for k, n in played.items() if n != common)
        found.append(
            Problem.of(
                "warning",
                6,
                gettext_noop(
                    "sets %(sets)s are not played %(n)s times: scoring must factor"
                ),
                sets=odd,
                n=common,
            )
        )
    return found


# Checks 9–11 --------------------------------------------------------------------------
def _check_balance(movement: Movement) -> list[Problem]:
    got = balance(movement)
    values = {"low": got.comparisons_min, "high": got.comparisons_max,
              "mp_low": got.mpcomp_min, "mp_high": got.mpcomp_max}  # fmt: skip
    text = gettext_noop(
        "comparisons per pair of pairs %(low)s–%(high)s; Mpcomp %(mp_low)s–%(mp_high)s"
    )
    found = [Problem.of("info", 9, text, **values)]
    if not got.exact:
        text = gettext_noop(
            "comparisons are unbalanced: comparisons per pair of pairs "
            "%(low)s–%(high)s; Mpcomp %(mp_low)s–%(mp_high)s"
        )
        found.append(Problem.of("warning", 9, text, **values))
    return found


def _check_sit_outs(movement: Movement) -> list[Problem]:
    out = sit_outs(movement)
    if not out:
        return []
    listing = "; ".join(f"{p}: {rounds}" for p, rounds in sorted(out.items()))
    text = gettext_noop("sit-outs (pair: rounds): %(sit_outs)s")
    found = [Problem.of("info", 10, text, sit_outs=listing)]
    total = sum(len(r) for r in out.values())
    fair = math.ceil(total / max(len(movement.pairs), 1))
    found += [
        Problem.of(
            "warning",
            10,
            gettext_noop("pair %(pair)s sits out %(n)s times"),
            pair=p,
            n=len(r),
        )
        for p, r in sorted(out.items())
        if len(r) > fair
    ]
    return found


def _check_switch_share(movement: Movement) -> list[Problem]:
    if switch_share_ok(movement):
        return []
    switched = len(movement.switched_rounds)
    return [
        Problem.of(
            "warning",
            11,
            gettext_noop(
                "%(switched)s of %(rounds)s rounds are arrow-switched: "
                "about 1/8 is best"
            ),
            switched=switched,
            rounds=len(movement.rounds),
        )
    ]
