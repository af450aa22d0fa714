"""Benchmark: what one result costs the overall of a federation's simultaneous
in one process (no server, no other load): the kept overall brought up to date
after one result changed (``kept``: ``overall_of`` for the directors,
``public_overall`` for the public), then the live part's tables written from it
(``render``: the page's rows and each board's frequencies; the public's live
part its 100 leaders of each ranking, the directors' page every pair).

    python -m benchmarks.sims_kept [--clubs 200] [--tables 12] [--boards 26]
        [--runs 5] [--database FILE]

Prints each one's median CPU seconds over ``--runs`` results (``_cpu_s``, and
each run's) and its median seconds (``_s``: another process on the machine
makes them longer). The field
is built in a new SQLite database, or in ``--database FILE`` when it holds none
yet (then kept there: the next run measures the same field without building it)."""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

PUBLIC_LEADERS = 100  # ``scoring.public.overall.LEADERS``


def measured(event_id: int, runs: int) -> dict[str, Any]:
    """The kept re-score and the tables' render after each of ``runs`` results,
    for the directors and for the public: this process's CPU seconds (another
    process on the machine does not count) and the seconds they took."""
    from .sims_field import one_result_changed, rescore

    found: dict[str, Any] = {}
    for name, public in (("directors", False), ("public", True)):
        render(rescore(event_id, public=public, kept=True), event_id, public)
        kept, written = [], []
        for run in range(runs):
            one_result_changed(event_id, run)
            overall, seconds = _timed(rescore, event_id, public=public, kept=True)
            kept.append(seconds)
            written.append(_timed(render, overall, event_id, public)[1])
        found[name] = {
            "kept_cpu_s": _median([cpu for cpu, _wall in kept]),
            "render_cpu_s": _median([cpu for cpu, _wall in written]),
            "kept_s": _median([wall for _cpu, wall in kept]),
            "render_s": _median([wall for _cpu, wall in written]),
            "kept_cpu_runs": _runs([cpu for cpu, _wall in kept]),
            "render_cpu_runs": _runs([cpu for cpu, _wall in written]),
        }
    return found


def _timed(step: Any, *args: Any, **kwargs: Any) -> tuple[Any, tuple[float, float]]:
    """``step(*args, **kwargs)`` and its (CPU seconds, seconds)."""
    cpu, wall = time.process_time(), time.perf_counter()
    done = step(*args, **kwargs)
    return done, (time.process_time() - cpu, time.perf_counter() - wall)


def render(overall: Any, event_id: int, public: bool) -> str:
    """The overall's tables as the live part and the directors' page write them."""
    from django.template.loader import render_to_string

    from scoring.reports.overall import overall_page
    from tournaments.models import Simultaneous

    simultaneous = Simultaneous.objects.select_related("event").get(event_id=event_id)
    event = simultaneous.event
    page = overall_page(overall, event, "", PUBLIC_LEADERS if public else None)
    context = {"page": page, "simultaneous": simultaneous, "event": event}
    return render_to_string("public/_overall_tables.html", context)


def _median(seconds: list[float]) -> float:
    return round(statistics.median(seconds), 3)


def _runs(seconds: list[float]) -> list[float]:
    return [round(s, 3) for s in seconds]


def child(args: argparse.Namespace) -> None:
    import django

    django.setup()
    from django.core.management import call_command

    from config.collector import tune_for_serving
    from tournaments.models import Simultaneous

    from .sims_field import build_field

    call_command("migrate", verbosity=0)
    there = Simultaneous.objects.order_by("pk").first()
    if there is None:
        event_id = build_field(args.clubs, args.tables, args.boards)
    else:
        event_id = there.event_id
    tune_for_serving()  # the collector as ``make serve``'s processes run it
    print(json.dumps({"event": event_id, **measured(event_id, args.runs)}))


def run(path: Path, args: argparse.Namespace) -> dict[str, Any]:
    """The figures measured in a fresh process on the SQLite file ``path``."""
    from .sims_field import field_child

    return field_child("benchmarks.sims_kept", f"sqlite:///{path}", args)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clubs", type=int, default=200)
    parser.add_argument("--tables", type=int, default=12)
    parser.add_argument("--boards", type=int, default=26)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--database", type=Path, help="a SQLite file, kept")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        return child(args)
    size = f"{args.clubs} clubs x {args.tables} tables x {args.boards} boards"
    if args.database:
        found = run(args.database.resolve(), args)
    else:
        with tempfile.TemporaryDirectory(prefix="sims_kept-") as folder:
            found = run(Path(folder) / "bench.sqlite3", args)
    print(json.dumps({"field": size, **found}), flush=True)


if __name__ == "__main__":
    main()
