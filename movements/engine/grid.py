"""Custom movements typed as a grid (movements.md §3: validated before use).

One seating a line: ``round table NS EW set``. NS/EW are a pair number, a ``1NS``
or ``1EW`` label, or ``-`` for the phantom. Blank lines and ``#`` comments are ignored.
Pairs with NS/EW labels make a Mitchell, bare numbers a Howell.
"""

from __future__ import annotations

from movements.engine.model import (
    Movement,
    MovementError,
    MovementKind,
    Pair,
    Round,
    Seating,
    Variant,
)
from movements.engine.problems import gettext_noop

__all__ = ["parse_grid", "parse_rounds"]

Line = tuple[int, Seating]


def parse_grid(text: str, *, boards_per_round: int = 2) -> Movement:
    """Read a grid into a custom Movement; MovementError names the faulty line."""
    lines = [_parse_line(n, raw) for n, raw in enumerate(text.splitlines(), 1)]
    rows = [row for row in lines if row is not None]
    if not rows:
        raise MovementError(gettext_noop("the grid has no seatings"))
    numbers = sorted({r for r, _ in rows})
    if numbers != list(range(1, len(numbers) + 1)):
        raise MovementError(
            gettext_noop("rounds must run 1–%(last)s, not %(rounds)s"),
            last=len(numbers),
            rounds=numbers,
        )
    pairs = sorted({p for _, s in rows for p in (s.ns, s.ew) if p is not None})
    directed = any(p.direction for p in pairs)
    if directed and not all(p.direction for p in pairs):
        raise MovementError(gettext_noop("mix of NS/EW labels and bare pair numbers"))
    return Movement(
        kind=MovementKind.MITCHELL if directed else MovementKind.HOWELL,
        tables=max(s.table for _, s in rows),
        boards_per_round=boards_per_round,
        sets=max(s.board_set for _, s in rows),
        rounds=tuple(Round(n, tuple(s for r, s in rows if r == n)) for n in numbers),
        pairs=tuple(pairs),
        variant=Variant.CUSTOM,
    )


def _parse_line(number: int, raw: str) -> Line | None:
    text = raw.split("#", 1)[0].strip()
    if not text:
        return None
    fields = text.split()
    if len(fields) != 5:
        raise MovementError(
            gettext_noop(
                "line %(line)s: expected 'round table NS EW set', got %(text)r"
            ),
            line=number,
            text=raw.strip(),
        )
    try:
        rnd, table, board_set = (_positive(fields[i]) for i in (0, 1, 4))
        ns, ew = (_pair(fields[i]) for i in (2, 3))
    except MovementError as exc:
        raise MovementError(
            gettext_noop("line %(line)s: %(reason)s"), line=number, reason=exc
        ) from None
    return rnd, Seating(table=table, ns=ns, ew=ew, board_set=board_set)


def _positive(field: str) -> int:
    if not field.isdigit() or int(field) < 1:
        raise MovementError(
            gettext_noop("%(text)r is not a positive number"), text=field
        )
    return int(field)


def _pair(field: str) -> Pair | None:
    return None if field == "-" else Pair.parse(field)


def parse_rounds(text: str) -> tuple[int, ...]:
    """Round numbers typed as a list such as ``4, 8``; blank items are ignored."""
    items = [item.strip() for item in text.split(",") if item.strip()]
    bad = [item for item in items if not item.isdigit()]
    if bad:
        raise MovementError(
            gettext_noop("round numbers are whole numbers like 2,5, not %(text)s"),
            text=bad,
        )
    return tuple(int(item) for item in items)
