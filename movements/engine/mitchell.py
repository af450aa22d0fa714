"""Mitchell movements (movements.md §1).

NS pair t is stationary at table t; EW pairs move up one table (T → 1), boards move down
one table (1 → T). Odd T: the standard Mitchell (§1.1, M-5). Even T: the EW skip after
half the rounds (§1.2 a, M-6S) or the share-and-relay Mitchell (§1.2 b, M-6R). Arrow
switch (§1.4) renumbers EW pairs T + 1 … 2T. Sources: Ian McKinnon, bridgecentral.com
(eventables, halftableconsiderations, switchedmitchell).

The phantom of a half table (§1.3) is the stationary NS pair of the highest table, T;
whoever meets it sits out.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Final, Literal

from movements.engine.barometer import barometer as barometer_boards
from movements.engine.model import (
    Movement,
    MovementError,
    MovementKind,
    Pair,
    Round,
    Seating,
    Share,
    Variant,
)
from movements.engine.problems import gettext_noop

__all__ = ["MAX_TABLES", "MIN_TABLES", "EvenRemedy", "mitchell"]

MIN_TABLES: Final = 2
MAX_TABLES: Final = 30

EvenRemedy = Literal["skip", "relay"]


def mitchell(
    tables: int,
    *,
    boards_per_round: int = 2,
    even: EvenRemedy | None = None,
    rounds: int | None = None,
    arrow_switch_rounds: Iterable[int] = (),
    phantom: bool = False,
    barometer: bool = False,
) -> Movement:
    """A Mitchell for 2–30 tables; `even` ("skip" or "relay") is required for even T
    unless `barometer`.

    `rounds` stops early; `arrow_switch_rounds` are 1-based round numbers; `phantom`
    makes NS pair T the missing pair of a half table; `barometer` gives the movement
    barometer boards (individual-and-social.md §2).
    """
    variant = _variant(tables, even, barometer=barometer)
    _check_boards(boards_per_round, variant)
    full = tables - 1 if variant is Variant.SKIP else tables
    played = _rounds_played(full, rounds)
    switched = _switched(arrow_switch_rounds, played)
    label = _labeller(tables, arrow=bool(switched))
    made = tuple(
        _round(tables, r, variant, label, phantom, r + 1 in switched)
        for r in range(played)
    )
    made_movement = Movement(
        kind=MovementKind.MITCHELL,
        tables=tables,
        boards_per_round=boards_per_round,
        sets=tables,
        rounds=made,
        pairs=_pairs(tables, label, phantom),
        variant=variant,
        complete=played == full,
        phantom=label("NS", tables - 1) if phantom else None,
    )
    return barometer_boards(made_movement) if barometer else made_movement


def _variant(tables: int, even: EvenRemedy | None, *, barometer: bool) -> Variant:
    if not MIN_TABLES <= tables <= MAX_TABLES:
        raise MovementError(
            gettext_noop(
                "a Mitchell needs %(least)s to %(most)s tables, not %(tables)s"
            ),
            least=MIN_TABLES,
            most=MAX_TABLES,
            tables=tables,
        )
    if tables % 2:
        if even is not None:
            raise MovementError(
                gettext_noop("a skip is only for an even number of tables")
                if even == "skip"
                else gettext_noop(
                    "a share-and-relay is only for an even number of tables"
                )
            )
        return Variant.BASIC
    if even == "skip":
        return Variant.SKIP
    if even == "relay":
        return Variant.RELAY
    if barometer:
        # Barometer boards are never replayed: EW simply meet every NS pair once.
        return Variant.BASIC
    raise MovementError(
        gettext_noop(
            "a %(tables)s-table Mitchell needs a skip or a share-and-relay: without "
            "one the EW pairs meet boards they have already played"
        ),
        tables=tables,
    )


def _check_boards(boards_per_round: int, variant: Variant) -> None:
    if boards_per_round < 1:
        raise MovementError(gettext_noop("boards per round must be at least 1"))
    if variant is Variant.RELAY and boards_per_round < 2:
        raise MovementError(
            gettext_noop(
                "a share-and-relay Mitchell needs at least 2 boards per round: "
                "the sharing tables must play the set in different orders"
            )
        )


def _rounds_played(full: int, rounds: int | None) -> int:
    if rounds is None:
        return full
    if not 1 <= rounds <= full:
        raise MovementError(
            gettext_noop("this movement has 1 to %(full)s rounds, not %(rounds)s"),
            full=full,
            rounds=rounds,
        )
    return rounds


def _switched(arrow_switch_rounds: Iterable[int], played: int) -> frozenset[int]:
    switched = frozenset(arrow_switch_rounds)
    wrong = sorted(r for r in switched if not 1 <= r <= played)
    if wrong:
        raise MovementError(
            gettext_noop(
                "cannot arrow-switch round(s) %(wrong)s: the movement has rounds "
                "1–%(played)s"
            ),
            wrong=wrong,
            played=played,
        )
    return switched


def _labeller(tables: int, *, arrow: bool) -> Callable[[str, int], Pair]:
    """Pair label of NS/EW pair j (0-based): 1NS/1EW, or 1…2T when arrow-switched."""

    def label(direction: str, j: int) -> Pair:
        if arrow:
            return Pair(j + 1 if direction == "NS" else tables + j + 1)
        return Pair(j + 1, "NS" if direction == "NS" else "EW")

    return label


def _pairs(
    tables: int, label: Callable[[str, int], Pair], phantom: bool
) -> tuple[Pair, ...]:
    ns = [label("NS", t) for t in range(tables - 1 if phantom else tables)]
    return tuple(ns + [label("EW", j) for j in range(tables)])


def _round(
    tables: int,
    r: int,
    variant: Variant,
    label: Callable[[str, int], Pair],
    phantom: bool,
    switched: bool,
) -> Round:
    skip = 1 if variant is Variant.SKIP and r >= tables // 2 else 0
    seatings = tuple(
        Seating(
            table=t + 1,
            ns=None if phantom and t == tables - 1 else label("NS", t),
            ew=label("EW", (t - r - skip) % tables),
            board_set=_set_at(tables, t, r, variant) + 1,
            arrow_switched=switched,
            rotation=1 if variant is Variant.RELAY and t == tables - 1 else 0,
        )
        for t in range(tables)
    )
    if variant is not Variant.RELAY:
        return Round(number=r + 1, seatings=seatings)
    relay = (tables // 2 + r) % tables + 1
    share = Share(board_set=r % tables + 1, tables=(1, tables))
    return Round(number=r + 1, seatings=seatings, relays=(relay,), shares=(share,))


def _set_at(tables: int, t: int, r: int, variant: Variant) -> int:
    """0-based set at 0-based table t in round r (§1.1; §1.2 b circuit positions)."""
    if variant is not Variant.RELAY:
        return (t + r) % tables
    half = tables // 2
    if t == tables - 1:
        position = 0  # table T shares with table 1
    elif t < half:
        position = t
    else:
        position = t + 1  # the relay sits at position T/2
    return (position + r) % tables
