"""Speed, as the performance issue measures it, in one table.

    make bench    (or: python -m benchmarks.speed [--runs 3])

1. `results EVENT --json` of the 1,000-table across-the-field event (26,000
   lines) as a whole process against Salliere on the same travellers,
   alternating, with the ratio of the medians, and our process's peak memory.
2. One line of that event corrected: the server time of the ranking page that
   shows it (the scored session was kept before the correction), the median
   of three corrections on different boards.
3. A 60-table club session (120 pairs, 27 boards): every director and public
   page's server time with its data cached, and a live standings poll answered
   304.
Server time is the time of a request through Django's test client, in process.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from .run import OUT, build, name_players, setup_django
from .salliere import (
    SALLIERE_JAR,
    compile_ours,
    time_ours,
    time_salliere,
    write_csv,
)

ROOT = Path(__file__).resolve().parent.parent
Row = tuple[str, str, str, str]  # measure, wall figure, CPU figure, target


def side_by_side(event_id: int, runs: int) -> list[Row]:
    folder, work = OUT / "salliere", OUT / "salliere-run"
    folder.mkdir(exist_ok=True)
    work.mkdir(exist_ok=True)
    inputs = write_csv(event_id, folder)
    compile_ours()
    ours, theirs, memory = [], [], []
    for _run in range(runs):  # alternating, so both see the same machine
        seconds, cpu, mib = time_ours(event_id)
        ours.append((seconds, cpu))
        memory.append(mib)
        theirs.append(time_salliere(inputs, work))
    mine = [statistics.median(x) for x in zip(*ours, strict=True)]
    other = [statistics.median(x) for x in zip(*theirs, strict=True)]
    return [
        ("results --json, 26,000 lines", f"{mine[0]:.2f} s", f"{mine[1]:.2f} s",
         "≤ 0.2 × Salliere"),
        ("Salliere, same travellers", f"{other[0]:.2f} s", f"{other[1]:.2f} s", ""),
        ("ratio ours / Salliere", f"{mine[0] / other[0]:.2f}",
         f"{mine[1] / other[1]:.2f}", "≤ 0.20"),
        ("peak memory of results --json", f"{max(memory):.0f} MiB", "",
         "< 150 MiB"),
    ]  # fmt: skip


def _server_ms(
    client: Any, url: str, repeat: int = 5, **headers: str
) -> tuple[float, float]:
    """The median wall and CPU milliseconds of ``repeat`` requests."""
    times = []
    for _ in range(repeat):
        start, cpu = time.perf_counter(), time.process_time()
        response = client.get(url, headers={"Host": "localhost", **headers})
        times.append((time.perf_counter() - start, time.process_time() - cpu))
        if response.status_code not in (200, 304):
            raise SystemExit(f"{url}: {response.status_code}")
    walls, cpus = zip(*times, strict=True)
    return statistics.median(walls) * 1000, statistics.median(cpus) * 1000


def _ms(label: str, figures: tuple[float, float], target: str, digits: int = 0) -> Row:
    wall, cpu = figures
    return (label, f"{wall:.{digits}f} ms", f"{cpu:.{digits}f} ms", target)


def _director() -> Any:
    from django.contrib.auth.models import User
    from django.test import Client

    user = User.objects.filter(username="bench").first()
    user = user or User.objects.create_superuser("bench", "bench@example.org", "pw")
    client = Client()
    client.force_login(user)
    return client


def _correct(line: Any) -> None:
    """One trick more (or less) on the line, as the director's entry page would."""
    from scoring.adapters import result_of
    from scoring.entry.services import line_record

    result = result_of(line)
    tricks = (result.tricks or 0) + (1 if (result.tricks or 0) < 13 else -1)
    line_record(
        section=line.section, board_number=line.board.number,
        ns_pair=line.ns_pair, ew_pair=line.ew_pair,
        result=type(result)(result.contract, result.declarer, tricks), line=line,
    )  # fmt: skip


def correction(event_id: int, corrections: int = 3) -> list[Row]:
    """The ranking page's server time right after one line is corrected (the
    page before was served, so the session was scored and kept), on
    ``corrections`` boards in turn: the median."""
    from django.urls import reverse

    from scoring.models import TravellerLine
    from tournaments.models import Session

    session = Session.objects.get(event_id=event_id)
    client, url = _director(), reverse("scoring:ranking", args=[session.pk])
    _server_ms(client, url, repeat=1)  # scores and keeps the session
    warm = _server_ms(client, url, repeat=3)
    lines = TravellerLine.objects.filter(board__session=session).select_related(
        "section", "board", "ns_pair", "ew_pair"
    )
    after = []
    for n in range(corrections):
        _correct(lines[123 + 5017 * n])  # a line of another board each time
        after.append(_server_ms(client, url, repeat=1))
    median = [statistics.median(x) for x in zip(*after, strict=True)]
    return [
        _ms("ranking page of the 1,000 tables, cached", warm, ""),
        _ms("ranking page after one correction", (median[0], median[1]), "< 100 ms"),
    ]


def _club_urls(session: Any) -> list[tuple[str, str]]:
    from django.urls import reverse

    from scoring.live.displays import display_key

    section = session.sections.get()
    pair = section.pairs.get(label="7NS")
    return [
        ("director: ranking", reverse("scoring:ranking", args=[session.pk])),
        ("director: board entry", reverse("scoring:board_entry", args=[section.pk, 5])),
        ("director: scorecard", reverse("scoring:scorecard", args=[pair.pk])),
        (
            "director: event",
            reverse("tournaments:event_detail", args=[session.event_id]),
        ),
        ("director: control room", reverse("table_room:room", args=[session.pk])),
        ("public: ranking", reverse("public:session", args=[session.pk])),
        ("public: live standings", reverse("public:live", args=[session.pk])),
        ("public: board", reverse("public:board", args=[session.pk, 5])),
        ("public: scorecard", reverse("public:pair", args=[pair.pk])),
        ("public: hand records", reverse("public:hands", args=[session.pk])),
        ("room display", reverse("public:room", args=[display_key(session)])),
    ]


def club_pages() -> list[Row]:
    from tournaments.models import Event

    event_id = build(60, 27, section_tables=60, section_scoring="section")
    name_players(event_id)
    Event.objects.filter(pk=event_id).update(published=True)
    session = Event.objects.get(pk=event_id).sessions.get()
    client = _director()
    rows = []
    for label, url in _club_urls(session):
        _server_ms(client, url, repeat=1)  # scores and caches the session
        rows.append(_ms(f"60 tables, {label}", _server_ms(client, url), "< 50 ms"))
    live = _club_urls(session)[6][1]
    tag = client.get(live, headers={"Host": "localhost"})["ETag"]
    polled = _server_ms(client, live, **{"If-None-Match": tag})
    rows.append(_ms("60 tables, live standings polled (304)", polled, "", 1))
    return rows


def _print(rows: list[Row]) -> None:
    width = max(len(r[0]) for r in rows)
    print(f"{'measure':<{width}}  {'wall':>10}  {'cpu':>10}  target")
    for label, figure, cpu, target in rows:
        print(f"{label:<{width}}  {figure:>10}  {cpu:>10}  {target}", flush=True)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args(argv)
    if not SALLIERE_JAR.exists():
        sys.exit("Salliere is not installed: apt-get install salliere")
    setup_django()
    event_id = build(1000, 26)
    from config.collector import tune_for_serving

    tune_for_serving()  # page times as the served process gets them
    rows = side_by_side(event_id, args.runs)
    rows += correction(event_id)
    rows += club_pages()
    _print(rows)


if __name__ == "__main__":
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    main()
