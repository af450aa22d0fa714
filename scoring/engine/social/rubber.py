"""Rubber bridge: the scorepad above and below the line (§3.2 of
individual-and-social.md).

Below the line go the trick points of the tricks contracted; 100 below the line is
a game, in one deal or by part-scores, and after a game neither side's part-score
counts toward the next. A side with a game is vulnerable. Above the line go
overtricks, undertricks, slam bonuses, the insult and honours (Law 77 values). The
rubber ends when a side wins two games (700 for two games to none, 500 for two to
one). While it is unfinished, ``bonus`` and ``totals`` are those of a rubber
stopped now: 300 for a side with a game, 50 for a side with a part-score in the
unfinished game. A passed-out deal passes to the next dealer.

We are North-South, They East-West.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Final

from ..contract import GAME_THRESHOLD
from ..types import Seat, Side, Vulnerability
from .deal import (
    SEATS,
    Deal,
    ScorepadError,
    SideScores,
    check_honours,
    law77_parts,
    replace_entry,
)

__all__ = ["GAMES_IN_A_RUBBER", "RubberLine", "RubberPad", "rubber_vulnerability"]

GAMES_IN_A_RUBBER: Final = 2
# §3.2: the rubber bonus by the loser's games (two to none, two to one).
RUBBER_BONUS: Final[Mapping[int, int]] = MappingProxyType({0: 700, 1: 500})
# §3.2, an unfinished rubber: a game won, a part-score in the unfinished game.
UNFINISHED_GAME_BONUS: Final = 300
UNFINISHED_PARTSCORE_BONUS: Final = 50


def rubber_vulnerability(games: SideScores) -> Vulnerability:
    """A side with a game is vulnerable."""
    ns, ew = games.ns > 0, games.ew > 0
    if ns and ew:
        return Vulnerability.BOTH
    if ns or ew:
        return Vulnerability.NS if ns else Vulnerability.EW
    return Vulnerability.NONE


@dataclass(frozen=True, slots=True)
class RubberLine:
    """One entry of the scorepad and the running score after it."""

    entry: int
    dealer: Seat
    vulnerability: Vulnerability
    deal: Deal
    below: SideScores
    above: SideScores
    part_scores: SideScores
    games: SideScores
    totals: SideScores

    @property
    def points(self) -> SideScores:
        return self.below + self.above


@dataclass(frozen=True, slots=True)
class _Running:
    part_scores: SideScores = SideScores()
    games: SideScores = SideScores()
    totals: SideScores = SideScores()


def _score_line(pad: RubberPad, entry: int,
                running: _Running) -> tuple[RubberLine, _Running]:  # fmt: skip
    deal = pad.deals[entry - 1]
    dealer = SEATS[(SEATS.index(pad.first_dealer) + entry - 1) % len(SEATS)]
    vulnerability = rubber_vulnerability(running.games)
    parts = law77_parts(deal, vulnerability, honours=pad.honours)
    below, part_scores, games = SideScores(), running.part_scores, running.games
    side = parts.declaring
    if side is not None and parts.made:
        below = below.plus(side, parts.below)
        part_scores = part_scores.plus(side, parts.below)
        if part_scores.of(side) >= GAME_THRESHOLD:
            part_scores, games = SideScores(), games.plus(side, 1)
    totals = running.totals + below + parts.above
    line = RubberLine(
        entry, dealer, vulnerability, deal, below, parts.above,
        part_scores, games, totals,
    )  # fmt: skip
    return line, _Running(part_scores, games, totals)


def _final_bonus(games: SideScores, part_scores: SideScores) -> SideScores:
    bonus = SideScores()
    for side in Side:
        if games.of(side) == GAMES_IN_A_RUBBER:
            return bonus.plus(side, RUBBER_BONUS[games.of(side.other)])
    for side in Side:
        if games.of(side):
            bonus = bonus.plus(side, UNFINISHED_GAME_BONUS)
        if part_scores.of(side):
            bonus = bonus.plus(side, UNFINISHED_PARTSCORE_BONUS)
    return bonus


@dataclass(frozen=True, slots=True)
class RubberPad:
    """A rubber's scorepad: the entries in the order they were dealt.

    Honours are counted unless ``honours`` is off.
    """

    deals: tuple[Deal, ...] = ()
    first_dealer: Seat = Seat.NORTH
    honours: bool = True

    def __post_init__(self) -> None:
        check_honours(self.deals, counted=self.honours)
        lines = self.lines
        for line in lines[:-1]:
            if max(line.games.ns, line.games.ew) == GAMES_IN_A_RUBBER:
                entry = line.entry + 1
                message = f"entry {entry}: the rubber is over"
                raise ScorepadError("rubber_over", message, entry=entry)

    @property
    def lines(self) -> tuple[RubberLine, ...]:
        """The scorepad, worked out from the first entry."""
        lines: list[RubberLine] = []
        running = _Running()
        for entry in range(1, len(self.deals) + 1):
            line, running = _score_line(self, entry, running)
            lines.append(line)
        return tuple(lines)

    @property
    def games(self) -> SideScores:
        lines = self.lines
        return lines[-1].games if lines else SideScores()

    @property
    def finished(self) -> bool:
        return GAMES_IN_A_RUBBER in (self.games.ns, self.games.ew)

    @property
    def winner(self) -> Side | None:
        """The side with the higher total (None when level), finished or not."""
        totals = self.totals
        if totals.ns == totals.ew:
            return None
        return Side.NS if totals.ns > totals.ew else Side.EW

    @property
    def bonus(self) -> SideScores:
        """The rubber bonus, or the bonuses of a rubber stopped now."""
        lines = self.lines
        if not lines:
            return SideScores()
        return _final_bonus(lines[-1].games, lines[-1].part_scores)

    @property
    def totals(self) -> SideScores:
        """Both columns and the bonus: these decide the winner."""
        lines = self.lines
        if not lines:
            return SideScores()
        return lines[-1].totals + self.bonus

    @property
    def next_dealer(self) -> Seat | None:
        if self.finished:
            return None
        return SEATS[(SEATS.index(self.first_dealer) + len(self.deals)) % len(SEATS)]

    def with_deal(self, deal: Deal) -> RubberPad:
        """Return the pad with ``deal`` entered after the others."""
        return replace(self, deals=(*self.deals, deal))

    def with_correction(self, entry: int, deal: Deal) -> RubberPad:
        """Return the pad with entry ``entry`` (from 1) corrected to ``deal``."""
        return replace(self, deals=replace_entry(self.deals, entry, deal))
