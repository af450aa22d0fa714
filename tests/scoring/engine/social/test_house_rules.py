"""HOUSE RULES: the club's four-player game (individual-and-social.md §3.3), each line
of its scoring table, the partidas and the individual totals."""

from __future__ import annotations

import pytest

from scoring.engine.notation import Language, parse_contract, parse_tricks
from scoring.engine.social.deal import SideScores
from scoring.engine.social.house_rules import (
    HOUSE_RULES,
    HouseRulesGame,
    house_rules_declarer_score,
    house_rules_partidas,
    house_rules_score,
)
from scoring.engine.social.session import Seating
from scoring.engine.types import PASSED_OUT, Result, Seat, Vulnerability

NV, V = False, True


def score(contract: str, made: str, vulnerable: bool) -> int:
    parsed = parse_contract(contract, Language.EN)
    assert parsed is not None
    return house_rules_declarer_score(
        parsed, parse_tricks(made, parsed), vulnerable=vulnerable
    )


def result(declarer: str, contract: str, made: str) -> Result:
    parsed = parse_contract(contract, Language.EN)
    assert parsed is not None
    return Result(parsed, Seat(declarer), parse_tricks(made, parsed))


# Line 1, tricks bid and made beyond six: ♣♦ 20, ♥♠ 30, NT 40 then 30, at either
# vulnerability (each with the part-score bonus of 50 of line 2).
@pytest.mark.parametrize("vulnerable", [NV, V])
@pytest.mark.parametrize(
    ("contract", "points"),
    [("1C", 20), ("2D", 40), ("1H", 30), ("2S", 60), ("1NT", 40), ("2NT", 70)],
)
def test_line_1_tricks_bid_and_made(
    contract: str, points: int, vulnerable: bool
) -> None:
    assert score(contract, "=", vulnerable) == points + 50


def test_line_1_overtricks_are_not_tricks_bid() -> None:
    assert score("2S", "+2", NV) == score("2S", "=", NV) == 110
    assert score("3NT", "+3", V) == 600


# Line 2, one bonus by the level of the contract made.
@pytest.mark.parametrize(
    ("contract", "vulnerable", "expected"),
    [
        ("3D", NV, 60 + 50), ("4C", V, 80 + 50), ("2NT", V, 70 + 50),
        ("3NT", NV, 100 + 300), ("3NT", V, 100 + 500),
        ("4H", NV, 120 + 300), ("4S", V, 120 + 500),
        ("5C", NV, 100 + 300), ("5D", V, 100 + 500), ("5H", NV, 150 + 300),
        ("6H", NV, 180 + 500), ("6NT", V, 190 + 750),
        ("7S", NV, 210 + 750), ("7NT", V, 220 + 1000),
    ],
)  # fmt: skip
def test_line_2_one_bonus_by_the_level_of_the_contract(
    contract: str, vulnerable: bool, expected: int
) -> None:
    assert score(contract, "=", vulnerable) == expected


# Line 3, each undertrick to the defenders: 50 each; vulnerable 100, then 200 each.
@pytest.mark.parametrize(
    ("made", "vulnerable", "expected"),
    [("-1", NV, -50), ("-3", NV, -150), ("-1", V, -100), ("-2", V, -300),
     ("-3", V, -500), ("-10", NV, -500)],
)  # fmt: skip
def test_line_3_undertricks(made: str, vulnerable: bool, expected: int) -> None:
    assert score("4S", made, vulnerable) == expected


# Line 4, doubled and redoubled: every amount of the hand ×2 and ×4.
@pytest.mark.parametrize(
    ("contract", "made", "vulnerable", "expected"),
    [
        ("2HX", "=", NV, (60 + 50) * 2), ("2HXX", "=", V, (60 + 50) * 4),
        ("4SX", "+1", V, (120 + 500) * 2), ("6CXX", "=", NV, (120 + 500) * 4),
        ("1CX", "-3", NV, -150 * 2), ("3NTX", "-2", V, -300 * 2),
        ("3NTXX", "-2", V, -300 * 4),
    ],
)  # fmt: skip
def test_line_4_doubled_and_redoubled(
    contract: str, made: str, vulnerable: bool, expected: int
) -> None:
    assert score(contract, made, vulnerable) == expected


def test_each_hand_is_scored_for_one_side_only() -> None:
    made = result("E", "4H", "=")
    assert house_rules_score(made, Vulnerability.EW) == SideScores(0, 620)
    assert house_rules_score(result("N", "4H", "-2"), Vulnerability.EW) == SideScores(
        0, 100
    )
    assert house_rules_score(PASSED_OUT, Vulnerability.BOTH) == SideScores()


def test_south_keeps_his_seat_and_partners_each_other_player_once() -> None:
    partidas = house_rules_partidas(Seating(1, 2, 3, 4))
    assert [p.south for p in partidas] == [3, 3, 3]
    assert [p.north for p in partidas] == [1, 2, 4]


# A whole game, worked out by hand. First seating N 1, E 2, S 3, W 4; partidas
# NS 1-3 v EW 2-4, NS 2-3 v EW 4-1, NS 4-3 v EW 1-2.
GAME = (
    result("S", "3NT", "="), result("E", "4H", "-1"), result("N", "2S", "+1"),
    result("W", "1NTX", "="),  # NS 400 + 100 + 110, EW 180
    result("S", "6H", "="), PASSED_OUT, result("E", "3C", "="),
    result("N", "4SX", "-2"),  # NS 680, EW 110 + 600
    result("W", "7NT", "="), result("N", "5D", "="), result("S", "3NT", "-1"),
    result("E", "2CXX", "="),  # NS 400, EW 970 + 100 + 360
)  # fmt: skip


def test_a_whole_game_gives_individual_totals_and_a_ranking() -> None:
    game = HouseRulesGame(Seating(1, 2, 3, 4), GAME)
    assert game.complete
    points = [hand.points for hand in game.hands]
    assert sum(p.ns + p.ew for p in points) == 4010
    assert game.totals == {
        1: 610 + 710 + 1430,
        2: 180 + 680 + 1430,
        3: 610 + 680 + 400,
        4: 180 + 710 + 400,
    }
    assert game.ranking == {1: "1", 2: "2", 3: "3", 4: "4"}


def test_hands_follow_the_vulnerability_and_dealer_cycle() -> None:
    hands = HouseRulesGame(Seating(1, 2, 3, 4), GAME).hands
    assert [h.vulnerability for h in hands[4:8]] == [
        Vulnerability.NONE, Vulnerability.EW, Vulnerability.NS, Vulnerability.BOTH,
    ]  # fmt: skip
    assert [h.dealer for h in hands[:5]] == [
        Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST, Seat.SOUTH,
    ]  # fmt: skip
    assert [(h.partida, h.hand) for h in hands[3:5]] == [(1, 4), (2, 1)]


def test_a_correction_and_the_limits_of_the_game() -> None:
    game = HouseRulesGame(Seating(1, 2, 3, 4), GAME[:2])
    assert game.totals == {1: 500, 2: 0, 3: 500, 4: 0}
    corrected = game.with_correction(1, PASSED_OUT)
    assert corrected.totals == {1: 100, 2: 0, 3: 100, 4: 0}
    assert corrected.with_correction(1, GAME[0]) == game
    with pytest.raises(ValueError, match="hand 13: the game is over"):
        HouseRulesGame(Seating(1, 2, 3, 4), GAME).with_hand(PASSED_OUT)
    with pytest.raises(ValueError, match="entry: no entry 3"):
        game.with_correction(3, PASSED_OUT)


def test_the_game_is_labelled_house_rules() -> None:
    assert HOUSE_RULES == "house rules"
    assert "HOUSE RULES" in (HouseRulesGame.__doc__ or "")


def test_the_next_hand_names_its_dealer_and_partida() -> None:
    first = Seating(1, 2, 3, 4)
    assert HouseRulesGame(first).next_hand == (Seat.SOUTH, first)
    seventh = HouseRulesGame(first, GAME[:7]).next_hand
    assert seventh == (Seat.EAST, Seating(2, 4, 3, 1))
    assert HouseRulesGame(first, GAME).next_hand is None
