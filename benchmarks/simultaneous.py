"""Benchmark: a federation's simultaneous, 200 clubs x 12 tables x 26 boards
(62,400 lines), built with bulk inserts in a fresh database, SQLite and, when
one answers, PostgreSQL (``BENCH_PG_URL``).

    python -m benchmarks.simultaneous [--clubs 200] [--tables 12] [--boards 26]
        [--runs 3] [--backend sqlite|postgres]
        [--live [--live-heats 10] [--rate 6] [--pollers 20] [--poll 2]
                [--proxy]]

Prints, for each backend, the seconds of building the field and of the overall
ranking re-scored from the database (directors' ``overall_of`` and the
public's ``public_overall``, each the median of ``--runs``, nothing kept from
one run to the next, the collector tuned as served) with the queries each
made; then the same re-scores after one result changed, with what the
overall keeps between requests (``kept_after_one_result``). With ``--live``: ``make
serve`` on the field while phones confirm results at about 6 a second and
pollers read the overall page's live part with its ETag
(``benchmarks.sims_live``: its options)."""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from typing import Any

TARGET_SECONDS = 2.0


def timed(step: Any) -> tuple[float, int]:
    """Seconds and queries of one call of ``step`` (its own connection's)."""
    from django.db import connection

    count = 0

    def counted(execute: Any, *args: Any) -> Any:
        nonlocal count
        count += 1
        return execute(*args)

    with connection.execute_wrapper(counted):
        start = time.perf_counter()
        step()
        seconds = time.perf_counter() - start
    return seconds, count


def figures(clubs: int, tables: int, boards: int, runs: int) -> dict[str, Any]:
    """Build the field in this process's database, then time its re-scores."""
    from django.core.management import call_command

    from .sims_field import build_field, rescore

    call_command("migrate", verbosity=0)
    start = time.perf_counter()
    event_id = build_field(clubs, tables, boards)
    built = time.perf_counter() - start
    found: dict[str, Any] = {"event": event_id, "build_s": round(built, 1)}
    for name, public in (("overall_of", False), ("public_overall", True)):
        done = [
            timed(lambda p=public: rescore(event_id, public=p)) for _ in range(runs)
        ]
        seconds = statistics.median(s for s, _q in done)
        found[name] = {"median_s": round(seconds, 3), "queries": done[-1][1],
                       "runs_s": [round(s, 3) for s, _q in done]}  # fmt: skip
    found["kept_after_one_result"] = _kept(event_id, runs)
    rows = rescore(event_id).rows
    found["pairs"] = len(rows)
    found["lines"] = sum(len(b) for b in rescore(event_id).boards.values())
    return found


def _kept(event_id: int, runs: int) -> dict[str, Any]:
    """The re-scores of a served process: a result changed, then the overall
    read again with what the process kept from the last."""
    from .sims_field import one_result_changed, rescore

    found: dict[str, Any] = {}
    for name, public in (("overall_of", False), ("public_overall", True)):
        rescore(event_id, public=public, kept=True)
        done = []
        for run in range(runs):
            one_result_changed(event_id, run)
            done.append(timed(lambda p=public: rescore(event_id, public=p, kept=True)))
        found[name] = {"median_s": round(statistics.median(s for s, _q in done), 3),
                       "queries": done[-1][1]}  # fmt: skip
    return found


def child(args: argparse.Namespace) -> None:
    import django

    django.setup()
    from config.collector import tune_for_serving

    tune_for_serving()  # the collector as ``make serve``'s processes run it
    print(json.dumps(figures(args.clubs, args.tables, args.boards, args.runs)))


def one_backend(url: str, args: argparse.Namespace) -> dict[str, Any]:
    """The figures measured in a fresh process on the database ``url``."""
    from .sims_field import field_child

    return field_child("benchmarks.simultaneous", url, args)


def backends(choice: str | None) -> list[tuple[str, Any]]:
    # psycopg's module, imported here: the test of ``figures`` runs without it.
    from .table_load import PG_URL, postgres_answers, postgres_database, sqlite_database

    chosen = [] if choice == "postgres" else [("SQLite", sqlite_database)]
    if choice != "sqlite" and postgres_answers():
        chosen.append(("PostgreSQL", postgres_database))
    elif choice != "sqlite":
        print(f"PostgreSQL does not answer at {PG_URL}", file=sys.stderr)
    return chosen


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clubs", type=int, default=200)
    parser.add_argument("--tables", type=int, default=12)
    parser.add_argument("--boards", type=int, default=26)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--backend", choices=("sqlite", "postgres"), help="one only")
    parser.add_argument("--live", action="store_true", help="then election night")
    parser.add_argument("--live-heats", type=int, default=10)
    parser.add_argument("--live-tables", type=int, default=12)
    parser.add_argument("--rate", type=float, default=6.0, help="results a second")
    parser.add_argument("--pollers", type=int, default=20)
    parser.add_argument("--poll", type=float, default=2.0, help="seconds")
    parser.add_argument("--settle", type=float, default=15.0, help="seconds after")
    parser.add_argument("--proxy", action="store_true",
                        help="through docs/deployment.md's caching nginx")  # fmt: skip
    parser.add_argument("--workers", type=int, default=3)
    parser.add_argument("--threads", type=int, default=4)
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        return child(args)
    size = f"{args.clubs} clubs x {args.tables} tables x {args.boards} boards"
    for name, database in backends(args.backend):
        with database() as url:
            found = one_backend(url, args)
            ok = found["overall_of"]["median_s"] <= TARGET_SECONDS
            print(json.dumps({"backend": name, "field": size, **found,
                              "target_2s_met": ok}), flush=True)  # fmt: skip
            if args.live:
                from .sims_live import live_run

                args.event = found["event"]
                print(json.dumps(live_run(name, url, args)), flush=True)


if __name__ == "__main__":
    main()
