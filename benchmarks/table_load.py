"""Benchmark: a room of phones sending results at once to the production server.

    make bench-tables   (or: python -m benchmarks.table_load
                         [--backend sqlite|postgres] [--workers 3] [--threads 4])

For each database — a temporary SQLite file, then a temporary PostgreSQL database
when a server answers on 127.0.0.1:5432 (BENCH_PG_URL) — it starts `make serve`
(gunicorn, DEBUG off) on a free port, creates a 4 × 15-table Mitchell with two
boards a round (`new_event`), reads the 60 codes (`table_codes --json`) and lets
60 phones (threads) at once sign in, read their round, and for each board send
the result, send it again (a retry must give back the same entry) and confirm
it, then read the round again. Every request's latency and status is kept; then
the database is counted: every expected traveller line stored once, none lost.
Prints one table; the server's log is in benchmarks/out/.
"""

from __future__ import annotations

import argparse
import http.client
import json
import math
import os
import random
import secrets
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import psycopg
from psycopg import sql

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "benchmarks" / "out"
SECTIONS, TABLES, BOARDS_PER_ROUND = 4, 15, 2
EXPECTED = SECTIONS * TABLES * BOARDS_PER_ROUND
KINDS = ("signin", "round", "result", "retry", "confirm")
PG_URL = os.environ.get("BENCH_PG_URL", "postgres://postgres@127.0.0.1:5432")
# Plausible table results: contract, declarer, tricks taken.
RESULTS = (
    ("3NT", "N", 9), ("4S", "S", 10), ("4SX", "E", 8), ("2H", "W", 8),
    ("3NT", "S", 8), ("4H", "N", 11), ("1NT", "E", 7), ("Pass", "", 0),
    ("5DX", "W", 11), ("6NT", "N", 12), ("3C", "E", 9), ("2S", "S", 9),
)  # fmt: skip
COUNT_LINES = """
import json
from scoring.models import TableEntry, TravellerLine
lines = TravellerLine.objects.filter(section__session_id={session})
entries = TableEntry.objects.filter(table__section__session_id={session})
print(json.dumps({{
    "lines": list(lines.values_list("section__letter", "table", "board__number")),
    "entries": list(entries.values_list("table_id", "client_id")),
}}))
"""

Check = Callable[[int, Any], bool]


@dataclass(frozen=True)
class Call:
    kind: str
    status: int
    ms: float
    ok: bool


@dataclass
class Phone:
    """One table's phone: its requests, and the lines it expects stored."""

    port: int
    section: str
    table: int
    token: str = ""
    calls: list[Call] = field(default_factory=list)
    expected: set[tuple[str, int, int]] = field(default_factory=set)

    def send(self, kind: str, path: str, body: object, ok: Check) -> Any:
        """The answer's JSON when ``ok``, else None (the call is kept either way)."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=120)
        headers = {"Content-Type": "application/json"}
        if self.token:
            headers["Authorization"] = f"Bearer {self.token}"
        start = time.perf_counter()
        try:
            payload = None if body is None else json.dumps(body)
            connection.request(
                "GET" if body is None else "POST", path, payload, headers
            )
            response = connection.getresponse()
            status, raw = response.status, response.read()
        except (OSError, http.client.HTTPException):
            status, raw = 0, b""
        finally:
            connection.close()
        ms = (time.perf_counter() - start) * 1000
        try:
            data = json.loads(raw)
        except ValueError:
            data = None
        good = ok(status, data)
        self.calls.append(Call(kind, status, ms, good))
        return data if good else None


def _status(expected: int) -> Check:
    return lambda status, data: status == expected and isinstance(data, dict)


def play_board(phone: Phone, number: int) -> None:
    contract, declarer, tricks = RESULTS[(phone.table * 7 + number) % len(RESULTS)]
    sent = {
        "board": number,
        "contract": contract,
        "declarer": declarer,
        "tricks": tricks,
        "lead": "" if contract == "Pass" else "SK",
        "client_id": f"{phone.section}{phone.table}-{number}-{secrets.token_hex(4)}",
    }
    first = phone.send("result", "/api/table/results", sent, _status(201))
    if first is None:
        return
    phone.expected.add((phone.section, phone.table, number))
    phone.send(
        "retry", "/api/table/results", sent, lambda s, d: s == 200 and d == first
    )
    phone.send(
        "confirm",
        f"/api/table/results/{first['id']}/confirm",
        {},
        lambda s, d: s == 200 and d.get("status") == "accepted",
    )


def play(phone: Phone, code: str, start: threading.Barrier, delay: float) -> None:
    """Everything a table does in its first round, as fast as it can, ``delay``
    seconds after the room starts."""
    start.wait()
    time.sleep(delay)
    signed = phone.send("signin", "/api/table/signin", {"code": code}, _status(200))
    if signed is None:
        return
    phone.token = signed["token"]
    state = phone.send("round", "/api/table/round", None, _status(200))
    for board in state["boards"] if state else []:
        play_board(phone, board["number"])
    phone.send("round", "/api/table/round", None, _status(200))


def load(
    port: int, codes: list[dict[str, Any]], spread: float
) -> tuple[list[Phone], float]:
    """All the phones, each starting at a random moment of the first ``spread``
    seconds (0: all at the same instant); the seconds the whole room took."""
    phones = [Phone(port, c["section"], c["table"]) for c in codes]
    start = threading.Barrier(len(phones) + 1)
    delays = random.Random(2026)
    threads = [
        threading.Thread(
            target=play, args=(phone, c["code"], start, delays.uniform(0, spread))
        )
        for phone, c in zip(phones, codes, strict=True)
    ]
    for thread in threads:
        thread.start()
    start.wait()
    began = time.perf_counter()
    for thread in threads:
        thread.join()
    return phones, time.perf_counter() - began


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def manage(env: dict[str, str], *args: str) -> str:
    """A manage.py command's output (its errors stop the benchmark)."""
    done = subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT, env=env, capture_output=True, text=True, check=False,
    )  # fmt: skip
    if done.returncode:
        raise SystemExit(f"manage.py {args[0]} failed:\n{done.stdout}{done.stderr}")
    return done.stdout


def _answers(port: int) -> bool:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    try:
        connection.request("GET", "/api/table/openapi.json")
        return connection.getresponse().status == 200
    except OSError:
        return False
    finally:
        connection.close()


def warm(port: int, workers: int) -> None:
    """A few requests at once, so that each worker has loaded every view (the
    first request of a new worker imports them) before the room is timed."""
    probes = [
        threading.Thread(target=_answers, args=(port,)) for _ in range(4 * workers)
    ]
    for probe in probes:
        probe.start()
    for probe in probes:
        probe.join()


@contextmanager
def serving(
    name: str, env: dict[str, str], port: int, args: argparse.Namespace
) -> Iterator[None]:
    """`make serve` on the port until the block ends (then its process group
    is stopped)."""
    OUT.mkdir(exist_ok=True)
    log_path = OUT / f"table_load-{name}.log"
    command = [
        "make",
        "--no-print-directory",
        "serve",
        "HOST=127.0.0.1",
        f"PORT={port}",
        f"WORKERS={args.workers}",
        f"THREADS={args.threads}",
    ]
    with log_path.open("w") as log:
        server = subprocess.Popen(
            command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
            start_new_session=True,
        )  # fmt: skip
        try:
            deadline = time.monotonic() + 300
            while not _answers(port):
                if server.poll() is not None or time.monotonic() > deadline:
                    raise SystemExit(f"make serve did not start: see {log_path}")
                time.sleep(0.5)
            warm(port, args.workers)
            yield
        finally:
            os.killpg(server.pid, signal.SIGTERM)
            try:
                server.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(server.pid, signal.SIGKILL)
                server.wait()


@contextmanager
def sqlite_database() -> Iterator[str]:
    with tempfile.TemporaryDirectory(prefix="table_load-") as folder:
        yield f"sqlite:///{folder}/bench.sqlite3"


@contextmanager
def postgres_database() -> Iterator[str]:
    """A new database on the server, dropped afterwards."""
    name = f"table_load_{os.getpid()}"
    with psycopg.connect(f"{PG_URL}/postgres", autocommit=True) as admin:
        admin.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
        try:
            yield f"{PG_URL}/{name}"
        finally:
            admin.execute(
                sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(
                    sql.Identifier(name)
                )
            )


def postgres_answers() -> bool:
    try:
        with psycopg.connect(f"{PG_URL}/postgres", connect_timeout=3):
            return True
    except psycopg.Error:
        return False


def percentile(values: list[float], share: float) -> float:
    """Nearest-rank percentile (0 when there is nothing)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[max(math.ceil(len(ordered) * share), 1) - 1]


@dataclass(frozen=True)
class Row:
    backend: str
    requests: int
    errors: int
    stored: int
    lost: int
    duplicated: int
    seconds: float
    latency: dict[str, tuple[float, float]]  # kind: (p50, p95) in ms
    refused: list[tuple[str, int]]  # (kind, status) of the calls that failed


def summary(backend: str, phones: list[Phone], stored: Any, seconds: float) -> Row:
    calls = [call for phone in phones for call in phone.calls]
    expected = set().union(*(phone.expected for phone in phones))
    lines = [tuple(line) for line in stored["lines"]]
    entries = [tuple(entry) for entry in stored["entries"]]
    return Row(
        backend=backend,
        requests=len(calls),
        errors=sum(not call.ok for call in calls),
        stored=len(lines),
        lost=EXPECTED - len(set(lines) & expected),
        duplicated=len(lines) - len(set(lines)) + len(entries) - len(set(entries)),
        seconds=seconds,
        latency={
            kind: (percentile(ms, 0.5), percentile(ms, 0.95))
            for kind in KINDS
            for ms in [[call.ms for call in calls if call.kind == kind]]
        },
        refused=sorted({(c.kind, c.status) for c in calls if not c.ok}),
    )


def run(backend: str, url: str, args: argparse.Namespace) -> Row:
    """The room against `make serve` on a fresh database."""
    env = {**os.environ, "DATABASE_URL": url, "SECRET_KEY": secrets.token_urlsafe(50)}
    port = free_port()
    with serving(backend, env, port, args):
        made = manage(
            env, "new_event", "--name", "Table load", "--tables", str(TABLES),
            "--sections", str(SECTIONS), "--movement", "mitchell",
            "--boards-per-round", str(BOARDS_PER_ROUND),
        )  # fmt: skip
        session = made.strip().splitlines()[-1].split()[-1]
        codes = json.loads(manage(env, "table_codes", session, "--json"))
        phones, seconds = load(port, codes, args.spread)
    counted = manage(env, "shell", "-v", "0", "-c", COUNT_LINES.format(session=session))
    return summary(
        backend, phones, json.loads(counted.strip().splitlines()[-1]), seconds
    )


def table(rows: list[Row], args: argparse.Namespace) -> str:
    head = ["backend", "requests", "errors", "expected", "stored", "lost", "dup", "s"]
    head += [f"{kind} p50/p95 ms" for kind in KINDS]
    body = [
        [str(cell) for cell in (row.backend, row.requests, row.errors, EXPECTED,
                                row.stored, row.lost, row.duplicated)]
        + [f"{row.seconds:.1f}"]
        + [f"{p50:.0f}/{p95:.0f}" for p50, p95 in row.latency.values()]
        for row in rows
    ]  # fmt: skip
    cells = [head, *body]
    widths = [max(len(line[i]) for line in cells) for i in range(len(head))]
    when = "at once" if not args.spread else f"within {args.spread:g} s"
    title = (
        f"{SECTIONS * TABLES} phones {when}, {SECTIONS} sections x {TABLES} tables, "
        f"{BOARDS_PER_ROUND} boards a round; gunicorn {args.workers} workers x "
        f"{args.threads} threads"
    )
    text = [title] + [
        " | ".join(c.rjust(w) for c, w in zip(line, widths, strict=True))
        for line in cells
    ]
    text += [
        f"{r.backend} failed calls (kind, status): {r.refused}"
        for r in rows
        if r.refused
    ]
    return "\n".join(text)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--backend", choices=("sqlite", "postgres"), action="append")
    parser.add_argument("--workers", type=int, default=3)
    parser.add_argument("--threads", type=int, default=4)
    parser.add_argument(
        "--spread", type=float, default=0, help="seconds over which phones start"
    )
    args = parser.parse_args(argv)
    backends = args.backend or ["sqlite", "postgres"]
    rows = []
    if "sqlite" in backends:
        with sqlite_database() as url:
            rows.append(run("sqlite", url, args))
    if "postgres" in backends and postgres_answers():
        with postgres_database() as url:
            rows.append(run("postgresql", url, args))
    elif "postgres" in backends:
        print(f"No PostgreSQL server answers at {PG_URL}: PostgreSQL run skipped.")
    print(table(rows, args))
    if any(row.errors or row.lost or row.duplicated for row in rows):
        raise SystemExit(1)


if __name__ == "__main__":
    main()
