"""The movement data model (movements.md §0).

A movement says, for every round, which pair sits North–South and which East–West at
each table and which board set the table plays. Set k holds boards (k − 1)·b + 1 … k·b
(b = boards per round). Values are frozen dataclasses; the engine never mutates them.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Literal

from movements.engine.problems import gettext_noop

__all__ = [
    "Direction",
    "Movement",
    "MovementError",
    "MovementKind",
    "Pair",
    "Round",
    "Seating",
    "Share",
    "Variant",
]

Direction = Literal["", "NS", "EW"]


class MovementError(ValueError):
    """An impossible or malformed movement request: ``template % params`` says
    why (``str()`` in English); the pages translate the template, marked with
    ``gettext_noop`` (``movements.problems``)."""

    def __init__(self, template: str, **params: object) -> None:
        super().__init__(template % params if params else template)
        self.template = template
        self.params = params


class MovementKind(StrEnum):
    MITCHELL = "mitchell"
    HOWELL = "howell"


class Variant(StrEnum):
    """How the movement was built; decides which exact checks apply (§3 check 4–5)."""

    BASIC = "basic"  # odd-table Mitchell
    SKIP = "skip"  # even-table Mitchell with the EW skip (§1.2 a)
    RELAY = "relay"  # even-table share-and-relay Mitchell (§1.2 b)
    WEB = "web"  # Web Mitchell: two circuits of two copies (individual-and-social §2)
    COMPLETE = "complete"  # complete Howell (§2.1)
    THREE_QUARTER = "three-quarter"  # reduced Howell (§2.4)
    CUSTOM = "custom"  # typed by the director


@dataclass(frozen=True, order=True)
class Pair:
    """A pair label: `1NS` / `1EW` in a two-field Mitchell, a bare number otherwise
    (`1EO` is read as `1EW`: Spanish and Italian write East-West "EO")."""

    number: int
    direction: Direction = ""

    def __str__(self) -> str:
        return f"{self.number}{self.direction}"

    @classmethod
    def parse(cls, text: str) -> Pair:
        """Read `7`, `7NS`, `7ew` or `7EO`; raise MovementError otherwise."""
        raw = text.strip().upper()
        direction: Direction = ""
        if raw.endswith(("NS", "EW", "EO")):
            raw, direction = raw[:-2], "NS" if raw.endswith("NS") else "EW"
        if not raw.isdigit() or int(raw) < 1:
            raise MovementError(
                gettext_noop("%(text)r is not a pair number"), text=text
            )
        return cls(int(raw), direction)


@dataclass(frozen=True)
class Seating:
    """One table in one round. `ns`/`ew` None is the phantom: the other pair sits out.

    `ns` and `ew` are the seats; when `arrow_switched` the boards are turned so the EW
    pair holds the NS cards. `rotation` r means the table starts with the (r + 1)-th
    board of the set and wraps round: tables sharing a set use different rotations.
    """

    table: int
    ns: Pair | None
    ew: Pair | None
    board_set: int
    arrow_switched: bool = False
    rotation: int = 0

    @property
    def sits_out(self) -> Pair | None:
        """The pair drawn against the phantom, if any."""
        if self.ns is None:
            return self.ew
        return self.ns if self.ew is None else None

    @property
    def is_played(self) -> bool:
        return self.ns is not None and self.ew is not None

    def holders(self) -> tuple[Pair | None, Pair | None]:
        """(pair holding the NS cards, pair holding the EW cards)."""
        return (self.ew, self.ns) if self.arrow_switched else (self.ns, self.ew)


@dataclass(frozen=True)
class Share:
    """Tables playing the same set in the same round (movements.md §0, Share)."""

    board_set: int
    tables: tuple[int, ...]


@dataclass(frozen=True)
class Round:
    number: int
    seatings: tuple[Seating, ...]
    relays: tuple[int, ...] = ()
    shares: tuple[Share, ...] = ()


@dataclass(frozen=True)
class Movement:
    """A whole schedule. `pairs` lists the real pairs; `phantom` names the missing one.

    `complete` says every round of the full movement is played (not stopped early).
    `board_ranges`, when given, overrides the standard numbering of the sets.
    `copies` is how many copies of each set are made: up to that many tables (or
    relays) may hold a set in one round without sharing it (barometer, Web Mitchell).
    """

    kind: MovementKind
    tables: int
    boards_per_round: int
    sets: int
    rounds: tuple[Round, ...]
    pairs: tuple[Pair, ...]
    variant: Variant = Variant.CUSTOM
    complete: bool = False
    phantom: Pair | None = None
    board_ranges: tuple[range, ...] | None = field(default=None)
    copies: int = 1

    def boards(self, board_set: int) -> range:
        """The board numbers of set k: (k − 1)·b + 1 … k·b (movements.md §0)."""
        if self.board_ranges is not None:
            return self.board_ranges[board_set - 1]
        b = self.boards_per_round
        return range((board_set - 1) * b + 1, board_set * b + 1)

    def board_order(self, seating: Seating) -> tuple[int, ...]:
        """The boards of the seating's set in the order that table plays them."""
        boards = tuple(self.boards(seating.board_set))
        if not boards:
            return boards
        k = seating.rotation % len(boards)
        return boards[k:] + boards[:k]

    def schedule(self) -> Iterator[tuple[Round, Seating]]:
        """Every (round, seating) in round then table order."""
        for rnd in self.rounds:
            for seating in sorted(rnd.seatings, key=lambda s: s.table):
                yield rnd, seating

    @property
    def switched_rounds(self) -> tuple[int, ...]:
        return tuple(
            r.number for r in self.rounds if any(s.arrow_switched for s in r.seatings)
        )
