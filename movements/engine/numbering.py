"""Checks 7 and 8 of the validation checklist (movements.md §3): the pairs'
numbers under an arrow switch, and the boards the sets number."""

from __future__ import annotations

from collections import Counter

from movements.engine.model import Movement
from movements.engine.problems import Problem, error, gettext_noop

__all__ = ["check_arrow_numbers", "check_boards"]


# Check 7 ------------------------------------------------------------------------------
def check_arrow_numbers(movement: Movement) -> list[Problem]:
    if not movement.switched_rounds:
        return []
    found: list[Problem] = []
    if any(p.direction for p in movement.pairs):
        found.append(
            error(
                7,
                gettext_noop(
                    "arrow-switched movement keeps NS/EW pair numbers: renumber "
                    "the EW pairs %(first)s–%(last)s"
                ),
                first=movement.tables + 1,
                last=2 * movement.tables,
            )
        )
    numbers = Counter(p.number for p in movement.pairs)
    clash = sorted(n for n, k in numbers.items() if k > 1)
    if clash:
        twice = gettext_noop("pair numbers %(numbers)s are used twice")
        found.append(error(7, twice, numbers=clash))
    return found


# Check 8 ------------------------------------------------------------------------------
def check_boards(movement: Movement) -> list[Problem]:
    b, sets = movement.boards_per_round, movement.sets
    if b < 1 or sets < 1:
        return [error(8, gettext_noop("%(sets)s sets of %(b)s boards"), sets=sets, b=b)]
    used = {s.board_set for _, s in movement.schedule()}
    used |= {k for rnd in movement.rounds for k in rnd.relays}
    outside = gettext_noop("set %(set)s is not one of 1–%(sets)s")
    found = [error(8, outside, set=k, sets=sets) for k in sorted(used)
             if not 1 <= k <= sets]  # fmt: skip
    ranges = [movement.boards(k) for k in range(1, sets + 1)]
    size = gettext_noop("set %(set)s has %(n)s boards, not %(b)s")
    found += [error(8, size, set=k, n=len(r), b=b)
              for k, r in enumerate(ranges, 1) if len(r) != b]  # fmt: skip
    boards = sorted(n for r in ranges for n in r)
    if boards != list(range(1, sets * b + 1)):
        text = gettext_noop("the sets do not number boards 1–%(last)s once each")
        found.append(error(8, text, last=sets * b))
    return found
