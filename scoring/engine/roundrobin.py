"""Round-robin schedules by the circle method (scoring.md §15).

n teams (a bye is added when n is odd) play n − 1 rounds: the last team is fixed,
the others are numbered 0 … n − 2; in round r (0-based) the fixed team meets r and
team r + k meets r − k (mod n − 1) for k = 1 … n/2 − 1. Every team meets every
other exactly once.

Home and away: the fixed team is at home in even rounds (0-based) and away in odd
ones; in the pair (r + k, r − k) team r + k is at home when k is odd, team r − k
when k is even. Each team then has ⌊(n − 1)/2⌋ or ⌈(n − 1)/2⌉ home matches (with
an odd n, exactly (n − 1)/2). ``Match.teams`` gives the pair in the order of the
§15 table (the fixed team or team r + k first).
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Match", "RoundRobinRound", "round_robin"]


@dataclass(frozen=True, slots=True)
class Match:
    """One match of a round; teams are numbered 1 … n."""

    home: int
    away: int
    teams: tuple[int, int]  # as listed in the circle-method table


@dataclass(frozen=True, slots=True)
class RoundRobinRound:
    number: int  # 1-based
    matches: tuple[Match, ...]
    bye: int | None = None


def round_robin(teams: int) -> tuple[RoundRobinRound, ...]:
    """Return the n − 1 rounds (n rounded up to even) for teams numbered 1 … n."""
    if teams < 2:
        raise ValueError(f"a round robin needs at least 2 teams, not {teams}")
    size = teams + teams % 2
    return tuple(_round(r, size, teams) for r in range(size - 1))


def _round(r: int, size: int, teams: int) -> RoundRobinRound:
    cycle = size - 1
    listed = [(size - 1, r, r % 2 == 0)]  # (first, second, first is home), residues
    for k in range(1, size // 2):
        listed.append(((r + k) % cycle, (r - k) % cycle, k % 2 == 1))
    matches: list[Match] = []
    bye: int | None = None
    for first, second, first_home in listed:
        a, b = first + 1, second + 1  # residues 0 … n − 2 are teams 1 … n − 1
        if b > teams or a > teams:
            bye = min(a, b)
            continue
        home, away = (a, b) if first_home else (b, a)
        matches.append(Match(home=home, away=away, teams=(a, b)))
    return RoundRobinRound(number=r + 1, matches=tuple(matches), bye=bye)
