"""The overall ranking of a simultaneous against an independent computation: three
heats of 3, 5 and 7 tables playing 12, 20 and 13 of the set's 24 boards, each
board matchpointed across the whole field and factored (Neuberg, exact) to the
most results of any board; one winner, as a field with a Howell heat has."""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from io import StringIO

import orjson
import pytest
from django.core.management import call_command

from movements.models import Seating
from scoring.engine.ranking import rank
from scoring.models import TravellerLine
from scoring.reports.numbers import rounded_float
from tests.factories import make_result
from tournaments.models import Event, Section, Simultaneous

pytestmark = pytest.mark.django_db

ENTRIES = ("4S N =", "4S N +1", "4S N -1", "3NT S =", "2H E =", "4S N -2", "3S N +1")


def run(*args: str) -> str:
    out = StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


def play(section: Section, offset: int) -> None:
    """Every board of the heat's movement played, the results varied."""
    seatings = Seating.objects.filter(section=section).select_related(
        "ns_pair", "ew_pair"
    )
    for n, seat in enumerate(seatings.order_by("round", "table")):
        assert seat.ns_pair is not None and seat.ew_pair is not None
        for board in seat.boards:
            entry = ENTRIES[(n * 3 + board + offset) % len(ENTRIES)]
            make_result(section, board, seat.ns_pair.label, seat.ew_pair.label,
                        entry, round_no=seat.round, table=seat.table)  # fmt: skip


@pytest.fixture
def sims() -> Simultaneous:
    event_id = run("new_event", "--name", "Sims", "--simultaneous", "--boards", "24",
                   "--one-winner")  # a Howell heat among them  # fmt: skip
    made = Simultaneous.objects.get(event_id=int(event_id.split()[1]))
    Event.objects.filter(pk=made.event_id).update(
        factoring=Event.Factoring.NEUBERG_EXACT
    )
    for offset, (club, tables, movement) in enumerate(
        (("Alpha", "3", "mitchell"), ("Beta", "5", "mitchell"),
         ("Gamma", "7", "howell"))
    ):  # fmt: skip
        run("new_event", "--heat", str(made.event_id), "--club", club,
            "--tables", tables, "--movement", movement)  # fmt: skip
        play(made.heats.get(club__name=club).session.sections.get(), offset)
    return made


def expected_percentages(lines: list[TravellerLine]) -> dict[int, Fraction]:
    """By hand: 2 a result beaten and 1 a tie among the board's n results,
    M' = (M + 1)·E/n − 1, each pair's Σ M' over its boards' tops 2(E − 1)."""
    by_board: dict[int, list[TravellerLine]] = defaultdict(list)
    for line in lines:
        by_board[line.board.number].append(line)
    most = max(len(board) for board in by_board.values())
    points: dict[int, list[Fraction]] = defaultdict(list)
    for board in by_board.values():
        n = len(board)
        for line in board:
            assert line.score_ns is not None
            below = sum(1 for x in board if (x.score_ns or 0) < line.score_ns)
            tied = sum(1 for x in board if x.score_ns == line.score_ns) - 1
            ns = Fraction(2 * below + tied)
            for pair, mp in (
                (line.ns_pair_id, ns),
                (line.ew_pair_id, 2 * (n - 1) - ns),
            ):
                points[pair].append((mp + 1) * most / n - 1)
    top = 2 * (most - 1)
    return {
        pair: 100 * sum(got, Fraction(0)) / (top * len(got))
        for pair, got in points.items()
    }


def test_the_overall_matches_an_independent_computation(sims: Simultaneous) -> None:
    data = orjson.loads(run("results", str(sims.event_id), "--json"))
    lines = list(TravellerLine.objects.select_related("board", "ns_pair"))
    assert len(lines) == 3 * 12 + 5 * 20 + 7 * 13
    wanted = expected_percentages(lines)
    overall = data["overall"]
    assert len(overall) == 6 + 10 + 14 == len(wanted)
    labels = {
        (p.ns_pair.section.session_id, p.ns_pair.label): p.ns_pair_id for p in lines
    }
    labels |= {
        (p.ew_pair.section.session_id, p.ew_pair.label): p.ew_pair_id for p in lines
    }
    got = {labels[(row["session"], row["pair"])]: row for row in overall}
    assert {pk: row["percentage"] for pk, row in got.items()} == {
        pk: rounded_float(share) for pk, share in wanted.items()
    }
    assert {pk: row["rank"] for pk, row in got.items()} == rank(wanted)
    clubs = {row["club"] for row in overall}
    assert clubs == {"Alpha", "Beta", "Gamma"}


def test_each_boards_lines_carry_their_club_and_heats_keep_their_rankings(
    sims: Simultaneous,
) -> None:
    data = orjson.loads(run("results", str(sims.event_id), "--json"))
    boards = {board["number"]: board for board in data["boards"]}
    assert sorted(boards) == list(range(1, 21))
    one = [line["club"] for line in boards[1]["lines"]]
    assert sorted(set(one)) == ["Alpha", "Beta", "Gamma"] and len(one) == 15
    assert {line["club"] for line in boards[14]["lines"]} == {"Beta"}
    heat = orjson.loads(
        run(
            "results",
            str(sims.heats.get(club__name="Alpha").session.event_id),
            "--json",
        )
    )
    mine = [row for row in data["rankings"] if row["club"] == "Alpha"]
    assert [(r["pair"], r["rank"]) for r in mine] == [
        (r["pair"], r["rank"]) for r in heat["rankings"]
    ]


def test_the_simultaneous_percentage_is_the_mean_of_mp_plus_one_over_2n(
    sims: Simultaneous,
) -> None:
    sims.sims_percentage = True
    sims.save()
    data = orjson.loads(run("results", str(sims.event_id), "--json"))
    lines = list(TravellerLine.objects.select_related("board"))
    most = 15  # boards 1–12 played at every table of the three heats
    counts: dict[int, int] = defaultdict(int)
    for line in lines:
        counts[line.board.number] += 1
    assert max(counts.values()) == most
    shares: dict[int, list[Fraction]] = defaultdict(list)
    for line in lines:
        board = [x.score_ns or 0 for x in lines if x.board.number == line.board.number]
        n, score = len(board), line.score_ns or 0
        ns = Fraction(2 * sum(x < score for x in board) + board.count(score) - 1)
        for pair, mp in ((line.ns_pair_id, ns), (line.ew_pair_id, 2 * (n - 1) - ns)):
            factored = (mp + 1) * most / n - 1
            shares[pair].append((factored + 1) / (2 * most))
    wanted = sorted(
        rounded_float(100 * sum(s, Fraction(0)) / len(s)) for s in shares.values()
    )
    assert sorted(row["percentage"] for row in data["overall"]) == wanted
    assert min(wanted) > 0 and max(wanted) < 100


def test_the_printed_results_end_with_the_overall(sims: Simultaneous) -> None:
    data = orjson.loads(run("results", str(sims.event_id), "--json"))
    printed = run("results", str(sims.event_id)).splitlines()
    assert len(printed) == len(data["rankings"]) + len(data["overall"])
    best = data["overall"][0]
    assert printed[len(data["rankings"])].split()[:3] == [
        best["rank"], best["club"], best["pair"],
    ]  # fmt: skip
