"""The Web Mitchell (individual-and-social.md §2; movements.md §1.5).

For 14–26 tables, an even number 2N, with two copies of every set and an odd number of
sets S ≥ N (13 for 26 boards). Each half of the room is its own board circuit of S
places, N tables and S − N relays: tables 1 … N hold sets 1 … N in order, tables
N + 1 … 2N hold set 2N − t (mod S, 0 meaning S) at table t, the surplus sets rest on the
relays. Boards move down one table within each half (through its relays), NS pairs are
stationary, EW pairs move up one table across the whole room, no skip, S rounds. With an
even number of sets some EW pairs would replay a set, so it is refused. Devised by John
Harris; described on bridgecentral.com's movement pages.
"""

from __future__ import annotations

from typing import Final

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

__all__ = ["MAX_WEB_TABLES", "MIN_WEB_TABLES", "WEB_SETS", "web_mitchell"]

MIN_WEB_TABLES: Final = 14
MAX_WEB_TABLES: Final = 26
WEB_SETS: Final = 13  # 26 boards of 2, the EBU clubs' usual Web Mitchell


def _check(tables: int, sets: int, boards_per_round: int) -> None:
    if not MIN_WEB_TABLES <= tables <= MAX_WEB_TABLES or tables % 2:
        raise MovementError(
            gettext_noop(
                "a Web Mitchell needs an even number of tables from %(least)s "
                "to %(most)s, not %(tables)s"
            ),
            least=MIN_WEB_TABLES,
            most=MAX_WEB_TABLES,
            tables=tables,
        )
    if sets % 2 == 0:
        raise MovementError(
            gettext_noop(
                "a Web Mitchell cannot have %(sets)s sets: with an even number of "
                "sets some EW pairs would replay a set; use an odd number such as 13"
            ),
            sets=sets,
        )
    if not tables // 2 <= sets <= tables:
        raise MovementError(
            gettext_noop(
                "a Web Mitchell of %(tables)s tables needs %(least)s to %(tables)s "
                "sets, not %(sets)s"
            ),
            tables=tables,
            least=tables // 2,
            sets=sets,
        )
    if boards_per_round < 1:
        raise MovementError(gettext_noop("boards per round must be at least 1"))


def _set_at(tables: int, sets: int, t: int, r: int) -> int:
    """1-based set at 0-based table t in 0-based round r."""
    half = tables // 2
    if t < half:
        return (t + r) % sets + 1
    return (tables - t - 2 - r) % sets + 1


def _relays(tables: int, sets: int, r: int) -> tuple[int, ...]:
    """The sets resting on each half's relays in round r."""
    half = tables // 2
    first = [(p + r) % sets + 1 for p in range(half, sets)]
    second = [(q - 1 - r) % sets + 1 for q in range(half, sets)]
    return tuple(sorted(first + second))


def web_mitchell(
    tables: int,
    *,
    sets: int = WEB_SETS,
    boards_per_round: int = 2,
    phantom: bool = False,
) -> Movement:
    """The Web Mitchell; `phantom` makes NS pair T the missing pair of a half table."""
    _check(tables, sets, boards_per_round)
    rounds = tuple(
        Round(
            number=r + 1,
            seatings=tuple(
                Seating(
                    table=t + 1,
                    ns=None if phantom and t == tables - 1 else Pair(t + 1, "NS"),
                    ew=Pair((t - r) % tables + 1, "EW"),
                    board_set=_set_at(tables, sets, t, r),
                )
                for t in range(tables)
            ),
            relays=_relays(tables, sets, r),
        )
        for r in range(sets)
    )
    ns = [Pair(t + 1, "NS") for t in range(tables - 1 if phantom else tables)]
    return Movement(
        kind=MovementKind.MITCHELL,
        tables=tables,
        boards_per_round=boards_per_round,
        sets=sets,
        rounds=rounds,
        pairs=tuple(ns + [Pair(j + 1, "EW") for j in range(tables)]),
        variant=Variant.WEB,
        complete=True,
        phantom=Pair(tables, "NS") if phantom else None,
        copies=2,
    )
