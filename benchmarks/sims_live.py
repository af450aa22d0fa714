"""Election night on the benchmark's simultaneous (``benchmarks.simultaneous
--live``): ``make serve`` on the built field, to which ``--live-heats`` more
clubs' heats are added through the set-up (12-table Mitchells, their movements
and table codes) with every round but the first already in. Their phones play
round 1, the tables starting over the run so that results arrive at about
``--rate`` a second; each result accepted completes its board in its heat, so
the board enters the public overall at once. Meanwhile ``--pollers`` viewers
read the overall page's live part with its ETag every ``--poll`` seconds (asking
for a copy showing the last change they have, as the page's script does), and
a watcher follows the change feed and reads the part at each change, as the
page does: the time from each acceptance to the watcher seeing the board's
count across the field grow is the figure."""

from __future__ import annotations

import argparse
import http.client
import json
import multiprocessing
import os
import random
import re
import secrets
import subprocess
import sys
import threading
import time
from collections import defaultdict
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .table_room import Call, percentile, server_cpu

if TYPE_CHECKING:
    from .table_load import Phone

# benchmarks.table_load (psycopg) is imported where it is used: the test of this
# module runs where PostgreSQL's driver is kept out.
ROOT = Path(__file__).resolve().parent.parent

BOARD = re.compile(
    r"<caption>Board (\d+) · Frequencies across the field</caption>(.*?)</table>",
    re.S,
)
COUNT = re.compile(r'<tr><td class="num">[^<]*</td><td class="num">(\d+)</td>')
CHANGE = re.compile(r'data-change="(\d+)"')
Seen = list[tuple[float, dict[int, int]]]  # (when, each board's count)


def prepare(event_id: int, heats: int, tables: int) -> dict[str, Any]:
    """The live heats added (Django set up): their tables' codes, each with
    its heat's club, and the tables that play a board in a heat."""
    from io import StringIO

    from django.core.management import call_command

    from movements.selectors import tables_per_board
    from tournaments.models import Session, Simultaneous
    from tournaments.setup.simultaneous import heat_add

    simultaneous = Simultaneous.objects.get(event_id=event_id)
    codes, per_board = [], set()
    for n in range(1, heats + 1):
        club = f"Live club {n:02}"
        session = heat_add(simultaneous=simultaneous, club=club, tables=tables)
        Session.objects.filter(pk=session.pk).update(table_confirm="own")
        _later_rounds(session)
        out = StringIO()
        call_command("table_codes", str(session.pk), "--json", stdout=out)
        codes += [dict(c, club=club) for c in json.loads(out.getvalue())]
        per_board |= set(tables_per_board(session).values())
    assert len(per_board) == 1, per_board  # every board at as many tables
    return {"codes": codes, "per_board": per_board.pop()}


def _later_rounds(session: Any) -> None:
    """Every seating's boards of round 2 on entered (bulk), as if played."""
    from movements.models import Seating
    from scoring.models import TravellerLine

    from .run import RESULTS, _played

    boards = {b.number: b for b in session.boards.all()}
    rng = random.Random(session.pk)
    lines = [
        _played(
            TravellerLine(section=seat.section, board=boards[number], round=seat.round,
                          table=seat.table, ns_pair=seat.ns_pair, ew_pair=seat.ew_pair),
            number, rng.choice(RESULTS),
        )
        for seat in Seating.objects.filter(section__session=session, round__gte=2)
        .select_related("section", "ns_pair", "ew_pair")
        if seat.ns_pair and seat.ew_pair
        for number in seat.boards
    ]  # fmt: skip
    TravellerLine.objects.bulk_create(lines)


def child(event_id: int, heats: int, tables: int) -> None:
    import django

    django.setup()
    print(json.dumps(prepare(event_id, heats, tables)))


def get(port: int, path: str, etag: str = "") -> tuple[int, str, bytes, float]:
    """Status, ETag, body and milliseconds of a GET (status 0: no answer)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    headers = {"Accept-Language": "en"} | ({"If-None-Match": etag} if etag else {})
    start = time.perf_counter()
    try:
        connection.request("GET", path, headers=headers)
        response = connection.getresponse()
        status, tag, body = (
            response.status,
            response.getheader("ETag", ""),
            response.read(),
        )
    except (OSError, http.client.HTTPException):
        status, tag, body = 0, "", b""
    finally:
        connection.close()
    return status, tag or etag, body, (time.perf_counter() - start) * 1000


def board_counts(html: str) -> dict[int, int]:
    """Each board's results across the field, as the live part shows them."""
    return {
        int(number): sum(int(n) for n in COUNT.findall(body))
        for number, body in BOARD.findall(html)
    }


class Viewers:
    """The overall page's viewers: the pollers' reads and the watcher's
    sightings of each board's count across the field."""

    def __init__(self, port: int, event_id: int) -> None:
        self.port = port
        # as the page's script asks: its language named (a proxy may keep it)
        self.path = f"/results/events/{event_id}/overall/?part=live&lang=en"
        self.feed = f"/results/events/{event_id}/changes"
        self.stop: Any = threading.Event()  # a process's pollers: theirs
        self.calls: list[Call] = []
        self.seen: Seen = []

    def poll(self, every: float, phase: float) -> None:
        """A page read every ``every`` seconds with its ETag, asking for a copy
        showing the last change it has shown (as the page's script asks)."""
        etag, change = "", 0
        self.stop.wait(phase)
        while not self.stop.is_set():
            asked = f"{self.path}&change={change}" if change else self.path
            status, etag, body, ms = get(self.port, asked, etag)
            change = max(change, _change(body))
            self.calls.append(Call("poll", status, ms, status in (200, 304)))
            self.stop.wait(every)

    def watch(self) -> None:
        """A page following the change feed (``room.js``): each change told,
        the live part asked for showing it; each board's count as seen."""
        after = 0
        while not self.stop.is_set():
            status, _tag, body, ms = get(self.port, f"{self.feed}?after={after}&wait=5")
            self.calls.append(Call("feed", status, ms, status in (200, 304)))
            if status != 200:
                continue
            after = max(after, int(json.loads(body)["change"]))
            status, _tag, body, ms = get(self.port, f"{self.path}&change={after}")
            self.calls.append(Call("watch", status, ms, status == 200))
            if status == 200:
                self.seen.append((time.monotonic(), board_counts(body.decode())))
                after = max(after, _change(body))


class Pollers:
    """The pollers, ``PER_PROCESS`` threads to a process of their own: a
    thousand threads in the measuring process would keep its interpreter lock
    from the watcher and the phones, whose times are the figures."""

    PER_PROCESS = 250

    def __init__(self, port: int, event_id: int, every: float, phases: list[float]):
        spawn = multiprocessing.get_context("spawn")
        self.stop, self.out = spawn.Event(), spawn.Queue()
        cut = range(0, len(phases), self.PER_PROCESS)
        self.processes = [
            spawn.Process(target=_polling, args=(port, event_id, every,
                          phases[i : i + self.PER_PROCESS], self.stop, self.out))
            for i in cut
        ]  # fmt: skip
        for process in self.processes:
            process.start()

    def stopped(self) -> list[Call]:
        """Every poller's reads, once all have stopped."""
        self.stop.set()
        calls = [call for _ in self.processes for call in self.out.get()]
        for process in self.processes:
            process.join()
        return calls


def _polling(
    port: int, event_id: int, every: float, phases: list[float], stop: Any, out: Any
) -> None:
    """A process's pollers until ``stop``; their reads put on ``out``."""
    viewers = Viewers(port, event_id)
    viewers.stop = stop
    threads = [
        threading.Thread(target=viewers.poll, args=(every, phase)) for phase in phases
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    out.put(viewers.calls)


def _grown(seen: Seen, base: dict[int, int]) -> dict[int, int]:
    """Each board's results in the last copy seen beyond those at the start."""
    last = seen[-1][1] if seen else {}
    return {n: last[n] - base.get(n, 0) for n in sorted(last)}


def _change(body: bytes) -> int:
    found = CHANGE.search(body.decode())
    return int(found[1]) if found else 0


def play_table(port: int, code: dict[str, Any], delay: float) -> tuple[Phone, Phone]:
    """North-South send round 1's boards, East-West accept each at once."""
    from .table_load import Phone, _signed, confirm_board, send_board

    ns = Phone(port, code["section"], code["table"], rounds=1)
    ew = Phone(port, code["section"], code["table"], rounds=1)
    time.sleep(delay)
    if _signed(ns, code["code"], "NS") and _signed(ew, code["code"], "EW"):
        state = ns.send("round", "/api/table/round", None, lambda s, d: s == 200)
        for board in state["boards"] if state else []:
            entry = send_board(ns, board["number"])
            if entry is not None:
                confirm_board(ew, board["number"], entry)
                ew.expected.add((code["club"], board["number"], entry))
    return ns, ew


def latencies(
    accepted: list[tuple[int, float]], seen: Seen, base: dict[int, int], tables: int
) -> tuple[list[float], int]:
    """Seconds from each acceptance (board number, when) to the watcher's
    first sighting of its board grown by one more heat's ``tables`` results
    (the tables that play a board in a heat; the k-th acceptance of a board:
    k heats more); and how many were never seen."""
    by_board: dict[int, list[float]] = defaultdict(list)
    for number, at in accepted:
        by_board[number].append(at)
    found, missed = [], 0
    for number, times in by_board.items():
        for k, at in enumerate(sorted(times), start=1):
            want = base.get(number, 0) + k * tables
            when = next((t for t, c in seen if c.get(number, 0) >= want), None)
            if when is None:
                missed += 1
            else:
                found.append(max(0.0, when - at))
    return found, missed


def live_run(name: str, url: str, args: argparse.Namespace) -> dict[str, Any]:
    from .table_load import free_port
    from .table_load import serving as make_serve

    env = {**os.environ, "DATABASE_URL": url, "DEBUG": "false",
           "SECRET_KEY": secrets.token_urlsafe(50)}  # fmt: skip
    env.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    command = [sys.executable, "-m", "benchmarks.sims_live", str(args.event),
               str(args.live_heats), str(args.live_tables)]  # fmt: skip
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(f"the live heats were not added:\n{done.stderr[-3000:]}")
    made = json.loads(done.stdout.strip().splitlines()[-1])
    codes, args.per_board = made["codes"], made["per_board"]
    port = free_port()
    serve = argparse.Namespace(
        workers=args.workers, threads=args.threads, live_waits=20
    )
    with make_serve(f"sims-{name}", env, port, serve) as group:
        if not args.proxy:
            return _room(port, group, codes, args)
        from .sims_proxy import nginx_proxy

        with nginx_proxy([port]) as proxy:  # phones and viewers through it
            found = _room(proxy.port, group, codes, args)
            return {**found, "proxy_live_parts": dict(proxy.statuses())}


def _room(
    port: int, group: int, codes: list[Any], args: argparse.Namespace
) -> dict[str, Any]:
    viewers = Viewers(port, args.event)
    _status, _tag, body, first_ms = get(port, viewers.path)
    base = board_counts(body.decode())
    spread = max(1.0, 2 * len(codes) / args.rate)
    rng = random.Random(2032)
    phases = [rng.uniform(0, args.poll) for _ in range(args.pollers)]
    threads = [threading.Thread(target=viewers.watch)]
    cpu_before = server_cpu(group)
    pollers = Pollers(port, args.event, args.poll, phases)
    for thread in threads:
        thread.start()
    tables: list[tuple[Phone, Phone]] = []
    players = [
        threading.Thread(target=lambda c=c, d=d: tables.append(play_table(port, c, d)))
        for c, d in ((c, rng.uniform(0, spread)) for c in codes)
    ]  # fmt: skip
    began = time.monotonic()
    for player in players:
        player.start()
    for player in players:
        player.join()
    played = time.monotonic() - began
    time.sleep(args.settle)
    viewers.stop.set()
    for thread in threads:
        thread.join()
    viewers.calls += pollers.stopped()
    phones = [p for pair in tables for p in pair]
    accepted = [
        (number, phone.confirmed[entry])
        for phone in phones
        for _club, number, entry in phone.expected
        if entry in phone.confirmed
    ]
    found, missed = latencies(accepted, viewers.seen, base, args.per_board)
    phone_ms = [c.ms for p in phones for c in p.calls]
    polls = [c for c in viewers.calls if c.kind == "poll"]
    poll_ms = [c.ms for c in polls]
    watch_ms = [c.ms for c in viewers.calls if c.kind == "watch"]
    return {
        "live": f"{len(codes)} tables of {args.live_heats} heats, round 1",
        "results_accepted": sum(len(p.confirmed) for p in phones),
        "rate_per_s": round(sum(len(p.confirmed) for p in phones) / played, 1),
        "first_overall_page_ms": round(first_ms),
        "accepted_to_overall_s": {
            "median": round(percentile(found, 0.5), 2) if found else None,
            "p95": round(percentile(found, 0.95), 2) if found else None,
            "most": round(max(found), 2) if found else None,
            "never_seen": missed,
            "boards_grown_at_last": _grown(viewers.seen, base),
        },
        # the watcher's reads of the live part each change brought (the
        # rendering's share of the seconds above)
        "watcher_reads": {"reads": len(watch_ms),
                          "p50_ms": round(percentile(watch_ms, 0.5)),
                          "p95_ms": round(percentile(watch_ms, 0.95))},
        "phones": {"requests": len(phone_ms),
                   "p95_ms": round(percentile(phone_ms, 0.95)),
                   "errors": sum(not c.ok for p in phones for c in p.calls)},
        "pollers": {"viewers": args.pollers, "every_s": args.poll,
                    "reads": len(polls), "304": sum(c.status == 304 for c in polls),
                    "p95_ms": round(percentile(poll_ms, 0.95)),
                    "errors": sum(not c.ok for c in polls)},
        "server_cpu_s": round(server_cpu(group) - cpu_before, 1),
    }  # fmt: skip


if __name__ == "__main__":
    child(*(int(x) for x in sys.argv[1:4]))
