"""Benchmark: a week's deals made here (issue 31): dealing the boards from a
fresh seed, their double-dummy analysis as ``analyse_deals`` stores it, and
the dealing machine's files.

    python -m benchmarks.dealing [--boards 36]

Prints one JSON line: the boards, and the wall and CPU seconds of the dealing,
of the analysis and of the files. No database, no Django settings.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable
from typing import TypeVar

from scoring.engine.dealing import deal_boards, deal_pbn, new_seed
from scoring.formats.dlm import write_dlm
from scoring.formats.double_dummy import deal_analysis
from scoring.formats.dup import write_dup
from scoring.formats.pbn_hands import write_hands_pbn

T = TypeVar("T")


def timed(work: Callable[[], T]) -> tuple[T, float, float]:
    wall, cpu = time.perf_counter(), time.process_time()
    done = work()
    return done, time.perf_counter() - wall, time.process_time() - cpu


def main(argv: list[str] | None = None) -> dict[str, float]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=36)
    args = parser.parse_args(argv)
    boards = range(1, args.boards + 1)
    seed = new_seed()
    deals, deal_wall, deal_cpu = timed(
        lambda: {b: deal_pbn(d) for b, d in deal_boards(seed, boards).items()}
    )
    solved, dd_wall, dd_cpu = timed(
        lambda: [deal_analysis(b, d) for b, d in deals.items()]
    )
    _files, files_wall, files_cpu = timed(
        lambda: (
            write_dlm(deals, ""),
            write_dup(deals),
            write_hands_pbn(deals, {}, event="", generator=""),
        )
    )
    figures = {
        "boards": sum(s is not None for s in solved),
        "deal_wall_s": round(deal_wall, 4),
        "deal_cpu_s": round(deal_cpu, 4),
        "analysis_wall_s": round(dd_wall, 2),
        "analysis_cpu_s": round(dd_cpu, 2),
        "files_wall_s": round(files_wall, 4),
        "files_cpu_s": round(files_cpu, 4),
    }
    print(json.dumps(figures))
    return figures


if __name__ == "__main__":
    main()
