"""The golden files' numbers checked by hand-written arithmetic, independently
of the engine that wrote them: a wrong engine that regenerated the files
(``GOLDEN_UPDATE=1``) would still fail here.

From each ``results.json``'s own traveller lines, with no project module
imported: every line's score from its contract (Law 77, the 16-board
vulnerability cycle of Law 2), every matchpoint board's points (2 a beaten
score, 1 a tie; Neuberg on a board with an artificial score), every pair's
total and percentage, every Butler line's IMPs against its datum, every
cross-IMP line's mean IMPs against the others, and every team line's IMPs
against the other room.
"""

from __future__ import annotations

import json
from collections import defaultdict
from fractions import Fraction
from typing import Any

import pytest

from tests.paths import ROOT

GOLDEN = ROOT / "tests" / "data" / "golden"
CASES = ["demo", "usebio_mp_mitchell_16pairs", "usebio_butler_howell_8pairs",
         "usebio_cross_imp_howell_9pairs", "teams", "bam", "swiss"]  # fmt: skip
MATCHPOINTS = ["demo", "usebio_mp_mitchell_16pairs"]
TEAMS = ["teams", "bam", "swiss"]
# Law 2: boards 1-16, who is vulnerable ("-" none, "B" both).
VULNERABLE = "-NEBNEB-EB-NB-NE"
# Law 78B: the lower bound of each IMP step.
IMP_STEPS = (20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600, 750,
             900, 1100, 1300, 1500, 1750, 2000, 2250, 2500, 3000, 3500,
             4000)  # fmt: skip
Line = dict[str, Any]


def _results(case: str) -> dict[str, Any]:
    return json.loads((GOLDEN / case / "results.json").read_text())


def _vulnerable(board: int, declarer: str) -> bool:
    side = VULNERABLE[(board - 1) % 16]
    return side == "B" or (side in "NE" and side == ("N" if declarer in "NS" else "E"))


def _made(level: int, strain: str, doubling: int, over: int, vul: bool) -> int:
    trick = 20 if strain in "CD" else 30
    below = (trick * level + (10 if strain == "NT" else 0)) * 2**doubling
    game = (500 if vul else 300) if below >= 100 else 50
    slam = {6: 750 if vul else 500, 7: 1500 if vul else 1000}.get(level, 0)
    extra = over * (trick if not doubling else (200 if vul else 100) * doubling)
    return below + game + slam + extra + 50 * doubling


def _down(under: int, doubling: int, vul: bool) -> int:
    if not doubling:
        return under * (100 if vul else 50)
    steps = [200, 300] if vul else [100, 200, 200]
    total = sum(steps[min(i, len(steps) - 1)] + (100 if i >= 3 and not vul else 0)
                for i in range(under))  # fmt: skip
    return total * doubling


def _score_ns(board: int, line: Line) -> int:
    contract = line["contract"]
    if contract == "Pass":
        return 0
    doubling = contract.count("X")
    level, strain = int(contract[0]), contract[1:].rstrip("X")
    vul = _vulnerable(board, line["declarer"])
    result = line["tricks"] - 6 - level
    score = (_made(level, strain, doubling, result, vul) if result >= 0
             else -_down(-result, doubling, vul))  # fmt: skip
    return score if line["declarer"] in "NS" else -score


def _imps(difference: int) -> int:
    steps = sum(abs(difference) >= bound for bound in IMP_STEPS)
    return steps if difference >= 0 else -steps


def _boards(case: str) -> list[dict[str, Any]]:
    return _results(case)["boards"]


@pytest.mark.parametrize("case", CASES)
def test_every_line_scores_its_contract(case: str) -> None:
    for board in _boards(case):
        for line in board["lines"]:
            assert line["score_ns"] == _score_ns(board["number"], line), (
                board["number"], line)  # fmt: skip


def _matchpoints(score: int, others: list[int]) -> int:
    """Law 78A on the 2/1/0 scale: 2 for each score beaten, 1 for each tie."""
    return sum(2 * (score > other) + (score == other) for other in others)


def _neuberg(points: int, scored: int, expected: int) -> Fraction:
    """Neuberg's formula on the 2/1/0 scale: (M + 1) × E / N − 1, in halves."""
    return (Fraction(points) + 1) * expected / scored - 1


@pytest.mark.parametrize("case", MATCHPOINTS)
def test_every_matchpoint_board_is_matchpointed(case: str) -> None:
    for board in _boards(case):
        lines, top = board["lines"], board["top_factored"]
        played = [line for line in lines if not line["adjusted"]]
        expected = top // 2 + 1  # results expected on the board
        for line in played:
            others = [o["score_ns"] for o in played if o is not line]
            ns = _matchpoints(line["score_ns"], others)
            assert line["ns_points"] == ns and line["ew_points"] == len(others) * 2 - ns
            factored = _neuberg(ns, len(played), expected)
            # factored scores are shown to 0.1
            assert line["ns_factored"] == pytest.approx(float(factored), abs=0.05)
        for line in lines:
            assert line["ns_factored"] + line["ew_factored"] == pytest.approx(top)


def test_the_demo_s_artificial_score_is_60_and_40_percent_of_the_top() -> None:
    (board,) = [b for b in _boards("demo") if any(x["adjusted"] for x in b["lines"])]
    (line,) = [x for x in board["lines"] if x["adjusted"]]
    assert line["adjusted"] == "A60/A40"
    assert line["ns_factored"] == pytest.approx(board["top_factored"] * 0.6)
    assert line["ew_factored"] == pytest.approx(board["top_factored"] * 0.4)


def _entry_totals(case: str) -> dict[str, tuple[float, float, int]]:
    """Each entry's (points, tops, boards) over the boards it played."""
    points: dict[str, float] = defaultdict(float)
    tops: dict[str, float] = defaultdict(float)
    boards: dict[str, int] = defaultdict(int)
    for board in _boards(case):
        for line in board["lines"]:
            for side in ("ns", "ew"):
                points[line[side]] += line[f"{side}_factored"]
                tops[line[side]] += board["top_factored"]
                boards[line[side]] += 1
    return {entry: (points[entry], tops[entry], boards[entry]) for entry in points}


@pytest.mark.parametrize("case", MATCHPOINTS)
def test_every_pair_s_total_and_percentage_add_up(case: str) -> None:
    totals = _entry_totals(case)
    rankings = _results(case)["rankings"]
    assert len(rankings) == len(totals)
    most = max(boards for _points, _tops, boards in totals.values())
    for row in rankings:
        points, tops, boards = totals[row["pair"]]
        assert row["boards"] == boards
        # a pair that played fewer boards has its total pro-rated to all of them
        assert row["score"] == pytest.approx(points * most / boards, abs=0.05)
        assert row["percentage"] == pytest.approx(100 * points / tops, abs=0.005)
    for direction in ("NS", "EW"):
        scores = [row["score"] for row in rankings if row["direction"] == direction]
        assert scores == sorted(scores, reverse=True)


def test_every_butler_line_is_imped_against_its_datum() -> None:
    for board in _boards("usebio_butler_howell_8pairs"):
        scores = sorted(line["score_ns"] for line in board["lines"])
        inner = scores[1:-1] if len(scores) > 2 else scores  # top and bottom out
        assert abs(board["datum"] - sum(inner) / len(inner)) <= 10
        for line in board["lines"]:
            imps = _imps(line["score_ns"] - board["datum"])
            assert (line["ns_points"], line["ew_points"]) == (imps, -imps)


def test_every_cross_imp_line_is_its_mean_imps_against_the_others() -> None:
    for board in _boards("usebio_cross_imp_howell_9pairs"):
        lines = board["lines"]
        for line in lines:
            won = [_imps(line["score_ns"] - other["score_ns"])
                   for other in lines if other is not line]  # fmt: skip
            mean = Fraction(sum(won), len(won))
            assert line["ns_points"] == pytest.approx(float(mean), abs=0.005)
            assert line["ew_points"] == -line["ns_points"]


@pytest.mark.parametrize("case", ["usebio_butler_howell_8pairs",
                                  "usebio_cross_imp_howell_9pairs"])  # fmt: skip
def test_every_imp_pair_s_total_is_its_lines_imps(case: str) -> None:
    totals: dict[str, float] = defaultdict(float)
    for board in _boards(case):
        for line in board["lines"]:
            totals[line["ns"]] += line["ns_points"]
            totals[line["ew"]] += line["ew_points"]
    for row in _results(case)["rankings"]:
        assert row["score"] == pytest.approx(totals[row["pair"]], abs=0.05)


def _other_room(line: Line, lines: list[Line]) -> list[Line]:
    """The same two teams' line in the other room (the seats swapped), if
    played."""
    return [o for o in lines if (o["ns"][:-2], o["ew"][:-2]) == (
        line["ew"][:-2], line["ns"][:-2])]  # fmt: skip


@pytest.mark.parametrize("case", TEAMS)
def test_every_team_line_is_imped_against_the_other_room(case: str) -> None:
    for board in _boards(case):
        for line in board["lines"]:
            others = _other_room(line, board["lines"])
            if not others:  # one room played: no IMPs yet
                assert line["ns_points"] is None
                continue
            imps = _imps(line["score_ns"] - others[0]["score_ns"])
            assert (line["ns_points"], line["ew_points"]) == (imps, -imps)


def _boards_played(case: str) -> dict[frozenset[str], int]:
    """Boards both rooms of a match played, by the two teams' numbers."""
    played: dict[frozenset[str], int] = defaultdict(int)
    for board in _boards(case):
        for line in board["lines"]:
            if line["ns_points"] is not None and line["ns"].endswith("NS"):
                played[frozenset((line["ns"][:-2], line["ew"][:-2]))] += 1
    return {teams: count // 2 for teams, count in played.items()}


def _net_imps(case: str, home: str, away: str) -> float:
    """The home team's IMPs less the away team's, over both rooms' lines."""
    return sum(line["ns_points"] or 0.0 for board in _boards(case)
               for line in board["lines"]
               if (line["ns"][:-2], line["ew"][:-2]) == (home, away))  # fmt: skip


@pytest.mark.parametrize("case", TEAMS)
def test_every_match_s_imps_are_its_boards(case: str) -> None:
    results = _results(case)
    number = {row["name"]: str(row["team"]) for row in results["standings"]}
    for match in results["matches"]:
        home, away = number[match["home"]], number[match["away"]]
        net = _net_imps(case, home, away) - _net_imps(case, away, home)
        assert match["imps_home"] - match["imps_away"] == pytest.approx(net / 2)


@pytest.mark.parametrize("case", TEAMS)
def test_every_match_s_vps_share_its_total(case: str) -> None:
    results = _results(case)
    number = {row["name"]: str(row["team"]) for row in results["standings"]}
    played = _boards_played(case)
    for match in results["matches"]:
        if match["vp_home"] is None:
            continue
        home, away = match["imps_home"], match["imps_away"]
        vps = (match["vp_home"], match["vp_away"])
        teams = frozenset((number[match["home"]], number[match["away"]]))
        # board-a-match: a point a board; else the VP scale's 20
        assert sum(vps) == pytest.approx(played[teams] if case == "bam" else 20)
        if case != "bam":
            assert (home > away) == (vps[0] > vps[1])
