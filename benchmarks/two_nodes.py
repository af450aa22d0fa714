"""Benchmark: two application servers (nodes) sharing one PostgreSQL, as behind
a reverse proxy (docs/deployment.md, "Several nodes").

    make bench-nodes   (or: python -m benchmarks.two_nodes [--heats 3]
                        [--results 10] [--workers 2] [--threads 4] [--replica])

It starts `make serve` twice on a fresh PostgreSQL database (BENCH_PG_URL, as
benchmarks/table_load.py): node A, which migrates, then node B, on two free
ports. It makes a simultaneous of ``--heats`` heats of 12 tables, published
and released, each heat showing its results as they come, and then:

1. **Across the nodes**: ``--results`` times, a table's North-South phone sends
   a board's result through node A's table API and East-West's accepts it
   there; a display on node B, doing what the overall page's script does
   (static/table/room.js: the change feed, then the overall live part asked
   with the change it told of), times the moment node B's live part shows the
   confirmation (its ``data-change``). The target is 2 s.
2. **Load over both**: every table's North-South phone talks to node A and its
   East-West phone to node B (one table's result crosses the nodes every
   time), all starting within ``--spread`` seconds: requests, errors, lines
   stored against expected, and each node's p50/p95.

With ``--replica`` the database is a primary and its streaming standby made
for the run (``benchmarks.replica``), and both nodes' public pages read the
standby (``DATABASE_REPLICA_URL``): node B's live part then shows a result once
the standby has replayed it, a write routed there would fail (it refuses
them), and the rows the standby returned are printed.

Needs a PostgreSQL server: on SQLite each node would have a file of its own.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import secrets
import threading
import time
from contextlib import ExitStack
from dataclasses import dataclass
from typing import Any

from .replica import standby_reads, streaming_pair
from .table_load import (
    COUNT_LINES,
    OWN_PHONES,
    Phone,
    _signed,
    confirm_board,
    free_port,
    manage,
    postgres_answers,
    postgres_database,
    run_room,
    send_board,
    serving,
)
from .table_room import feed_asking, get, percentile

TARGET_SECONDS = 2.0
HEAT_TABLES = 12  # a heat: 12 tables, two boards a round, 24 boards
SHELL = ("shell", "-v", "0", "-c")
RELEASED = (
    "from datetime import timedelta; from django.utils import timezone; "
    "from tournaments.models import Event, Simultaneous; "
    "Event.objects.filter(pk={event}).update(published=True); "
    "Simultaneous.objects.filter(event_id={event})"
    ".update(release_at=timezone.now() - timedelta(minutes=1)); "
    # The heat's director shows each result as it comes (no board held back
    # until every table has played it).
    "from tournaments.models import Session; "
    "Session.objects.filter(pk={session}).update(released=True)"
)
CHANGE = re.compile(rb'data-change="(\d+)"')
# A board's frequencies: a score and how many results gave it.
RESULTS_SHOWN = re.compile(rb'<tr><td class="num">[^<]*</td><td class="num">(\d+)</td>')


def _made(env: dict[str, str], heats: int) -> tuple[str, list[str]]:
    """The simultaneous' event id and its heats' session ids, released: each
    heat a club's 12-table Mitchell of the simultaneous' 24 boards."""
    made = manage(env, "new_event", "--name", "Two nodes", "--simultaneous",
                  "--boards", "24")  # fmt: skip
    event = made.strip().splitlines()[-1].split()[1]
    sessions = []
    for number in range(1, heats + 1):
        club = f"Club {number}"
        tables = str(HEAT_TABLES)
        heat = manage(env, "new_event", "--heat", event, "--club", club,
                      "--tables", tables, "--movement", "mitchell")  # fmt: skip
        session = heat.strip().splitlines()[-1].split()[3]
        manage(env, *SHELL, RELEASED.format(event=event, session=session))
        manage(env, *SHELL, OWN_PHONES.format(session=session))
        sessions.append(session)
    return event, sessions


def _stored(env: dict[str, str], sessions: list[str]) -> dict[str, list[Any]]:
    """The lines and table entries the heats' sessions hold (COUNT_LINES);
    each line named by its heat's session as its section."""
    stored: dict[str, list[Any]] = {"lines": [], "entries": []}
    for session in sessions:
        counted = manage(env, *SHELL, COUNT_LINES.format(session=session))
        found = json.loads(counted.strip().splitlines()[-1])
        stored["lines"] += [[f"{session}{s}", t, b] for s, t, b in found["lines"]]
        stored["entries"] += found["entries"]
    return stored


def _shown(port: int, part: str, change: int) -> tuple[int, int]:
    """The change the node's live part shows, asked as room.js asks after
    change N, and the results its frequencies count."""
    status, raw, _headers, _ms = get(port, f"{part}&change={change}")
    found = CHANGE.search(raw) if status == 200 else None
    results = sum(int(count) for count in RESULTS_SHOWN.findall(raw))
    return (int(found.group(1)) if found else 0), results


def _watch(port: int, event: str, after: int, wanted: int, seen: list[float]) -> None:
    """A display on ``port``: the feed, then the live part, until the part
    shows a change after ``after`` and ``wanted`` results; the moment it did."""
    feed = f"/results/events/{event}/changes"
    part = f"/results/events/{event}/overall/?part=live&lang=en"
    while True:
        status, raw, _headers, _ms = get(port, feed_asking(feed, f"after={after}"))
        told = int(json.loads(raw)["change"]) if status == 200 else after
        if told <= after:
            continue
        change, results = _shown(port, part, told)
        if change > after and results >= wanted:
            seen.append(time.monotonic())
            return
        after = max(after, change) if results < wanted else after


def _last(port: int, event: str) -> int:
    feed = f"/results/events/{event}/changes?after=0&wait=0"
    status, raw, _headers, _ms = get(port, feed)
    return int(json.loads(raw)["change"]) if status == 200 else 0


def _table_across(
    ports: tuple[int, int], event: str, code: dict[str, Any], delays: list[float]
) -> None:
    """One table's phones on node A play their round's boards; each
    confirmation timed until node B's live part shows it."""
    ns, ew = (Phone(ports[0], code["section"], code["table"]) for _ in range(2))
    if not (_signed(ns, code["code"], "NS") and _signed(ew, code["code"], "EW")):
        raise SystemExit(f"table {code['table']}: the phones could not sign in on A")
    state = ns.send("round", "/api/table/round", None, lambda s, d: s == 200)
    for board in [b["number"] for b in state["boards"]]:
        entry = send_board(ns, board)
        if entry is None:
            raise SystemExit(f"node A refused board {board}'s result")
        after = _last(ports[1], event)
        seen: list[float] = []
        wanted = len(delays) + 1  # every result confirmed so far, this one too
        watcher = threading.Thread(
            target=_watch, args=(ports[1], event, after, wanted, seen), daemon=True
        )
        watcher.start()
        time.sleep(0.5)  # the display waits on the feed, as a page does
        confirm_board(ew, board, entry)
        watcher.join(timeout=30)
        if entry not in ew.confirmed or not seen:
            raise SystemExit(f"board {board}: not confirmed on A or never seen on B")
        delays.append(seen[0] - ew.confirmed[entry])


def across(
    ports: tuple[int, int], event: str, codes: list[Any], count: int
) -> tuple[list[float], int]:
    """Seconds from each confirmation's answer on node A to node B's live part
    showing it, for at least ``count`` results; the tables it took."""
    delays: list[float] = []
    used = 0
    while len(delays) < count and used < len(codes):
        _table_across(ports, event, codes[used], delays)
        used += 1
    return delays, used


def spread_load(
    ports: tuple[int, int], codes: list[Any], spread: float
) -> tuple[list[Phone], float]:
    """Each table's North-South phone on node A, East-West's on node B, the
    tables starting within ``spread`` seconds; the seconds it took."""
    pairs = [
        (Phone(ports[0], c["section"], c["table"], 1),
         Phone(ports[1], c["section"], c["table"], 1))
        for c in codes
    ]  # fmt: skip
    return run_room(pairs, codes, spread)


def _node_line(name: str, phones: list[Phone], port: int) -> str:
    calls = [call for phone in phones if phone.port == port for call in phone.calls]
    ms = [call.ms for call in calls]
    errors = sum(not call.ok for call in calls)
    return (
        f"  node {name}: {len(calls)} requests, {errors} errors, "
        f"p50 {percentile(ms, 0.5):.0f} ms, p95 {percentile(ms, 0.95):.0f} ms"
    )


def faults(measured: Measured) -> tuple[int, int, int]:
    """Of the load: results lost, stored twice, and requests that failed."""
    expected = set().union(*(phone.expected for phone in measured.phones))
    lines = [tuple(line) for line in measured.stored["lines"]]
    errors = sum(not call.ok for phone in measured.phones for call in phone.calls)
    return len(expected - set(lines)), len(lines) - len(set(lines)), errors


def report(measured: Measured, args: argparse.Namespace) -> tuple[str, bool]:
    """The figures, and whether every one is within its target."""
    delays, phones, seconds = measured.delays, measured.phones, measured.seconds
    expected = set().union(*(phone.expected for phone in phones))
    stored = {tuple(line) for line in measured.stored["lines"]}
    lost, duplicated, errors = faults(measured)
    ports = (phones[0].port, phones[1].port) if phones else (0, 0)  # NS: A, EW: B
    worst = max(delays, default=0.0)
    text = [
        f"Two nodes (gunicorn {args.workers} workers x {args.threads} threads "
        "each) on one PostgreSQL",
        f"A result confirmed on node A, shown by node B's overall live part: "
        f"{len(delays)} results, p50 {percentile(delays, 0.5):.2f} s, "
        f"p95 {percentile(delays, 0.95):.2f} s, max {worst:.2f} s "
        f"(target {TARGET_SECONDS:g} s)",
        f"Load over both: {len(phones) // 2} tables within {args.spread:g} s, "
        f"North-South on A, East-West on B: {len(expected)} results sent, "
        f"{len(stored & expected)} stored, {lost} lost, {duplicated} "
        f"duplicated, {errors} errors, {seconds:.1f} s",
        _node_line("A", phones, ports[0]),
        _node_line("B", phones, ports[1]),
    ]
    ok = worst <= TARGET_SECONDS and not (lost or duplicated or errors)
    return "\n".join(text), ok


@dataclass(frozen=True)
class Measured:
    delays: list[float]  # seconds: a confirmation on A to B's live part
    phones: list[Phone]  # the load over both nodes
    stored: Any  # the lines and entries the database holds (COUNT_LINES)
    seconds: float  # the load's


def run(url: str, args: argparse.Namespace, replica: str = "") -> Measured:
    """Both nodes on the database at ``url`` (their public pages reading the
    standby ``replica`` when given), the results across them, then the load
    over both."""
    env = {**os.environ, "DATABASE_URL": url, "SECRET_KEY": secrets.token_urlsafe(50)}
    if replica:
        env["DATABASE_REPLICA_URL"] = replica
    ports = (free_port(), free_port())
    with ExitStack() as nodes:
        nodes.enter_context(serving("node-a", env, ports[0], args))  # migrates
        nodes.enter_context(serving("node-b", env, ports[1], args))
        event, sessions = _made(env, args.heats)
        codes = [
            {**code, "section": f"{session}{code['section']}"}
            for session in sessions
            for code in json.loads(manage(env, "table_codes", session, "--json"))
        ]
        delays, used = across(ports, event, codes, args.results)
        phones, seconds = spread_load(ports, codes[used:], args.spread)
    return Measured(delays, phones, _stored(env, sessions), seconds)


def arguments(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--heats", type=int, default=3, help="12 tables each")
    parser.add_argument("--results", type=int, default=10)
    parser.add_argument("--spread", type=float, default=5)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--threads", type=int, default=4)
    parser.add_argument("--live-waits", type=int, default=20)
    parser.add_argument("--replica", action="store_true",
                        help="a primary and its standby made for the run")  # fmt: skip
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> None:
    args = arguments(argv)
    if not postgres_answers():
        raise SystemExit("No PostgreSQL server answers (BENCH_PG_URL): two nodes "
                         "share one PostgreSQL database.")  # fmt: skip
    if args.replica:
        with streaming_pair() as (url, standby):
            before = standby_reads(standby)
            measured = run(url, args, standby)
            read = standby_reads(standby) - before
        text, ok = report(measured, args)
        text += f"\nthe standby returned {read:,} rows to the public pages"
        ok = ok and read > 0
    else:
        with postgres_database() as url:
            measured = run(url, args)
        text, ok = report(measured, args)
    print(text)
    if not ok:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
