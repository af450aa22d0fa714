"""Round robin by the circle method (scoring.md §15)."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from scoring.engine.roundrobin import round_robin

# scoring.md §15: six teams.
SIX_TEAMS = [
    [(6, 1), (2, 5), (3, 4)],
    [(6, 2), (3, 1), (4, 5)],
    [(6, 3), (4, 2), (5, 1)],
    [(6, 4), (5, 3), (1, 2)],
    [(6, 5), (1, 4), (2, 3)],
]


def test_the_six_team_table_of_the_spec() -> None:
    rounds = round_robin(6)
    assert [r.number for r in rounds] == [1, 2, 3, 4, 5]
    assert [[m.teams for m in r.matches] for r in rounds] == SIX_TEAMS
    assert all(r.bye is None for r in rounds)


@pytest.mark.parametrize("teams", range(2, 21))
def test_every_team_meets_every_other_exactly_once(teams: int) -> None:
    met = Counter(
        frozenset((m.home, m.away)) for r in round_robin(teams) for m in r.matches
    )
    assert set(met) == {frozenset(p) for p in combinations(range(1, teams + 1), 2)}
    assert set(met.values()) == {1}


@pytest.mark.parametrize("teams", range(2, 21))
def test_each_team_plays_once_a_round_or_has_the_bye(teams: int) -> None:
    for r in round_robin(teams):
        seen = [t for m in r.matches for t in (m.home, m.away)]
        seen += [r.bye] if r.bye is not None else []
        assert sorted(seen) == list(range(1, teams + 1))


@pytest.mark.parametrize("teams", range(3, 21, 2))
def test_an_odd_field_has_n_rounds_and_every_team_sits_out_once(teams: int) -> None:
    rounds = round_robin(teams)
    assert len(rounds) == teams
    byes = [r.bye for r in rounds if r.bye is not None]
    assert sorted(byes) == list(range(1, teams + 1))  # so every round has a bye


@pytest.mark.parametrize("teams", range(2, 21))
def test_home_and_away_are_balanced(teams: int) -> None:
    home = Counter(m.home for r in round_robin(teams) for m in r.matches)
    played = teams - 1
    assert {home[t] for t in range(1, teams + 1)} <= {played // 2, (played + 1) // 2}


def test_a_round_robin_needs_two_teams() -> None:
    with pytest.raises(ValueError):
        round_robin(1)
