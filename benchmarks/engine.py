"""Benchmark: the matchpoint engine alone on a 1,000-table field scored across it.

    python -m benchmarks.engine [--tables 1000] [--boards 26] [--repeat 3]
                                [--profile] [--digest]

Builds one pool per board holding every table's line (across-the-field scoring):
about fifteen distinct real results a board, a few artificial scores (A60/A40,
A50/A50, A40/A60) and one weighted assigned score, then times
``score_matchpoints`` with the default policy. ``--profile`` prints the top of a
cProfile; ``--digest`` prints a hash of every output under several policies, to
check that a change of the engine leaves every number as it was. Imports only
the engine.
"""

from __future__ import annotations

import argparse
import cProfile
import hashlib
import pstats
import random
import time
from collections.abc import Hashable
from dataclasses import fields
from fractions import Fraction

from scoring.engine.boards import vulnerability
from scoring.engine.contract import ns_score
from scoring.engine.notation import Language, parse_contract, parse_seat
from scoring.engine.outcomes import Artificial, Average, Outcome, Played, Weighted
from scoring.engine.policy import (
    Factoring,
    NeubergRounding,
    ScoringPolicy,
    SmallGroupRule,
)
from scoring.engine.session import BoardLine, BoardPool, score_matchpoints
from scoring.engine.types import Result

SECTION_TABLES = 25
# Table results dealt out (contract, declarer, tricks), as benchmarks/run.py does.
RESULTS = (
    ("4S", "N", 10), ("4S", "N", 9), ("4S", "N", 11), ("3NT", "S", 9),
    ("3NT", "S", 10), ("3NT", "S", 8), ("2H", "E", 8), ("2H", "E", 9),
    ("4H", "W", 10), ("4SX", "E", 8), ("1NT", "N", 7), ("5D", "S", 11),
    ("3C", "W", 9), ("4S", "N", 12), ("Pass", "", 0),
)  # fmt: skip
ARTIFICIAL = (
    (Average.PLUS, Average.MINUS),
    (Average.AVERAGE, Average.AVERAGE),
    (Average.MINUS, Average.PLUS),
)
POLICIES = {
    "ebu": ScoringPolicy(),
    "acbl": ScoringPolicy(neuberg_rounding=NeubergRounding.ACBL),
    "exact": ScoringPolicy(neuberg_rounding=NeubergRounding.EXACT),
    "none": ScoringPolicy(factoring=Factoring.NONE),
    "small": ScoringPolicy(small_group_rule=SmallGroupRule.ACBL),
    "flat": ScoringPolicy(avg_plus_uses_session_pct=False),
}


def _score(board: int, result: tuple[str, str, int]) -> int:
    contract, declarer, tricks = result
    parsed = parse_contract(contract, Language.EN)
    if parsed is None:
        return 0
    played = Result(parsed, parse_seat(declarer, Language.EN), tricks)
    return ns_score(played, vulnerability(board))


def _outcomes(rng: random.Random, board: int, table: int) -> tuple[Outcome, Outcome]:
    if table < len(ARTIFICIAL):
        ns, ew = ARTIFICIAL[table]
        return Artificial(ns), Artificial(ew)
    if table == len(ARTIFICIAL):
        low, high = sorted(_score(board, rng.choice(RESULTS)) for _ in range(2))
        weighted = Weighted(((Fraction(2, 5), low), (Fraction(3, 5), high)))
        return weighted, weighted
    played = Played(_score(board, rng.choice(RESULTS)))
    return played, played


def build(tables: int, boards: int, seed: int = 2026) -> list[BoardPool]:
    """One pool per board, every table of the field in it."""
    rng = random.Random(seed)
    pools = []
    for board in range(1, boards + 1):
        lines = []
        for table in range(tables):
            section, seat = divmod(table, SECTION_TABLES)
            count = min(SECTION_TABLES, tables - section * SECTION_TABLES)
            ns_pair = 2 * SECTION_TABLES * section + seat
            ew_pair = ns_pair - seat + SECTION_TABLES + (seat + board) % count
            ns, ew = _outcomes(rng, board, (table * 7 + board) % tables)
            key = board * tables + table
            lines.append(BoardLine(key, ns_pair, ew_pair, ns, ew))
        pools.append(BoardPool(board, tuple(lines)))
    return pools


def direction(pair: Hashable) -> Hashable:
    assert isinstance(pair, int)
    return pair % (2 * SECTION_TABLES) >= SECTION_TABLES


def digest(pools: list[BoardPool]) -> str:
    """A hash of every line and pair score (values and types) under each policy."""
    sha = hashlib.sha256()
    for name, policy in POLICIES.items():
        scored = score_matchpoints(pools, policy=policy, ranking_group=direction)
        for mapping in (scored.lines, scored.pairs):
            for key, value in mapping.items():
                sha.update(f"{name}|{key!r}|{value!r}|".encode())
                kinds = [type(getattr(value, f.name)) for f in fields(value)]
                sha.update(repr(kinds).encode())
    return sha.hexdigest()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--boards", type=int, default=26)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--digest", action="store_true")
    args = parser.parse_args(argv)
    pools = build(args.tables, args.boards)
    policy = ScoringPolicy()
    for _ in range(args.repeat):
        start = time.perf_counter()
        score_matchpoints(pools, policy=policy, ranking_group=direction)
        print(f"score_matchpoints: {time.perf_counter() - start:.3f} s")
    if args.profile:
        profile = cProfile.Profile()
        profile.runcall(
            score_matchpoints, pools, policy=policy, ranking_group=direction
        )
        pstats.Stats(profile).sort_stats("tottime").print_stats(12)
    if args.digest:
        print("digest:", digest(pools))


if __name__ == "__main__":
    main()
