"""Bridge value types shared by the whole scoring engine.

Seats, sides, strains, doubling and vulnerability as enums; a contract and a
table result as small frozen dataclasses (domain.md §6, scoring.md §0–2).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Final

__all__ = [
    "LEVELS",
    "Contract",
    "Doubling",
    "Result",
    "Seat",
    "Side",
    "Strain",
    "Vulnerability",
]


class Side(Enum):
    NS = "NS"
    EW = "EW"

    @property
    def other(self) -> Side:
        return Side.EW if self is Side.NS else Side.NS


class Seat(Enum):
    NORTH = "N"
    EAST = "E"
    SOUTH = "S"
    WEST = "W"

    @property
    def side(self) -> Side:
        return Side.NS if self in (Seat.NORTH, Seat.SOUTH) else Side.EW


class Strain(Enum):
    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"
    NOTRUMP = "NT"

    @property
    def is_minor(self) -> bool:
        return self in (Strain.CLUBS, Strain.DIAMONDS)


class Doubling(Enum):
    UNDOUBLED = ""
    DOUBLED = "X"
    REDOUBLED = "XX"

    @property
    def multiplier(self) -> int:
        return {"": 1, "X": 2, "XX": 4}[self.value]


class Vulnerability(Enum):
    NONE = "None"
    NS = "NS"
    EW = "EW"
    BOTH = "Both"

    def is_vulnerable(self, side: Side) -> bool:
        return self is Vulnerability.BOTH or self.value == side.value


# Law 18A: a bid names a number of odd tricks from one to seven.
LEVELS: Final = range(1, 8)


@dataclass(frozen=True, slots=True)
class Contract:
    level: int
    strain: Strain
    doubling: Doubling = Doubling.UNDOUBLED

    def __post_init__(self) -> None:
        if self.level not in LEVELS:
            raise ValueError(f"contract level must be 1 to 7, not {self.level}")

    def __str__(self) -> str:
        return f"{self.level}{self.strain.value}{self.doubling.value}"


@dataclass(frozen=True, slots=True)
class Result:
    """What happened at one table: a contract, its declarer and tricks, or all pass.

    ``contract is None`` means the board was passed out (a real result, score 0).
    """

    contract: Contract | None
    declarer: Seat | None = None
    tricks: int | None = None

    def __post_init__(self) -> None:
        if self.contract is None:
            if self.declarer is not None or self.tricks is not None:
                raise ValueError("a passed-out board has no declarer and no tricks")
            return
        if self.declarer is None:
            raise ValueError("a contract needs a declarer")
        if self.tricks is None or not 0 <= self.tricks <= 13:
            raise ValueError(f"tricks must be 0 to 13, not {self.tricks}")

    @property
    def passed_out(self) -> bool:
        return self.contract is None


PASSED_OUT = Result(None)
