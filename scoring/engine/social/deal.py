"""One deal at a social table and the Law 77 parts it scores (§3 of
individual-and-social.md).

Chicago and rubber keep Law 77's trick scores, overtricks, undertricks, slam and
insult bonuses (all called from ``scoring.engine.contract``); they differ only in
game and part-score bonuses, which each game form adds itself. Honours are entered
with the deal and counted by the side that holds them, whatever the result.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from types import MappingProxyType
from typing import Final, TypeVar

from ..contract import (
    BOOK,
    INSULT_BONUS,
    overtrick_score,
    slam_bonus,
    trick_score,
    undertrick_penalty,
)
from ..types import Result, Seat, Side, Strain, Vulnerability

__all__ = [
    "SEATS",
    "Deal",
    "Honours",
    "HonoursHeld",
    "Law77Parts",
    "ScorepadError",
    "SideScores",
    "check_honours",
    "law77_parts",
    "replace_entry",
]

E = TypeVar("E")


class ScorepadError(ValueError):
    """A refused entry or set-up; ``code`` is stable, ``params`` name the parts
    (for the page that shows it in the user's language)."""

    def __init__(self, code: str, message: str, **params: object) -> None:
        super().__init__(message)
        self.code = code
        self.params: dict[str, object] = params


# §3: the dealer rotates N, E, S, W (clockwise: the deal passes to the left).
SEATS: Final = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)


class Honours(Enum):
    """Honours held in one hand (§3.1)."""

    FOUR_TRUMP = "four trump honours"
    FIVE_TRUMP = "five trump honours"
    FOUR_ACES = "four aces at no trump"


# §3.1: 100 for four of the five trump honours, 150 for five, 150 for four aces.
HONOURS_POINTS: Final[Mapping[Honours, int]] = MappingProxyType(
    {Honours.FOUR_TRUMP: 100, Honours.FIVE_TRUMP: 150, Honours.FOUR_ACES: 150}
)


@dataclass(frozen=True, slots=True)
class HonoursHeld:
    """Honours and the side whose player holds them (declarer's or a defender's)."""

    kind: Honours
    side: Side

    @property
    def points(self) -> int:
        return HONOURS_POINTS[self.kind]


@dataclass(frozen=True, slots=True)
class Deal:
    """One deal as entered: the table result and the honours held, if any."""

    result: Result
    honours: HonoursHeld | None = None

    def __post_init__(self) -> None:
        if self.honours is None:
            return
        contract = self.result.contract
        if contract is None:
            raise ScorepadError(
                "honours_passed_out", "honours: a passed-out deal has no honours"
            )
        at_notrump = contract.strain is Strain.NOTRUMP
        if at_notrump != (self.honours.kind is Honours.FOUR_ACES):
            raise ScorepadError(
                "honours_strain",
                "honours: four aces count only at no trump, trump honours only "
                f"in a suit contract, not in {contract}",
                contract=str(contract),
            )

    @property
    def passed_out(self) -> bool:
        return self.result.passed_out


@dataclass(frozen=True, slots=True)
class SideScores:
    """A number for each side (NS and EW)."""

    ns: int = 0
    ew: int = 0

    def of(self, side: Side) -> int:
        return self.ns if side is Side.NS else self.ew

    def plus(self, side: Side, points: int) -> SideScores:
        if side is Side.NS:
            return SideScores(self.ns + points, self.ew)
        return SideScores(self.ns, self.ew + points)

    def __add__(self, other: SideScores) -> SideScores:
        return SideScores(self.ns + other.ns, self.ew + other.ew)


@dataclass(frozen=True, slots=True)
class Law77Parts:
    """What a deal scores before any game or part-score bonus.

    ``below`` is the trick score of a made contract (to ``declaring``); ``above``
    holds overtricks, the insult, slam bonuses, undertricks and honours.
    """

    declaring: Side | None
    below: int
    above: SideScores

    @property
    def made(self) -> bool:
        return self.below > 0


def law77_parts(
    deal: Deal, vulnerability: Vulnerability, *, honours: bool
) -> Law77Parts:
    """Split ``deal``'s Law 77 score into trick points and the rest."""
    above = SideScores()
    if deal.honours is not None and honours:
        above = above.plus(deal.honours.side, deal.honours.points)
    result = deal.result
    contract, declarer, tricks = result.contract, result.declarer, result.tricks
    if contract is None or declarer is None or tricks is None:
        return Law77Parts(None, 0, above)
    side = declarer.side
    vulnerable = vulnerability.is_vulnerable(side)
    surplus = tricks - BOOK - contract.level
    if surplus < 0:
        down = undertrick_penalty(contract.doubling, -surplus, vulnerable=vulnerable)
        return Law77Parts(side, 0, above.plus(side.other, down))
    premiums = (
        overtrick_score(contract, surplus, vulnerable=vulnerable)
        + INSULT_BONUS[contract.doubling]
        + slam_bonus(contract.level, vulnerable=vulnerable)
    )
    return Law77Parts(side, trick_score(contract), above.plus(side, premiums))


def replace_entry(entries: tuple[E, ...], entry: int, new: E) -> tuple[E, ...]:
    """Return ``entries`` with entry number ``entry`` (from 1) replaced by ``new``."""
    if not 1 <= entry <= len(entries):
        message = f"entry: no entry {entry} on a pad of {len(entries)} entries"
        raise ScorepadError("no_entry", message, entry=entry, entries=len(entries))
    return entries[: entry - 1] + (new,) + entries[entry:]


def check_honours(deals: tuple[Deal, ...], *, counted: bool) -> None:
    """Refuse honours entered in a game that does not count them."""
    if counted:
        return
    for entry, deal in enumerate(deals, start=1):
        if deal.honours is not None:
            message = f"entry {entry}: honours are not counted in this game"
            raise ScorepadError("honours_not_counted", message, entry=entry)
