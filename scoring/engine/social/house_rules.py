"""HOUSE RULES: one Catalan club's four-player game with its own scoring table
(§3.3 of individual-and-social.md).

This is a labelled house-rules preset: never the default, never used for
duplicate results. Four players at one table play three "partidas" of four hands,
one for each partnership: the South player keeps his seat and partners each of
the others once. Hands 1-4 of a partida are vulnerable none, EW, NS, all; the
first dealer is drawn and called South, then the deal passes left (S, W, N, E).
Each hand is scored for one side only, with the club's table:

* tricks bid and made beyond six: clubs and diamonds 20, hearts and spades 30,
  no trump 40 for the first and 30 for each later one (Law 77's trick values);
* one bonus by the level of the contract made: part-score 50; game (3NT, 4♥, 4♠,
  5♣, 5♦ and above) 300 not vulnerable, 500 vulnerable; small slam 500 / 750;
  grand slam 750 / 1000;
* each undertrick, to the defenders: 50 not vulnerable; vulnerable 100 the
  first and 200 each after;
* doubled or redoubled: every amount of the hand times 2 or 4.

Where the table is silent this module reads it so, and says so: overtricks are
not tricks bid and score nothing; there is no insult bonus and no honours; a
passed-out hand scores nothing and is one of the partida's four hands. Players
rank by their individual totals over the three partidas.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Final

from ..contract import (
    BOOK,
    GAME_THRESHOLD,
    GRAND_SLAM_LEVEL,
    SMALL_SLAM_LEVEL,
    TRICKS_IN_A_DEAL,
    trick_score,
)
from ..types import Contract, Doubling, Result, Seat, Vulnerability
from .deal import ScorepadError, SideScores, replace_entry
from .session import Seating, TableResult, player_totals, session_ranking

__all__ = [
    "HANDS_IN_A_PARTIDA",
    "HOUSE_RULES",
    "PARTIDAS",
    "HouseRulesGame",
    "HouseRulesHand",
    "house_rules_declarer_score",
    "house_rules_partidas",
    "house_rules_score",
]

HOUSE_RULES: Final = "house rules"
"""The label every use of this game must show."""

PARTIDAS: Final = 3
HANDS_IN_A_PARTIDA: Final = 4
HAND_VULNERABILITY: Final = (
    Vulnerability.NONE,
    Vulnerability.EW,
    Vulnerability.NS,
    Vulnerability.BOTH,
)
HAND_DEALERS: Final = (Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST)

# The club's table, keyed by "is the declaring side vulnerable?".
HOUSE_PARTSCORE_BONUS: Final = 50
HOUSE_GAME_BONUS: Final[Mapping[bool, int]] = MappingProxyType({False: 300, True: 500})
HOUSE_SMALL_SLAM_BONUS: Final[Mapping[bool, int]] = MappingProxyType(
    {False: 500, True: 750}
)
HOUSE_GRAND_SLAM_BONUS: Final[Mapping[bool, int]] = MappingProxyType(
    {False: 750, True: 1000}
)
# Undertricks: the 1st, 2nd, ... one; the last value repeats for each later one.
HOUSE_UNDERTRICKS: Final[Mapping[bool, tuple[int, ...]]] = MappingProxyType(
    {False: (50,), True: (100, 200)}
)


def _level_bonus(contract: Contract, vulnerable: bool) -> int:
    if contract.level == GRAND_SLAM_LEVEL:
        return HOUSE_GRAND_SLAM_BONUS[vulnerable]
    if contract.level == SMALL_SLAM_LEVEL:
        return HOUSE_SMALL_SLAM_BONUS[vulnerable]
    undoubled = replace(contract, doubling=Doubling.UNDOUBLED)
    if trick_score(undoubled) >= GAME_THRESHOLD:
        return HOUSE_GAME_BONUS[vulnerable]
    return HOUSE_PARTSCORE_BONUS


def house_rules_declarer_score(
    contract: Contract, tricks: int, *, vulnerable: bool
) -> int:
    """HOUSE RULES: declarer's signed score for ``tricks`` won in ``contract``."""
    if not 0 <= tricks <= TRICKS_IN_A_DEAL:
        raise ValueError(f"tricks must be 0 to {TRICKS_IN_A_DEAL}, not {tricks}")
    multiplier = contract.doubling.multiplier
    down = contract.level + BOOK - tricks
    if down <= 0:
        undoubled = replace(contract, doubling=Doubling.UNDOUBLED)
        made = trick_score(undoubled) + _level_bonus(contract, vulnerable)
        return made * multiplier
    schedule = HOUSE_UNDERTRICKS[vulnerable]
    last = len(schedule) - 1
    return -sum(schedule[min(i, last)] for i in range(down)) * multiplier


def house_rules_score(result: Result, vulnerability: Vulnerability) -> SideScores:
    """HOUSE RULES: the hand's score, for the one side that scores it."""
    contract, declarer, tricks = result.contract, result.declarer, result.tricks
    if contract is None or declarer is None or tricks is None:
        return SideScores()
    side = declarer.side
    vulnerable = vulnerability.is_vulnerable(side)
    score = house_rules_declarer_score(contract, tricks, vulnerable=vulnerable)
    if score >= 0:
        return SideScores().plus(side, score)
    return SideScores().plus(side.other, -score)


def house_rules_partidas(first: Seating) -> tuple[Seating, Seating, Seating]:
    """The seatings of the three partidas: South keeps his seat and partners the
    first partida's North, then its East, then its West."""
    n, e, s, w = first.players
    return (first, Seating(e, w, s, n), Seating(w, n, s, e))


@dataclass(frozen=True, slots=True)
class HouseRulesHand:
    """HOUSE RULES: one hand of the game and what it scored."""

    number: int
    partida: int
    hand: int
    dealer: Seat
    vulnerability: Vulnerability
    seating: Seating
    result: Result
    points: SideScores


@dataclass(frozen=True, slots=True)
class HouseRulesGame:
    """HOUSE RULES: the club's game of three partidas of four hands.

    ``first`` is the seating of the first partida (its South keeps his seat);
    ``results`` are the hands in the order played, at most twelve.
    """

    first: Seating
    results: tuple[Result, ...] = ()

    def __post_init__(self) -> None:
        if len(self.results) > PARTIDAS * HANDS_IN_A_PARTIDA:
            message = "hand 13: the game is over after three partidas of four hands"
            raise ScorepadError("game_over", message, hand=13)

    @property
    def hands(self) -> tuple[HouseRulesHand, ...]:
        seatings = house_rules_partidas(self.first)
        hands = []
        for index, result in enumerate(self.results):
            partida, hand = divmod(index, HANDS_IN_A_PARTIDA)
            vulnerability = HAND_VULNERABILITY[hand]
            points = house_rules_score(result, vulnerability)
            hands.append(
                HouseRulesHand(
                    index + 1,
                    partida + 1,
                    hand + 1,
                    HAND_DEALERS[hand],
                    vulnerability,
                    seatings[partida],
                    result,
                    points,
                )  # fmt: skip
            )
        return tuple(hands)

    @property
    def complete(self) -> bool:
        return len(self.results) == PARTIDAS * HANDS_IN_A_PARTIDA

    @property
    def totals(self) -> dict[int, int]:
        """Each player's individual total over the hands played."""
        partidas: list[list[TableResult]] = [[] for _ in range(PARTIDAS)]
        for hand in self.hands:
            partidas[hand.partida - 1].append(TableResult(hand.seating, hand.points))
        tables = [self._partida_total(partida) for partida in partidas if partida]
        return player_totals(tables, players=self.first.players)

    @staticmethod
    def _partida_total(hands: list[TableResult]) -> list[TableResult]:
        points = sum((hand.points for hand in hands), SideScores())
        return [TableResult(hands[0].seating, points)]

    @property
    def ranking(self) -> dict[int, str]:
        return session_ranking(self.totals)

    @property
    def next_hand(self) -> tuple[Seat, Seating] | None:
        """The next hand's dealer and its partida's seating; None once over."""
        if self.complete:
            return None
        partida, hand = divmod(len(self.results), HANDS_IN_A_PARTIDA)
        return HAND_DEALERS[hand], house_rules_partidas(self.first)[partida]

    def with_hand(self, result: Result) -> HouseRulesGame:
        return replace(self, results=(*self.results, result))

    def with_correction(self, number: int, result: Result) -> HouseRulesGame:
        """Return the game with hand ``number`` (from 1) corrected to ``result``."""
        return replace(self, results=replace_entry(self.results, number, result))
