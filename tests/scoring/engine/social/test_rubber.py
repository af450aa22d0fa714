"""Rubber bridge (individual-and-social.md §3.2): the worked examples R1-R4, above
and below the line, vulnerability by games, unfinished rubbers, corrections."""

from __future__ import annotations

import pytest

from scoring.engine.social.deal import SideScores
from scoring.engine.social.rubber import RubberPad, rubber_vulnerability
from scoring.engine.types import Seat, Side, Vulnerability

from .entries import PASS, deal

# §3.2, We = NS, They = EW: entries, (below, above) per entry as (NS, EW) pairs,
# the bonus and the totals.
R1 = (deal("N", "4S", "="), deal("S", "3NT", "+1"))
R2 = (deal("E", "2H", "+1"), deal("N", "3NT", "="), deal("W", "4HX", "-1"),
      deal("E", "5D", "="), deal("S", "2S", "="), deal("N", "2D", "+1"))  # fmt: skip
R3 = (deal("N", "6H", "=", honours="NS four trump"),
      deal("E", "3NT", "=", honours="EW four aces"),
      deal("S", "4S", "=", honours="EW four trump"))  # fmt: skip
R4 = (deal("N", "4H", "="), deal("W", "1SXX", "="), deal("S", "2C", "="))

EXAMPLES = {
    "R1": (R1, (((120, 0), (0, 0)), ((100, 0), (30, 0))), (700, 0), (950, 0)),
    "R2": (R2, (((0, 60), (0, 30)), ((100, 0), (0, 0)), ((0, 0), (100, 0)),
                ((0, 100), (0, 0)), ((60, 0), (0, 0)), ((40, 0), (20, 0))),
           (500, 0), (820, 190)),
    "R3": (R3, (((180, 0), (600, 0)), ((0, 100), (0, 150)), ((120, 0), (0, 100))),
           (500, 0), (1400, 350)),
    "R4": (R4, (((120, 0), (0, 0)), ((0, 120), (0, 100)), ((40, 0), (0, 0))),
           (350, 300), (510, 520)),
}  # fmt: skip


@pytest.mark.parametrize("name", EXAMPLES)
def test_worked_examples(name: str) -> None:
    deals, columns, bonus, totals = EXAMPLES[name]
    pad = RubberPad(deals)
    assert (
        tuple(
            ((line.below.ns, line.below.ew), (line.above.ns, line.above.ew))
            for line in pad.lines
        )
        == columns
    )
    assert pad.bonus == SideScores(*bonus)
    assert pad.totals == SideScores(*totals)


def test_a_rubber_won_two_to_none_or_two_to_one_is_over() -> None:
    assert RubberPad(R1).finished and RubberPad(R1).winner is Side.NS
    assert RubberPad(R2).games == SideScores(2, 1)
    assert RubberPad(R2).next_dealer is None
    with pytest.raises(ValueError, match="entry 3: the rubber is over"):
        RubberPad(R1).with_deal(deal("E", "1C", "="))


def test_an_unfinished_rubber_scores_300_a_game_and_50_a_part_score() -> None:
    pad = RubberPad(R4)
    assert not pad.finished and pad.winner is Side.EW
    assert pad.games == SideScores(1, 1)
    assert pad.lines[-1].part_scores == SideScores(40, 0)
    assert RubberPad().totals == SideScores() and RubberPad().winner is None


def test_a_side_with_a_game_is_vulnerable() -> None:
    lines = RubberPad(R2).lines
    assert [line.vulnerability for line in lines] == [
        Vulnerability.NONE, Vulnerability.NONE, Vulnerability.NS,
        Vulnerability.NS, Vulnerability.BOTH, Vulnerability.BOTH,
    ]  # fmt: skip
    assert rubber_vulnerability(SideScores(0, 1)) is Vulnerability.EW


def test_a_game_wipes_both_part_scores() -> None:
    lines = RubberPad(R2).lines
    assert [line.part_scores for line in lines] == [
        SideScores(0, 60), SideScores(), SideScores(), SideScores(),
        SideScores(60, 0), SideScores(),
    ]  # fmt: skip


def test_a_passed_out_deal_passes_to_the_next_dealer() -> None:
    pad = RubberPad((PASS, *R1), first_dealer=Seat.WEST)
    assert [line.dealer for line in pad.lines] == [Seat.WEST, Seat.NORTH, Seat.EAST]
    assert pad.totals == SideScores(950, 0)
    assert RubberPad((PASS,)).next_dealer is Seat.EAST


def test_honours_can_be_left_out() -> None:
    assert RubberPad(R1, honours=False).totals == SideScores(950, 0)
    with pytest.raises(ValueError, match="entry 1: honours are not counted"):
        RubberPad(R3, honours=False)


def test_a_correction_recomputes_games_vulnerability_and_the_bonus() -> None:
    # R1's first deal was 2♠= after all: the 3NT+1 is then not vulnerable and the
    # first game of an unfinished rubber (60 below, 100 + 30, +300 game).
    pad = RubberPad(R1).with_correction(1, deal("N", "2S", "="))
    assert not pad.finished
    assert pad.lines[1].vulnerability is Vulnerability.NONE
    assert pad.totals == SideScores(60 + 100 + 30 + 300, 0)
    assert pad.with_correction(1, R1[0]) == RubberPad(R1)
