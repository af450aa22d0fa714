"""Schedule tables of movements.md as test data (`NS-EW sK`, 1-based)."""

from __future__ import annotations

from movements.engine import Movement

M_5 = """
1-1 s1 | 2-2 s2 | 3-3 s3 | 4-4 s4 | 5-5 s5
1-5 s2 | 2-1 s3 | 3-2 s4 | 4-3 s5 | 5-4 s1
1-4 s3 | 2-5 s4 | 3-1 s5 | 4-2 s1 | 5-3 s2
1-3 s4 | 2-4 s5 | 3-5 s1 | 4-1 s2 | 5-2 s3
1-2 s5 | 2-3 s1 | 3-4 s2 | 4-5 s3 | 5-1 s4
"""

M_6S = """
1-1 s1 | 2-2 s2 | 3-3 s3 | 4-4 s4 | 5-5 s5 | 6-6 s6
1-6 s2 | 2-1 s3 | 3-2 s4 | 4-3 s5 | 5-4 s6 | 6-5 s1
1-5 s3 | 2-6 s4 | 3-1 s5 | 4-2 s6 | 5-3 s1 | 6-4 s2
1-3 s4 | 2-4 s5 | 3-5 s6 | 4-6 s1 | 5-1 s2 | 6-2 s3
1-2 s5 | 2-3 s6 | 3-4 s1 | 4-5 s2 | 5-6 s3 | 6-1 s4
"""

M_6R = """
1-1 s1 | 2-2 s2 | 3-3 s3 | 4-4 s5 | 5-5 s6 | 6-6 s1 | s4
1-6 s2 | 2-1 s3 | 3-2 s4 | 4-3 s6 | 5-4 s1 | 6-5 s2 | s5
1-5 s3 | 2-6 s4 | 3-1 s5 | 4-2 s1 | 5-3 s2 | 6-4 s3 | s6
1-4 s4 | 2-5 s5 | 3-6 s6 | 4-1 s2 | 5-2 s3 | 6-3 s4 | s1
1-3 s5 | 2-4 s6 | 3-5 s1 | 4-6 s3 | 5-1 s4 | 6-2 s5 | s2
1-2 s6 | 2-3 s1 | 3-4 s2 | 4-5 s4 | 5-6 s5 | 6-1 s6 | s3
"""

HOW_4 = """
8-1 s1 | 2-7 s3 | 3-6 s5 | 5-4 s2
8-2 s2 | 3-1 s4 | 4-7 s6 | 6-5 s3
8-3 s3 | 4-2 s5 | 5-1 s7 | 7-6 s4
8-4 s4 | 5-3 s6 | 6-2 s1 | 1-7 s5
8-5 s5 | 6-4 s7 | 7-3 s2 | 2-1 s6
8-6 s6 | 7-5 s1 | 1-4 s3 | 3-2 s7
8-7 s7 | 1-6 s2 | 2-5 s4 | 4-3 s1
"""


def table_of(text: str) -> list[list[str]]:
    return [[c.strip() for c in line.split("|")] for line in text.strip().splitlines()]


def rendered(movement: Movement, *, relays: bool = False) -> list[list[str]]:
    """The movement as `NS-EW sK` cells (seats, not card holders), relays last."""
    rows = []
    for rnd in movement.rounds:
        cells = [
            f"{s.ns.number if s.ns else '-'}-{s.ew.number if s.ew else '-'} "
            f"s{s.board_set}"
            for s in sorted(rnd.seatings, key=lambda s: s.table)
        ]
        if relays:
            cells += [f"s{k}" for k in rnd.relays]
        rows.append(cells)
    return rows
