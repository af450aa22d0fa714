"""A 3-table individual (12 players, 11 rounds, 22 boards) entered and scored."""

from __future__ import annotations

from fractions import Fraction

import pytest

from scoring.engine.notation import Language, parse_entry
from scoring.entry import services
from scoring.standings import session_results
from scoring.standings.results import ScoredLine, side_percentage
from tests.individuals.factory import make_individual, play_individual, player
from tournaments.models import Event

pytestmark = pytest.mark.django_db

# North-South's entry at each table, best first: 4S+1 beats 4S= beats 3NT=
# whatever the vulnerability (450/650, 420/620, 400/600), so on every board the
# NS at the best table score 4 of the top 4, the next 2, the last 0.
ENTRIES = ("4S N +1", "4S N =", "3NT N =")


def seats(scored: ScoredLine) -> tuple[int, int, int, int]:
    """North, East, South, West of an individual's line."""
    line = scored.line
    assert line.south_id is not None and line.west_id is not None
    return line.ns_pair_id, line.ew_pair_id, line.south_id, line.west_id


def rotating(round_no: int, table: int) -> str:
    """In round r, table t gets entry (t − 1 + r − 1) mod 3."""
    return ENTRIES[(table - 1 + round_no - 1) % 3]


@pytest.fixture
def played() -> Event:
    event = make_individual(12, boards_per_round=2)
    play_individual(event, rotating)
    return event


def test_player_eight_is_credited_his_sides_points_in_every_round(
    played: Event,
) -> None:
    # Player 8 is residue 7 of the 12-player design: in round r he takes the seat
    # of residue 7 − (r − 1) mod 11 in the first round's tables (7,∞,0,8)
    # (5,3,6,1) (10,4,2,9). Round, table, side, the table's entry index
    # (t − 1 + r − 1) mod 3, his side's points a board (NS 4, 2, 0 by index; EW
    # 4 minus NS's).
    by_hand = [
        (1, 1, "NS", 0, 4), (2, 2, "NS", 2, 0), (3, 2, "NS", 0, 4),
        (4, 3, "EW", 2, 4), (5, 2, "EW", 2, 4), (6, 3, "NS", 1, 2),
        (7, 2, "EW", 1, 2), (8, 1, "NS", 1, 2), (9, 3, "NS", 1, 2),
        (10, 3, "EW", 2, 4), (11, 1, "EW", 1, 2),
    ]  # fmt: skip
    results = session_results(played.sessions.get())
    eight = player(played.sessions.get().sections.get(), 8)
    lines = results.pair_lines(eight.pk)
    seen = sorted({(x.line.round, x.line.table, x.sits(eight.pk)) for _b, x in lines})
    assert seen == [(r, t, side) for r, t, side, _i, _p in by_hand]
    standing = results.standing_of(eight)
    assert standing is not None
    assert standing.boards == 22
    # 2 boards a round: 2 · (4+0+4+4+4+2+2+2+2+4+2) = 60 of 22 · 4 = 88
    assert standing.points == 2 * sum(p for *_x, p in by_hand) == 60
    assert standing.percentage == Fraction(6000, 88)  # 68.18 %
    assert standing.rank == "1"
    assert len(results.standings) == 12
    assert {s.pair.label for s in results.standings} == {str(n) for n in range(1, 13)}
    assert results.family.individual


def test_both_partners_get_the_sides_points_and_all_add_up(played: Event) -> None:
    results = session_results(played.sessions.get())
    for board in results.boards:
        assert len(board.lines) == 3 and board.top == 4
        for scored in board.lines:
            north, east, south, west = seats(scored)
            points = scored.points
            assert points is not None
            assert scored.mine(north) == scored.mine(south) == points.ns
            assert scored.mine(east) == scored.mine(west) == points.ew
    total = sum((s.points for s in results.standings), Fraction(0))
    assert total == 2 * 22 * (4 + 2 + 0 + 0 + 2 + 4)  # two players a side
    ranks = [s.rank for s in results.standings]
    assert ranks[0].startswith("1") and len(ranks) == 12


def test_an_artificial_score_goes_to_both_players_of_the_side(played: Event) -> None:
    session = played.sessions.get()
    line = session.boards.get(number=1).lines.get(table=1)
    services.artificial_set(line=line, ns="A60", ew="A40")
    results = session_results(session)
    board = next(b for b in results.boards if b.number == 1)
    scored = next(x for x in board.lines if x.line.table == 1)
    north, east, south, west = seats(scored)
    # A60 for North and South and A40 for East and West, at the flat percentages
    # of the top of 4 (an individual's side is a partnership of one round, so
    # Law 12C2(c)'s session percentage is not applied): 12/5 and 8/5.
    assert scored.mine(north) == scored.mine(south) == Fraction(12, 5)
    assert scored.mine(east) == scored.mine(west) == Fraction(8, 5)
    assert side_percentage(scored.points, "NS") == 60
    for pk in (north, south, east, west):
        standing = next(s for s in results.standings if s.pair.pk == pk)
        mine = [x.mine(pk) or Fraction(0) for _b, x in results.pair_lines(pk)]
        assert standing.points == sum(mine, Fraction(0))
        assert standing.boards == 22


def test_a_correction_rescores_the_players_from_the_kept_copy(played: Event) -> None:
    session = played.sessions.get()
    section = session.sections.get()
    before = session_results(session)
    one = player(section, 1)  # South at table 1 in round 1: 4S+1, NS 4 of 4
    line = session.boards.get(number=1).lines.get(table=1)
    services.line_record(
        section=section,
        board_number=1,
        ns_pair=line.ns_pair,
        ew_pair=line.ew_pair,
        south=line.south,
        west=line.west,
        result=parse_entry("3NT N =", Language.EN).result,
        round_no=1,
        table=1,
        line=line,
    )
    after = session_results(session)
    assert after is not before
    # now the worst NS result of three (400 < 420 at table 2, 3NT= at table 3 ties)
    board = next(b for b in after.boards if b.number == 1)
    scored = next(x for x in board.lines if x.line.table == 1)
    assert seats(scored)[2] == one.pk  # South kept by the partial re-read
    assert scored.mine(one.pk) == 1
    was, now = before.standing_of(one), after.standing_of(one)
    assert was is not None and now is not None
    assert now.points == was.points - 3
