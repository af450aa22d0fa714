"""Chicago (individual-and-social.md §3.1): the worked examples C1-C4, standard and
duplicate-style, the vulnerability option, honours, redeals and corrections."""

from __future__ import annotations

import pytest

from scoring.engine.social.chicago import (
    ChicagoPad,
    ChicagoRules,
    ChicagoStyle,
    MiddleDeals,
    chicago_vulnerability,
)
from scoring.engine.social.deal import ScorepadError, SideScores
from scoring.engine.types import Seat, Vulnerability

from .entries import PASS, deal

STANDARD = ChicagoRules()
DUPLICATE = ChicagoRules(style=ChicagoStyle.DUPLICATE)

# §3.1, the worked examples: entries, then standard points per entry and totals,
# then duplicate-style points per entry and totals, each as (NS, EW).
C1 = (deal("N", "2H", "+1"), deal("E", "3NT", "="), deal("S", "2S", "="),
      deal("N", "1NT", "+1"))  # fmt: skip
C2 = (PASS, deal("E", "4S", "="), deal("N", "3CX", "-2"), deal("S", "2D", "="),
      deal("E", "2H", "="))  # fmt: skip
C3 = (deal("E", "2S", "="), deal("W", "2C", "="), deal("N", "6H", "="),
      deal("S", "1S", "-1"))  # fmt: skip
C4 = (deal("S", "1NT", "="), deal("E", "2HX", "="), deal("W", "3D", "="),
      deal("N", "3C", "+1"))  # fmt: skip

EXAMPLES = {
    "C1": (C1, ((90, 0), (0, 600), (60, 0), (570, 0)), (720, 600),
           ((140, 0), (0, 600), (110, 0), (120, 0)), (370, 600)),
    "C2": (C2, ((0, 0), (0, 420), (0, 300), (40, 0), (0, 160)), (40, 880),
           ((0, 0), (0, 420), (0, 300), (90, 0), (0, 110)), (90, 830)),
    "C3": (C3, ((0, 60), (0, 540), (1430, 0), (0, 100)), (1430, 700),
           ((0, 110), (0, 90), (1430, 0), (0, 100)), (1430, 300)),
    "C4": (C4, ((40, 0), (0, 670), (0, 60), (180, 0)), (220, 730),
           ((90, 0), (0, 670), (0, 110), (130, 0)), (220, 780)),
}  # fmt: skip


def _points(pad: ChicagoPad) -> tuple[tuple[int, int], ...]:
    return tuple((line.points.ns, line.points.ew) for line in pad.lines)


@pytest.mark.parametrize("name", EXAMPLES)
def test_standard_worked_examples(name: str) -> None:
    deals, points, totals, _, _ = EXAMPLES[name]
    pad = ChicagoPad(STANDARD, deals)
    assert _points(pad) == points
    assert pad.totals == SideScores(*totals)
    assert pad.complete and pad.next_dealer is None


@pytest.mark.parametrize("name", EXAMPLES)
def test_duplicate_style_worked_examples(name: str) -> None:
    deals, _, _, points, totals = EXAMPLES[name]
    pad = ChicagoPad(DUPLICATE, deals)
    assert _points(pad) == points
    assert pad.totals == SideScores(*totals)
    assert all(line.part_scores == SideScores() for line in pad.lines)


def test_the_running_score_of_c1_as_a_scorers_sheet() -> None:
    lines = ChicagoPad(STANDARD, C1).lines
    assert [line.dealer for line in lines] == [Seat.NORTH, Seat.EAST, Seat.SOUTH,
                                               Seat.WEST]  # fmt: skip
    assert [line.vulnerability for line in lines] == [
        Vulnerability.NONE, Vulnerability.EW, Vulnerability.NS, Vulnerability.BOTH,
    ]  # fmt: skip
    # NS's 60 is wiped by EW's game on deal 2; deal 3's 60 completes game on deal 4.
    assert [line.part_scores for line in lines] == [
        SideScores(60, 0), SideScores(), SideScores(60, 0), SideScores(),
    ]  # fmt: skip
    assert [line.games for line in lines] == [
        SideScores(), SideScores(0, 1), SideScores(0, 1), SideScores(1, 1),
    ]  # fmt: skip
    assert [line.totals for line in lines] == [
        SideScores(90, 0), SideScores(90, 600), SideScores(150, 600),
        SideScores(720, 600),
    ]  # fmt: skip


def test_a_passed_out_deal_is_redealt_by_the_same_dealer() -> None:
    lines = ChicagoPad(STANDARD, C2).lines
    assert [(line.number, line.dealer) for line in lines[:2]] == [
        (1, Seat.NORTH), (1, Seat.NORTH),
    ]  # fmt: skip
    assert lines[0].redealt and lines[0].vulnerability is lines[1].vulnerability
    assert [line.number for line in lines] == [1, 1, 2, 3, 4]
    assert lines[-1].dealer is Seat.WEST


def test_the_pad_tells_who_deals_next() -> None:
    pad = ChicagoPad(STANDARD)
    assert pad.next_dealer is Seat.NORTH
    pad = pad.with_deal(PASS)
    assert pad.next_dealer is Seat.NORTH and pad.played == 0
    pad = pad.with_deal(C1[0])
    assert pad.next_dealer is Seat.EAST and not pad.complete
    assert ChicagoPad(STANDARD, first_dealer=Seat.SOUTH).with_deal(
        C1[0]
    ).next_dealer is Seat.WEST  # fmt: skip


def test_the_dealers_opponents_option_swaps_deals_2_and_3() -> None:
    option = ChicagoRules(middle_deals=MiddleDeals.DEALERS_OPPONENTS)
    assert chicago_vulnerability(2, Seat.EAST, option) is Vulnerability.NS
    assert chicago_vulnerability(3, Seat.SOUTH, option) is Vulnerability.EW
    assert chicago_vulnerability(1, Seat.NORTH, option) is Vulnerability.NONE
    assert chicago_vulnerability(4, Seat.WEST, option) is Vulnerability.BOTH
    # C1 with the option: EW's 3NT on deal 2 is not vulnerable (300, not 500),
    # and NS's 2♠ on deal 3 would score the same; C4's 2♥X game likewise.
    assert ChicagoPad(option, C1).totals == SideScores(720, 400)
    assert ChicagoPad(option, C4).totals == SideScores(220, 530)


def test_the_game_bonus_follows_the_deal_that_completes_the_game() -> None:
    # NS 60 on deal 1 (not vulnerable), 1NT on deal 3 (NS vulnerable): 500.
    deals = (deal("N", "2S", "="), deal("E", "1C", "-1"), deal("S", "1NT", "="))
    lines = ChicagoPad(STANDARD, deals).lines
    assert lines[2].points == SideScores(540, 0)
    # EW's undertrick on deal 2 (vulnerable) gives NS 100, and wipes nothing.
    assert lines[1].points == SideScores(100, 0)
    assert lines[1].part_scores == SideScores(60, 0)


def test_honours_count_for_the_side_holding_them_whatever_the_result() -> None:
    rules = ChicagoRules(honours=True)
    deals = (
        deal("N", "4S", "-1", honours="EW four trump"),
        deal("E", "3NT", "=", honours="NS four aces"),
        deal("S", "2H", "=", honours="NS five trump"),
    )
    points = [line.points for line in ChicagoPad(rules, deals).lines]
    assert points == [SideScores(0, 150), SideScores(150, 600), SideScores(210, 0)]


def test_honours_are_refused_where_they_do_not_count() -> None:
    honours = deal("N", "4S", "=", honours="NS four trump")
    with pytest.raises(ValueError, match="entry 1: honours are not counted"):
        ChicagoPad(STANDARD, (honours,))
    with pytest.raises(ValueError, match="honours: duplicate-style"):
        ChicagoRules(style=ChicagoStyle.DUPLICATE, honours=True)
    with pytest.raises(ValueError, match="four aces count only at no trump"):
        deal("N", "4S", "=", honours="NS four aces")
    with pytest.raises(ValueError, match="four aces count only at no trump"):
        deal("N", "3NT", "=", honours="NS four trump")


def test_a_fifth_deal_is_refused() -> None:
    pad = ChicagoPad(STANDARD, C1)
    with pytest.raises(ValueError, match="entry 5: the chukker is over"):
        pad.with_deal(C1[0])
    with pytest.raises(ValueError, match="entry 5: the chukker is over"):
        ChicagoPad(STANDARD, (*C1[:2], PASS, *C1[2:])).with_correction(3, C1[0])


def test_correcting_deal_2_recomputes_everything_after_it() -> None:
    pad = ChicagoPad(STANDARD, C1)
    # Deal 2 was in fact EW 2♣=: NS's 60 is no longer wiped, deal 3's 60 makes
    # game (NS vulnerable, 500), and deal 4's 1NT+1 is a part-score (+100).
    corrected = pad.with_correction(2, deal("E", "2C", "="))
    assert _points(corrected) == ((90, 0), (0, 40), (560, 0), (170, 0))
    assert corrected.totals == SideScores(820, 40)
    assert pad.totals == SideScores(720, 600)
    assert corrected.with_correction(2, C1[1]) == pad


def test_a_correction_names_a_real_entry() -> None:
    with pytest.raises(ValueError, match="entry: no entry 5"):
        ChicagoPad(STANDARD, C1).with_correction(5, C1[0])
    with pytest.raises(ValueError, match="a chukker has deals 1 to 4"):
        chicago_vulnerability(5, Seat.NORTH, STANDARD)


def test_a_refusal_carries_a_stable_code_and_its_parts() -> None:
    with pytest.raises(ScorepadError) as refused:
        ChicagoPad(STANDARD, C1).with_deal(PASS)
    assert (refused.value.code, refused.value.params) == ("chukker_over", {"entry": 5})
    with pytest.raises(ScorepadError) as refused:
        deal("N", "4S", "=", honours="NS four aces")
    assert refused.value.params == {"contract": "4S"}
