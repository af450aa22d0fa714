"""Benchmark: re-score and publish a 1,000-table across-the-field event.

    make bench            (or: python -m benchmarks.run [--tables 1000] [--boards 26])
    make bench-exports    (or: python -m benchmarks.run --exports)

Builds the event in a fresh database (SQLite in benchmarks/out/, or DATABASE_URL),
then times a full re-score and the results JSON, with peak memory of each step.
With --exports: a 60-table session (120 pairs, 27 boards, every result) and the
time to write its PDF (every report) and its workbook; files in benchmarks/out/.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

OUT = Path(__file__).resolve().parent / "out"
SECTION_TABLES = 25
# Table results the benchmark deals out: contract, declarer, tricks (real results,
# so that another scorer given the same travellers computes the same scores).
RESULTS = (
    ("4S", "N", 10), ("4S", "N", 9), ("4S", "N", 11), ("3NT", "S", 9),
    ("3NT", "S", 10), ("3NT", "S", 8), ("2H", "E", 8), ("2H", "E", 9),
    ("4H", "W", 10), ("4SX", "E", 8), ("1NT", "N", 7), ("5D", "S", 11),
    ("3C", "W", 9), ("4S", "N", 12), ("2S", "S", 8),
)  # fmt: skip


def setup_django() -> None:
    OUT.mkdir(exist_ok=True)
    db = OUT / "bench.sqlite3"
    if "DATABASE_URL" not in os.environ:
        db.unlink(missing_ok=True)
        os.environ["DATABASE_URL"] = f"sqlite:///{db}"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django
    from django.core.management import call_command

    django.setup()
    call_command("flush", "--noinput", verbosity=0) if "postgres" in os.environ[
        "DATABASE_URL"
    ] else None
    call_command("migrate", verbosity=0)


def build(
    tables: int, boards: int, section_tables: int = SECTION_TABLES, **options: object
) -> int:
    from scoring.models import TravellerLine
    from tournaments.models import Board, Event, Pair, Section, Session

    rng = random.Random(2026)
    options.setdefault("section_scoring", "across_field")
    event = Event.objects.create(name="Benchmark", **options)
    session = Session.objects.create(event=event, number=1)
    board_rows = Board.objects.bulk_create(
        Board(session=session, number=n) for n in range(1, boards + 1)
    )
    lines = []
    for s in range((tables + section_tables - 1) // section_tables):
        count = min(section_tables, tables - s * section_tables)
        section = Section.objects.create(session=session, letter=f"S{s}", tables=count)
        pairs = Pair.objects.bulk_create(
            Pair(section=section, number=n, direction=d, label=f"{n}{d}")
            for d in ("NS", "EW")
            for n in range(1, count + 1)
        )
        ns, ew = pairs[:count], pairs[count:]
        for b, board in enumerate(board_rows):
            for t in range(count):
                line = TravellerLine(
                    section=section, board=board, table=t + 1,
                    ns_pair=ns[t], ew_pair=ew[(t + b) % count],
                )  # fmt: skip
                lines.append(_played(line, board.number, rng.choice(RESULTS)))
    TravellerLine.objects.bulk_create(lines, batch_size=2000)
    return event.pk


def _played(line: Any, board: int, result: tuple[str, str, int]) -> Any:
    """The line with the result stored as the entry services store it."""
    from scoring.adapters import store_result
    from scoring.engine.boards import vulnerability
    from scoring.engine.contract import ns_score
    from scoring.engine.notation import Language, parse_contract, parse_seat
    from scoring.engine.types import Result

    contract, declarer, tricks = result
    played = Result(
        parse_contract(contract, Language.EN), parse_seat(declarer, Language.EN), tricks
    )
    store_result(line, played, ns_score(played, vulnerability(board)))
    return line


def measure(
    label: str, step: Callable[[], object], *, repeat: bool = True
) -> dict[str, object]:
    """Time a step untraced, then run it again under tracemalloc for its peak."""
    start = time.perf_counter()
    step()
    row: dict[str, object] = {
        "step": label,
        "seconds": round(time.perf_counter() - start, 2),
    }
    if repeat:
        tracemalloc.start()
        step()
        row["peak_mib"] = round(tracemalloc.get_traced_memory()[1] / 2**20, 1)
        tracemalloc.stop()
    print(json.dumps(row), flush=True)
    return row


def name_players(event_id: int) -> None:
    from tournaments.models import Pair, Player

    pairs = Pair.objects.filter(section__session__event_id=event_id)
    Player.objects.bulk_create(
        Player(pair=pair, seat=seat, name=f"Jugadora Núñez {pair.label}-{seat}")
        for pair in pairs
        for seat in (1, 2)
    )


def exports(tables: int, boards: int) -> None:
    """Time the PDF of every report and the workbook of one big session."""
    from django.utils import translation

    from scoring.reports.files import session_pdf, session_xlsx
    from scoring.standings import session_results
    from tournaments.models import Event

    event_id = 0

    def build_step() -> None:
        nonlocal event_id
        event_id = build(
            tables, boards, section_tables=tables, section_scoring="section"
        )
        name_players(event_id)

    measure(f"build {tables} tables x {boards} boards", build_step, repeat=False)
    session = Event.objects.get(pk=event_id).sessions.get()
    results = session_results(session)
    sizes = {}

    def write(name: str, make: Callable[[], bytes]) -> Callable[[], None]:
        def step() -> None:
            content = make()
            sizes[name] = len(content)
            (OUT / name).write_bytes(content)

        return step

    measure("re-score", lambda: session_results(session))
    with translation.override("en"):
        measure("PDF, every report", write("exports.pdf", lambda: session_pdf(results)))
        measure("workbook", write("exports.xlsx", lambda: session_xlsx(results)))
    print(json.dumps({"step": "files", "bytes": sizes}))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=None)
    parser.add_argument("--boards", type=int, default=None)
    parser.add_argument("--exports", action="store_true", help="time PDF and xlsx")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    setup_django()
    if args.exports:
        exports(args.tables or 60, args.boards or 27)
        return
    args.tables, args.boards = args.tables or 1000, args.boards or 26
    from scoring.reports.results_json import event_json
    from scoring.standings import session_results
    from tournaments.models import Event

    event_id = 0

    def build_step() -> None:
        nonlocal event_id
        event_id = build(args.tables, args.boards)

    measure(
        f"build {args.tables} tables x {args.boards} boards", build_step, repeat=False
    )
    event = Event.objects.get(pk=event_id)
    measure("full re-score", lambda: session_results(event.sessions.get()))
    measure("results JSON", lambda: json.dumps(event_json(event)))
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps({"step": "process", "max_rss_mib": round(rss, 1)}))


if __name__ == "__main__":
    main()
