"""Swiss draws (scoring.md §15)."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from decimal import Decimal
from fractions import Fraction

import pytest

from scoring.engine.swiss import (
    NoPairingError,
    SwissDraw,
    SwissStanding,
    rank,
    swiss_draw,
    swiss_round_one,
)
from scoring.engine.vp import vp

BYE_VP = Decimal(12)


def _play_event(teams: int, rounds: int, seed: int) -> list[SwissDraw]:
    """Run an event with random match margins; return every round's draw."""
    rng = random.Random(seed)
    standings = {t: SwissStanding(t) for t in range(1, teams + 1)}
    draws = [swiss_round_one(list(standings), seed=seed)]
    for _ in range(rounds):
        draw = draws[-1]
        for home, away in draw.matches:
            home_vp, away_vp = vp(rng.randint(-60, 60), 12)
            _record(standings, home, away, home_vp)
            _record(standings, away, home, away_vp)
        if draw.bye is not None:
            s = standings[draw.bye]
            standings[draw.bye] = replace(
                s, score=_plus(s.score, BYE_VP), byes=s.byes + 1
            )
        if len(draws) < rounds:
            draws.append(swiss_draw(list(standings.values())))
    return draws


def _record(
    standings: dict[int, SwissStanding], team: int, other: int, won: Decimal
) -> None:
    s = standings[team]
    standings[team] = replace(
        s, score=_plus(s.score, won), opponents=s.opponents | {other}
    )


def _plus(score: int | Fraction | Decimal, vps: Decimal) -> int | Decimal:
    """Scores here start at 0 and only gain Decimal VPs, so are never a Fraction."""
    assert not isinstance(score, Fraction)
    return score + vps


@pytest.mark.parametrize("seed", range(10))
def test_twelve_teams_never_meet_twice_in_seven_rounds(seed: int) -> None:
    draws = _play_event(12, 7, seed)
    meetings = Counter(frozenset(m) for d in draws for m in d.matches)
    assert len(draws) == 7
    assert all(len(d.matches) == 6 and d.bye is None for d in draws)
    assert set(meetings.values()) == {1}


@pytest.mark.parametrize(("teams", "rounds"), [(7, 5), (9, 7), (11, 7), (13, 9)])
@pytest.mark.parametrize("seed", range(5))
def test_the_bye_rotates_in_an_odd_field(teams: int, rounds: int, seed: int) -> None:
    draws = _play_event(teams, rounds, seed)
    byes: Counter[object] = Counter()
    for draw in draws:
        byes[draw.bye] += 1
        counts = [byes[t] for t in range(1, teams + 1)]
        assert max(counts) - min(counts) <= 1  # no second bye while a team has none
    meetings = Counter(frozenset(m) for d in draws for m in d.matches)
    assert set(meetings.values()) == {1}


def test_the_bye_goes_to_the_lowest_ranked_entry_without_one() -> None:
    standings = [
        SwissStanding("A", score=30),
        SwissStanding("B", score=20),
        SwissStanding("C", score=10, byes=1),
    ]
    assert swiss_draw(standings) == SwissDraw((("A", "C"),), bye="B")


def test_round_one_is_reproducible_from_its_seed() -> None:
    teams = [f"T{i}" for i in range(1, 17)]
    first = swiss_round_one(teams, seed=2024)
    assert swiss_round_one(teams, seed=2024) == first
    assert swiss_round_one(teams, seed=2025) != first
    assert sorted(t for m in first.matches for t in m) == sorted(teams)


def test_round_one_by_seeding_pairs_the_top_half_with_the_bottom_half() -> None:
    draw = swiss_round_one([1, 2, 3, 4, 5, 6, 7])
    assert draw == SwissDraw(((1, 4), (2, 5), (3, 6)), bye=7)


def test_it_pairs_from_the_top_by_score() -> None:
    standings = [
        SwissStanding(t, score=s) for t, s in (("A", 5), ("B", 9), ("C", 7), ("D", 1))
    ]
    assert swiss_draw(standings).matches == (("B", "C"), ("A", "D"))


def test_it_backtracks_when_the_greedy_pairing_would_force_a_rematch() -> None:
    standings = [
        SwissStanding("A", score=4),
        SwissStanding("B", score=3),
        SwissStanding("C", score=2, opponents=frozenset({"D"})),
        SwissStanding("D", score=1, opponents=frozenset({"C"})),
    ]
    assert swiss_draw(standings).matches == (("A", "C"), ("B", "D"))


def test_it_refuses_when_every_pairing_repeats_a_meeting() -> None:
    standings = [
        SwissStanding("A", opponents=frozenset({"B", "C", "D"})),
        SwissStanding("B", opponents=frozenset({"A"})),
        SwissStanding("C", opponents=frozenset({"A"})),
        SwissStanding("D", opponents=frozenset({"A"})),
    ]
    with pytest.raises(NoPairingError):
        swiss_draw(standings)


def test_the_danish_variant_allows_repeats() -> None:
    standings = [
        SwissStanding("A", score=2, opponents=frozenset({"B"})),
        SwissStanding("B", score=1, opponents=frozenset({"A"})),
    ]
    assert swiss_draw(standings, repeats="allow").matches == (("A", "B"),)


def test_carry_over_counts_in_the_ranking() -> None:
    standings = [
        SwissStanding("A", score=10),
        SwissStanding("B", score=8, carry_over=Decimal("2.5")),
    ]
    assert [s.entry for s in rank(standings)] == ["B", "A"]


def test_the_tie_break_hook_orders_equal_scores() -> None:
    quotient = {"A": 0.9, "B": 1.4, "C": 1.1}
    standings = [SwissStanding(t, score=10) for t in "ABC"]
    ranked = rank(standings, tie_break=lambda s: quotient[s.entry])
    assert [s.entry for s in ranked] == ["B", "C", "A"]
    assert [s.entry for s in rank(standings)] == ["A", "B", "C"]  # stable otherwise


def test_it_refuses_duplicate_entries_and_unknown_options() -> None:
    with pytest.raises(ValueError):
        swiss_round_one(["A", "A"])
    with pytest.raises(ValueError):
        swiss_draw([SwissStanding("A"), SwissStanding("A")])
    with pytest.raises(ValueError):
        swiss_draw([SwissStanding("A"), SwissStanding("B")], repeats="maybe")
