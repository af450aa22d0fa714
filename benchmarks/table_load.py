"""Benchmark: a room of phones sending results at once to the production server,
and room displays following them.

    make bench-tables   (or: python -m benchmarks.table_load
                         [--backend sqlite|postgres] [--sections 8]
                         [--workers 3] [--threads 4] [--displays 8] [--spread 10]
                         [--poll] [--teams 30])

For each database — a temporary SQLite file, then a temporary PostgreSQL database
when a server answers on 127.0.0.1:5432 (BENCH_PG_URL) — it starts `make serve`
(gunicorn, DEBUG off) on a free port, creates an 8 × 15-table Mitchell with two
boards a round (`new_event`), reads the 120 codes (`table_codes --json`) and lets
two phones (threads) at each table at once sign in: North-South's reads the
round and for each board sends the result and sends it again (a retry must give
back the same entry); East-West's then reads the round, finds the result
waiting and confirms it. Each phone signs in once, as its own pair (``seat``),
the session set so that the opponents confirm on their own phone, and follows
its pair for ``ROUNDS`` rounds (``--rounds``; 1: no phone moves, as the
load of f17b46b and before): once the round's boards are accepted both pairs
confirm its scorecard, and East-West's phone goes with its pair to its next
table by the movement (no code typed), reading its round there until the table
has finished the round before. Meanwhile
``--displays`` room displays (by default one a section, as a room hangs them)
wait on the change feed and read the room display page again at each change,
as its script does (benchmarks/table_room.py).

Every request's latency and status is kept; then the database is counted: every
expected traveller line stored once, none lost; and the time from each
confirmation's answer to each display reading a page that shows it. Prints one
table with the CPU seconds of the server, of PostgreSQL's processes and of the
phones themselves (they share the machine); the server's log is in
benchmarks/out/. With ``--poll`` every phone also reads its round every 1.5 s
with its ETag meanwhile, as an open table page does, each from a moment of its
own. With ``--teams N`` the room is a team event's instead: round 1 of a
Swiss of 2N teams, each match an open and a closed room table, and each phone
reads its match's score to the end (benchmarks/table_teams.py).
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import queue
import random
import secrets
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import psycopg
from psycopg import sql

from .table_room import (
    Call,
    Display,
    client_cpu,
    database_cpu,
    displays_start,
    feed_asking,
    free_port,
    get,
    percentile,
    seen_after,
    server_cpu,
)
from .table_teams import MATCH_BOARDS, checked, displays, event_args, title

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "benchmarks" / "out"

SECTIONS, TABLES, BOARDS_PER_ROUND = 8, 15, 2
# Two rounds: every East-West pair's phone follows its pair to its next table.
ROUNDS = 2
MOVE_WAIT = 120  # seconds a phone waits for its round before it gives up
READ_AGAIN = 0.25  # seconds between its reads meanwhile
KINDS = ("signin", "round", "result", "retry", "confirm", "poll", "feed", "display")
POLL = 1.5  # static/table/table.js: an open table page reads its round this often
PG_URL = os.environ.get("BENCH_PG_URL", "postgres://postgres@127.0.0.1:5432")
# Plausible table results: contract, declarer, tricks taken.
RESULTS = (
    ("3NT", "N", 9), ("4S", "S", 10), ("4SX", "E", 8), ("2H", "W", 8),
    ("3NT", "S", 8), ("4H", "N", 11), ("1NT", "E", 7), ("Pass", "", 0),
    ("5DX", "W", 11), ("6NT", "N", 12), ("3C", "E", 9), ("2S", "S", 9),
)  # fmt: skip
COUNT_LINES = """
import json
from django.db.models import Min
from scoring.models import ChangeLog, TableEntry, TravellerLine
lines = TravellerLine.objects.filter(section__session_id={session})
entries = TableEntry.objects.filter(table__section__session_id={session})
first = dict(ChangeLog.objects.filter(line_id__isnull=False)
             .values("line_id").annotate(c=Min("id")).values_list("line_id", "c"))
print(json.dumps({{
    "lines": list(lines.values_list("section__letter", "table", "board__number")),
    "entries": list(entries.values_list("table_id", "client_id")),
    "changes": {{e: first.get(l) for e, l in entries.values_list("id", "line_id")}},
}}))
"""
DISPLAY_PATH = """
from django.urls import reverse
from scoring.live.displays import display_key
from tournaments.models import Session
print(reverse("public:room", args=[display_key(Session.objects.get(pk={session}))]))
"""

Check = Callable[[int, Any], bool]


@dataclass
class Phone:
    """One table's phone: its requests, and the lines it expects stored."""

    port: int
    section: str
    table: int
    rounds: int = ROUNDS  # the rounds its pair plays
    token: str = ""
    calls: list[Call] = field(default_factory=list)
    expected: set[tuple[str, int, int]] = field(default_factory=set)
    confirmed: dict[int, float] = field(default_factory=dict)  # entry: answered
    match_boards: int = 0  # a team table's: the boards of its match
    match: dict[str, Any] | None = None  # the match last shown (team tables)

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


Waiting = queue.Queue[tuple[int, int] | None]  # (board, entry id); None: done


def send_board(phone: Phone, number: int) -> int | None:
    """North-South send a board's result, then the same again (a retry must
    give back the same entry); the entry's id."""
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
        return None
    phone.expected.add((phone.section, phone.table, number))
    phone.send(
        "retry", "/api/table/results", sent, lambda s, d: s == 200 and d == first
    )
    return int(first["id"])


def confirm_board(phone: Phone, number: int, entry: int) -> None:
    """East-West read the round, find the board's result waiting, accept it."""
    state = phone.send("round", "/api/table/round", None, _status(200))
    boards = {b["number"]: b for b in state["boards"]} if state else {}
    waiting = (boards.get(number) or {}).get("entry") or {}
    if waiting.get("id") != entry or waiting.get("status") != "pending":
        phone.calls.append(Call("round", 200, 0, False))  # not shown to EW
        return
    accepted = phone.send(
        "confirm",
        f"/api/table/results/{entry}/confirm",
        {},
        lambda s, d: s == 200 and d.get("status") == "accepted",
    )
    if accepted is not None:
        phone.confirmed[entry] = time.monotonic()


def _signed(phone: Phone, code: str, seat: str) -> bool:
    body = {"code": code, "seat": seat}
    signed = phone.send("signin", "/api/table/signin", body, _status(200))
    if signed is not None:
        phone.token = signed["token"]
    return signed is not None


# The queue of results sent at each table in each round: (section, table, round).
Handing = Callable[[str, int, int], Waiting]


def _handing() -> Handing:
    queues: dict[tuple[str, int, int], Waiting] = {}
    lock = threading.Lock()

    def handed(section: str, table: int, number: int) -> Waiting:
        with lock:
            return queues.setdefault((section, table, number), queue.Queue())

    return handed


def _until(phone: Phone, ready: Callable[[dict[str, Any]], bool]) -> Any:
    """The phone reads its round until ``ready`` (None after ``MOVE_WAIT`` s)."""
    end = time.monotonic() + MOVE_WAIT
    while time.monotonic() < end:
        state = phone.send("round", "/api/table/round", None, _status(200))
        if state is not None and ready(state):
            return state
        time.sleep(READ_AGAIN)
    phone.calls.append(Call("round", 0, 0, False))  # never came
    return None


def _playing(phone: Phone, number: int) -> Any:
    """The round ``number`` at the table where the phone's pair plays it (a
    moving pair's phone follows it there and waits while the table finishes
    the round before)."""

    def ready(state: dict[str, Any]) -> bool:
        mine = state.get("phone") or {}
        return state.get("round") == number and not mine.get("waits")

    return _until(phone, ready)


def _round_confirmed(phone: Phone, number: int) -> None:
    """Once the round's boards are accepted, the pair confirms its scorecard
    (then its phone goes on to its next table)."""
    card = _until(
        phone, lambda state: (state.get("scorecard") or {}).get("round") == number
    )
    if card is not None:
        path = f"/api/table/rounds/{number}/confirm"
        phone.send("confirm", path, {}, _status(200))


def play_ns(phone: Phone, code: str, handed: Handing) -> None:
    """North-South's phone: every board of each round, as fast as it can; then
    its scorecard (a Mitchell's North-South stay at their table)."""
    signed = _signed(phone, code, "NS")
    for number in range(1, phone.rounds + 1):
        to_ew = handed(phone.section, phone.table, number)
        try:
            state = _playing(phone, number) if signed else None
            for board in state["boards"] if state else []:
                entry = send_board(phone, board["number"])
                if entry is not None:
                    to_ew.put((board["number"], entry))
        finally:
            to_ew.put(None)
        if signed:
            _round_confirmed(phone, number)


def play_ew(phone: Phone, code: str, handed: Handing) -> None:
    """East-West's phone: accepts each result North-South send at the table
    where their pair plays the round, confirms the round and moves on."""
    signed = _signed(phone, code, "EW")
    for number in range(1, phone.rounds + 1):
        state = _playing(phone, number) if signed else None
        if state is None:
            return
        from_ns = handed(phone.section, state["table"], number)
        while (sent := from_ns.get()) is not None:
            confirm_board(phone, *sent)
        _round_confirmed(phone, number)


def _match_over(phone: Phone) -> None:
    """A team table's phone, its round confirmed, reads its round until the
    match is complete in both rooms, and keeps the match it was shown."""

    def over(state: dict[str, Any]) -> bool:
        match = state.get("match") or {}
        return match.get("boards_complete") == phone.match_boards

    phone.match = (_until(phone, over) or {}).get("match")


def play(
    pair: tuple[Phone, Phone],
    code: str,
    start: threading.Barrier,
    delay: float,
    handed: Handing,
) -> None:
    """A table's two phones, ``delay`` seconds after the room starts."""
    start.wait()
    time.sleep(delay)
    ew = threading.Thread(target=play_ew, args=(pair[1], code, handed))
    ew.start()
    play_ns(pair[0], code, handed)
    ew.join()
    for phone in pair if pair[0].match_boards else ():
        _match_over(phone)


def polling(phone: Phone, stop: threading.Event, phase: float) -> None:
    """What an open table page does besides: its round every ``POLL`` seconds,
    from ``phase`` seconds on (each page polls from the moment it was opened),
    with the last ETag (a 304 while nothing it shows has changed)."""
    etag = ""
    if stop.wait(phase):
        return
    while not stop.wait(POLL):
        if not phone.token:
            continue
        headers = {"Authorization": f"Bearer {phone.token}"}
        if etag:
            headers["If-None-Match"] = etag
        status, _raw, got, ms = get(phone.port, "/api/table/round", headers)
        phone.calls.append(Call("poll", status, ms, status in (200, 304)))
        etag = got.get("ETag", etag) if status == 200 else etag


def _phone(port: int, code: dict[str, Any], rounds: int, match_boards: int) -> Phone:
    return Phone(
        port, code["section"], code["table"], rounds, match_boards=match_boards
    )


def _pollers(pairs: list[tuple[Phone, Phone]], stop: threading.Event) -> Any:
    """Each phone's polling, started (see ``polling``)."""
    phases = random.Random(1.5)
    pollers = [
        threading.Thread(target=polling, args=(phone, stop, phases.uniform(0, POLL)))
        for pair in pairs for phone in pair
    ]  # fmt: skip
    for poller in pollers:
        poller.start()
    return pollers


def load(
    port: int,
    codes: list[dict[str, Any]],
    spread: float,
    poll: bool = False,
    rounds: int = ROUNDS,
    match_boards: int = 0,
) -> tuple[list[Phone], float]:
    """Two phones at each table, each table starting at a random moment of the
    first ``spread`` seconds (0: all at the same instant), each phone polling
    its round meanwhile when ``poll``; the seconds the whole room took."""
    pairs = [
        (_phone(port, c, rounds, match_boards), _phone(port, c, rounds, match_boards))
        for c in codes
    ]
    stop = threading.Event()
    pollers = _pollers(pairs if poll else [], stop)
    phones, seconds = run_room(pairs, codes, spread)
    stop.set()
    for poller in pollers:
        poller.join()
    return phones, seconds


def run_room(
    pairs: list[tuple[Phone, Phone]], codes: list[dict[str, Any]], spread: float
) -> tuple[list[Phone], float]:
    """Each table's pair of phones playing in its own thread, every table
    starting at a random moment (seeded) of the first ``spread`` seconds; the
    phones and the seconds from the start to the last table done."""
    start = threading.Barrier(len(pairs) + 1)
    delays = random.Random(2026)
    handed = _handing()
    threads = [
        threading.Thread(
            target=play,
            args=(pair, c["code"], start, delays.uniform(0, spread), handed),
        )
        for pair, c in zip(pairs, codes, strict=True)
    ]
    for thread in threads:
        thread.start()
    start.wait()
    began = time.perf_counter()
    for thread in threads:
        thread.join()
    seconds = time.perf_counter() - began
    return [phone for pair in pairs for phone in pair], seconds


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
) -> Iterator[int]:
    """`make serve` on the port until the block ends (then its process group,
    whose id the block is given, is stopped)."""
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
        f"LIVE_WAITS={args.live_waits}",
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
            yield server.pid
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


@dataclass(frozen=True)
class Row:
    backend: str
    expected: int
    requests: int
    errors: int
    stored: int
    lost: int
    duplicated: int
    seconds: float
    latency: dict[str, tuple[float, float]]  # kind: (p50, p95) in ms
    phone_p95: float  # ms, every request of the phones
    seen: tuple[float, float, float]  # confirmation to display: p50, p95, max (s)
    # CPU seconds during the run: the server's, PostgreSQL's processes' (0 on
    # SQLite, which works inside the server) and the phones' (this process)
    cpu: tuple[float, float, float]
    refused: list[tuple[str, int]]  # (kind, status) of the calls that failed
    matches: str = ""  # a team event's: the phones shown their match right


@dataclass(frozen=True)
class Room:
    phones: list[Phone]
    displays: list[Display]
    seconds: float
    cpu: tuple[float, float, float]  # seconds: server, database, client


def summary(backend: str, room: Room, stored: Any, expecting: int) -> Row:
    phoned = [call for phone in room.phones for call in phone.calls]
    calls = phoned + [call for display in room.displays for call in display.calls]
    expected = set().union(*(phone.expected for phone in room.phones))
    lines = [tuple(line) for line in stored["lines"]]
    entries = [tuple(entry) for entry in stored["entries"]]
    confirmed = {e: t for phone in room.phones for e, t in phone.confirmed.items()}
    changes = {int(e): c for e, c in stored["changes"].items() if c}
    seen = seen_after(room.displays, confirmed, changes)
    return Row(
        backend=backend,
        expected=expecting,
        requests=len(calls),
        errors=sum(not call.ok for call in calls),
        stored=len(lines),
        lost=expecting - len(set(lines) & expected),
        duplicated=len(lines) - len(set(lines)) + len(entries) - len(set(entries)),
        seconds=room.seconds,
        latency={
            kind: (percentile(ms, 0.5), percentile(ms, 0.95))
            for kind in KINDS
            for ms in [[call.ms for call in calls if call.kind == kind]]
        },
        phone_p95=percentile([call.ms for call in phoned], 0.95),
        seen=(percentile(seen, 0.5), percentile(seen, 0.95), max(seen, default=0)),
        cpu=room.cpu,
        refused=sorted({(c.kind, c.status) for c in calls if not c.ok}),
    )


def _last_change(port: int, feed: str) -> int:
    status, raw, _headers, _ms = get(port, feed_asking(feed, "after=0&wait=0"))
    return int(json.loads(raw)["change"]) if status == 200 else 0


def cpu_used(group: int) -> tuple[float, float, float]:
    return server_cpu(group), database_cpu(), client_cpu()


def room_run(port: int, group: int, codes: list[Any], path: str, args: Any) -> Room:
    """The phones and the displays at once; the CPU time of the server, the
    database and the phones meanwhile."""
    before = cpu_used(group)
    displays, finish = displays_start(port, path, args.displays)
    boards = MATCH_BOARDS if args.teams else 0
    phones, seconds = load(port, codes, args.spread, args.poll, args.rounds, boards)
    feeds = [d.feed for d in displays if d.feed]
    finish(_last_change(port, feeds[0]) if feeds else 0)
    server, database, client = (
        b - a for a, b in zip(before, cpu_used(group), strict=True)
    )
    return Room(phones, displays, seconds, (server, database, client))


# Each pair on its own phone: East-West confirm on theirs.
OWN_PHONES = (
    "from tournaments.models import Session; "
    "Session.objects.filter(pk={session}).update(table_confirm='own')"
)


def _event(env: dict[str, str], args: argparse.Namespace) -> list[str]:
    """The event's and its session's ids: the Mitchell, or (``--teams``) the
    team event (`new_event` prints "event <id> session <id>" last)."""
    made = manage(env, *event_args(args.teams)) if args.teams else manage(
        env, "new_event", "--name", "Table load", "--tables", str(TABLES),
        "--sections", str(args.sections), "--movement", "mitchell",
        "--boards-per-round", str(BOARDS_PER_ROUND),
    )  # fmt: skip
    return made.strip().splitlines()[-1].split()[1::2]


def _matches_shown(env: dict[str, str], event: str, room: Room, codes: Any) -> str:
    """A team event's: the phones shown their match as `results --json` has it
    (each phone shown anything else keeps a failed "match" call)."""
    results = json.loads(manage(env, "results", event, "--json"))
    right = checked(room.phones, codes, results)
    return f"{right} of {len(room.phones)} phones shown their match as results --json"


def run(backend: str, url: str, args: argparse.Namespace) -> Row:
    """The room against `make serve` on a fresh database."""
    env = {**os.environ, "DATABASE_URL": url, "SECRET_KEY": secrets.token_urlsafe(50)}
    port = free_port()
    with serving(backend, env, port, args) as group:
        event, session = _event(env, args)
        codes = json.loads(manage(env, "table_codes", session, "--json"))
        shell = ("shell", "-v", "0", "-c")
        manage(env, *shell, OWN_PHONES.format(session=session))
        path = manage(env, *shell, DISPLAY_PATH.format(session=session)).strip()
        room = room_run(port, group, codes, path.splitlines()[-1], args)
    counted = manage(env, *shell, COUNT_LINES.format(session=session))
    stored = json.loads(counted.strip().splitlines()[-1])
    if not args.teams:
        expecting = args.sections * TABLES * BOARDS_PER_ROUND * args.rounds
        return summary(backend, room, stored, expecting)
    shown = _matches_shown(env, event, room, codes)
    return replace(
        summary(backend, room, stored, len(codes) * MATCH_BOARDS), matches=shown
    )


def _heading(args: argparse.Namespace) -> str:
    """The table's title: the room played and the server."""
    when = "at once" if not args.spread else f"within {args.spread:g} s"
    played = title(args) if args.teams else (
        f"{args.sections * TABLES} tables {when} ({args.sections} sections x "
        f"{TABLES}), two phones each, {args.rounds} rounds of "
        f"{BOARDS_PER_ROUND} boards (East-West's phones follow their pairs)"
    )  # fmt: skip
    return (
        f"{played}, {args.displays} room "
        f"displays; gunicorn {args.workers} workers x {args.threads} threads "
        f"+ {args.live_waits} for the feed"
        + (f"; every phone polls its round every {POLL:g} s" if args.poll else "")
    )


def table(rows: list[Row], args: argparse.Namespace) -> str:
    head = ["backend", "requests", "errors", "expected", "stored", "lost", "dup", "s"]
    head += [f"{kind} p50/p95 ms" for kind in KINDS]
    head += ["phones p95 ms", "seen p50/p95/max s"]
    head += ["CPU s server/database/phones"]
    body = [
        [str(cell) for cell in (row.backend, row.requests, row.errors, row.expected,
                                row.stored, row.lost, row.duplicated)]
        + [f"{row.seconds:.1f}"]
        + [f"{p50:.0f}/{p95:.0f}" for p50, p95 in row.latency.values()]
        + [f"{row.phone_p95:.0f}", "/".join(f"{s:.2f}" for s in row.seen),
           "/".join(f"{s:.1f}" for s in row.cpu)]
        for row in rows
    ]  # fmt: skip
    cells = [head, *body]
    widths = [max(len(line[i]) for line in cells) for i in range(len(head))]
    text = [_heading(args)] + [
        " | ".join(c.rjust(w) for c, w in zip(line, widths, strict=True))
        for line in cells
    ]
    text += [
        f"{r.backend} failed calls (kind, status): {r.refused}"
        for r in rows
        if r.refused
    ]
    text += [f"{r.backend}: {r.matches}" for r in rows if r.matches]
    return "\n".join(text)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--backend", choices=("sqlite", "postgres"), action="append")
    parser.add_argument("--sections", type=int, default=SECTIONS)
    parser.add_argument("--workers", type=int, default=3)
    parser.add_argument("--threads", type=int, default=4)
    parser.add_argument("--live-waits", type=int, default=20)
    parser.add_argument(
        "--displays", type=int, help="default: one a section (a team event: 15 tables)"
    )
    parser.add_argument(
        "--spread", type=float, default=0, help="seconds over which phones start"
    )
    parser.add_argument(
        "--poll", action="store_true", help=f"phones also poll every {POLL:g} s"
    )
    parser.add_argument(
        "--rounds", type=int, default=ROUNDS, help="rounds each pair plays"
    )
    parser.add_argument(
        "--teams", type=int, default=0, help="matches of a team event (not a Mitchell)"
    )
    args = parser.parse_args(argv)
    if args.teams:
        args.rounds = 1  # round 1 of a Swiss: the phones do not move
    if args.displays is None:
        args.displays = displays(args.teams) if args.teams else args.sections
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
