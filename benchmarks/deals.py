"""Benchmark: the double-dummy analysis of a deal (DDS through endplay), as
`analyse_deals` stores it and the PBN export's OptimumResultTable needs it.

    python -m benchmarks.deals [--deals 12] [--seed 1]

Deals ``--deals`` random hands (a fixed seed, so every run solves the same
deals) and times ``deal_analysis`` on each, the first time (each deal is then
kept by the process). Prints one JSON line: the deals, the wall and CPU
seconds, and each a deal (on a shared machine the CPU time is the steadier).
No database, no Django settings.
"""

from __future__ import annotations

import argparse
import json
import random
import time

from scoring.formats.double_dummy import deal_analysis

SUITS = "SHDC"
RANKS = "AKQJT98765432"


def random_deal(chance: random.Random) -> str:
    """A PBN deal from North: four 13-card hands, suits in S H D C order."""
    cards = [(suit, rank) for suit in SUITS for rank in RANKS]
    chance.shuffle(cards)
    hands = []
    for seat in range(4):
        held = set(cards[seat * 13 : seat * 13 + 13])
        hands.append(".".join(
            "".join(rank for rank in RANKS if (suit, rank) in held) for suit in SUITS
        ))  # fmt: skip
    return "N:" + " ".join(hands)


def main(argv: list[str] | None = None) -> dict[str, float]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=12)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    chance = random.Random(args.seed)
    deals = [random_deal(chance) for _ in range(args.deals)]
    wall, cpu = time.perf_counter(), time.process_time()
    solved = sum(deal_analysis(n, deal) is not None for n, deal in enumerate(deals, 1))
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    figures = {"deals": solved, "wall_s": round(wall, 2), "cpu_s": round(cpu, 2),
               "s_a_deal": round(wall / max(solved, 1), 3),
               "cpu_s_a_deal": round(cpu / max(solved, 1), 3)}  # fmt: skip
    print(json.dumps(figures))
    return figures


if __name__ == "__main__":
    main()
