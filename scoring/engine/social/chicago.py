"""Chicago: four-deal bridge for a social table (§3.1 of individual-and-social.md).

A chukker is four deals, dealt in turn N, E, S, W. A passed-out deal is redealt by
the same dealer with the same vulnerability and does not count. The scorepad is an
immutable sequence of entries; every running score is worked out from the first
entry, so correcting any entry re-computes everything after it.

Standard Chicago carries part-scores to game (100 trick points); the game bonus
follows the vulnerability of the deal that completes the game, and then both sides'
part-scores stop counting. A part-score made on deal 4 that does not complete a
game earns 100. Duplicate-style Chicago scores each deal alone as a duplicate
board (Law 77) with the Chicago vulnerability.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum
from typing import Final

from ..contract import GAME_BONUS, GAME_THRESHOLD, ns_score
from ..types import Seat, Vulnerability
from .deal import (
    SEATS,
    Deal,
    Law77Parts,
    ScorepadError,
    SideScores,
    check_honours,
    law77_parts,
    replace_entry,
)

__all__ = [
    "DEALS_IN_A_CHUKKER",
    "ChicagoLine",
    "ChicagoPad",
    "ChicagoRules",
    "ChicagoStyle",
    "MiddleDeals",
    "chicago_vulnerability",
]

DEALS_IN_A_CHUKKER: Final = 4
# §3.1: a part-score made on deal 4 that does not complete a game.
LAST_DEAL_PARTSCORE_BONUS: Final = 100


class ChicagoStyle(Enum):
    STANDARD = "standard"
    DUPLICATE = "duplicate-style"


class MiddleDeals(Enum):
    """Who is vulnerable on deals 2 and 3 (§3.1; the opponents: a regional option)."""

    DEALERS_SIDE = "dealer's side"
    DEALERS_OPPONENTS = "dealer's opponents"


@dataclass(frozen=True, slots=True)
class ChicagoRules:
    style: ChicagoStyle = ChicagoStyle.STANDARD
    middle_deals: MiddleDeals = MiddleDeals.DEALERS_SIDE
    honours: bool = False

    def __post_init__(self) -> None:
        if self.honours and self.style is ChicagoStyle.DUPLICATE:
            message = "honours: duplicate-style Chicago counts no honours"
            raise ScorepadError("duplicate_honours", message)


def chicago_vulnerability(
    number: int, dealer: Seat, rules: ChicagoRules
) -> Vulnerability:
    """Return the vulnerability of deal ``number`` (1-4) of a chukker."""
    if not 1 <= number <= DEALS_IN_A_CHUKKER:
        message = f"deal: a chukker has deals 1 to 4, not {number}"
        raise ScorepadError("no_deal", message, number=number)
    if number == 1:
        return Vulnerability.NONE
    if number == DEALS_IN_A_CHUKKER:
        return Vulnerability.BOTH
    side = dealer.side
    if rules.middle_deals is MiddleDeals.DEALERS_OPPONENTS:
        side = side.other
    return Vulnerability(side.value)


@dataclass(frozen=True, slots=True)
class ChicagoLine:
    """One line of the scorer's sheet: the entry and the running score after it.

    ``number`` is the deal's place in the chukker (1-4): a redeal keeps the number
    of the passed-out deal, which scores nothing.
    """

    entry: int
    number: int
    dealer: Seat
    vulnerability: Vulnerability
    deal: Deal
    points: SideScores
    part_scores: SideScores
    games: SideScores
    totals: SideScores

    @property
    def redealt(self) -> bool:
        return self.deal.passed_out


@dataclass(frozen=True, slots=True)
class _Running:
    part_scores: SideScores = SideScores()
    games: SideScores = SideScores()
    totals: SideScores = SideScores()


def _standard(parts: Law77Parts, number: int, vulnerability: Vulnerability,
              running: _Running) -> tuple[SideScores, _Running]:  # fmt: skip
    points, side = parts.above, parts.declaring
    if side is None or not parts.made:
        return points, running
    points = points.plus(side, parts.below)
    part_scores = running.part_scores.plus(side, parts.below)
    games = running.games
    if part_scores.of(side) >= GAME_THRESHOLD:
        points = points.plus(side, GAME_BONUS[vulnerability.is_vulnerable(side)])
        part_scores, games = SideScores(), games.plus(side, 1)
    elif number == DEALS_IN_A_CHUKKER:
        points = points.plus(side, LAST_DEAL_PARTSCORE_BONUS)
    return points, replace(running, part_scores=part_scores, games=games)


def _duplicate(deal: Deal, parts: Law77Parts, vulnerability: Vulnerability,
               running: _Running) -> tuple[SideScores, _Running]:  # fmt: skip
    score = ns_score(deal.result, vulnerability)
    points = SideScores(max(score, 0), max(-score, 0))
    side = parts.declaring
    if side is not None and parts.below >= GAME_THRESHOLD:
        running = replace(running, games=running.games.plus(side, 1))
    return points, running


def _score_line(pad: ChicagoPad, entry: int, number: int,
                running: _Running) -> tuple[ChicagoLine, _Running]:  # fmt: skip
    deal = pad.deals[entry - 1]
    dealer = SEATS[(SEATS.index(pad.first_dealer) + number - 1) % len(SEATS)]
    vulnerability = chicago_vulnerability(number, dealer, pad.rules)
    parts = law77_parts(deal, vulnerability, honours=pad.rules.honours)
    if pad.rules.style is ChicagoStyle.DUPLICATE:
        points, running = _duplicate(deal, parts, vulnerability, running)
    else:
        points, running = _standard(parts, number, vulnerability, running)
    running = replace(running, totals=running.totals + points)
    line = ChicagoLine(
        entry, number, dealer, vulnerability, deal, points,
        running.part_scores, running.games, running.totals,
    )  # fmt: skip
    return line, running


@dataclass(frozen=True, slots=True)
class ChicagoPad:
    """The scorepad of one chukker: the entries in the order they were dealt."""

    rules: ChicagoRules = ChicagoRules()
    deals: tuple[Deal, ...] = ()
    first_dealer: Seat = Seat.NORTH

    def __post_init__(self) -> None:
        check_honours(self.deals, counted=self.rules.honours)
        played = 0
        for entry, deal in enumerate(self.deals, start=1):
            if played == DEALS_IN_A_CHUKKER:
                message = f"entry {entry}: the chukker is over after four deals"
                raise ScorepadError("chukker_over", message, entry=entry)
            played += not deal.passed_out

    @property
    def lines(self) -> tuple[ChicagoLine, ...]:
        """The scorer's sheet, worked out from the first entry."""
        lines: list[ChicagoLine] = []
        running, number = _Running(), 1
        for entry, deal in enumerate(self.deals, start=1):
            line, running = _score_line(self, entry, number, running)
            lines.append(line)
            number += not deal.passed_out
        return tuple(lines)

    @property
    def played(self) -> int:
        """How many deals of the chukker have been played (redeals not counted)."""
        return sum(not deal.passed_out for deal in self.deals)

    @property
    def complete(self) -> bool:
        return self.played == DEALS_IN_A_CHUKKER

    @property
    def next_dealer(self) -> Seat | None:
        """Who deals next (the same player after a pass-out); None once complete."""
        if self.complete:
            return None
        return SEATS[(SEATS.index(self.first_dealer) + self.played) % len(SEATS)]

    @property
    def totals(self) -> SideScores:
        lines = self.lines
        return lines[-1].totals if lines else SideScores()

    def with_deal(self, deal: Deal) -> ChicagoPad:
        """Return the pad with ``deal`` entered after the others."""
        return replace(self, deals=(*self.deals, deal))

    def with_correction(self, entry: int, deal: Deal) -> ChicagoPad:
        """Return the pad with entry ``entry`` (from 1) corrected to ``deal``."""
        return replace(self, deals=replace_entry(self.deals, entry, deal))
