"""The RealBridge teams fixture: IMPs of the NS score difference between the two
tables of a match reproduce the file's ScoreIMP (scoring.md §10, formats.md §2).

Each game carries Table, HomeTeam and VisitTeam; the two tables of a match hold
the same two teams with home and visitors swapped, so a match on a board is the
board number with the unordered pair of team names.
"""

from __future__ import annotations

from collections import defaultdict

import pytest

from scoring.engine.imps import imps
from scoring.formats.pbn import PbnGame, read_pbn
from tests.paths import FIXTURES

FIXTURE = FIXTURES / "pbn_teams_imps_30tables.pbn"

MatchKey = tuple[int, frozenset[str]]


def _matches() -> dict[MatchKey, list[PbnGame]]:
    groups: dict[MatchKey, list[PbnGame]] = defaultdict(list)
    for game in read_pbn(FIXTURE).games:
        teams = frozenset((game.value("HomeTeam") or "", game.value("VisitTeam") or ""))
        assert game.board is not None
        groups[(game.board, teams)].append(game)
    return groups


MATCHES = _matches()
COMPLETE = {
    key: games
    for key, games in MATCHES.items()
    if len(games) == 2 and all(g.score_ns is not None for g in games)
}
COMPLETE_KEYS = sorted(COMPLETE, key=lambda k: (k[0], sorted(k[1])))


def test_the_fixture_holds_fifteen_matches_over_ten_boards() -> None:
    assert len(read_pbn(FIXTURE).games) == 299
    assert len({teams for _, teams in MATCHES}) == 15
    assert {board for board, _ in MATCHES} == set(range(11, 21))
    # Italy v Wales has no scores at all and one board 20 was played at one table.
    assert len(COMPLETE) == 139


@pytest.mark.parametrize(
    "key", COMPLETE_KEYS, ids=lambda k: f"board {k[0]} {' v '.join(sorted(k[1]))}"
)
def test_imps_of_the_score_difference_reproduce_score_imp(key: MatchKey) -> None:
    first, second = COMPLETE[key]
    assert first.score_ns is not None and second.score_ns is not None
    assert imps(first.score_ns - second.score_ns) == first.score_imp_ns
    assert imps(second.score_ns - first.score_ns) == second.score_imp_ns


def test_the_two_tables_of_a_match_swap_home_and_visitors() -> None:
    for games in COMPLETE.values():
        first, second = games
        assert first.value("HomeTeam") == second.value("VisitTeam")
        assert first.value("Table") != second.value("Table")
