"""The room displays of the table load run: each does what static/table/room.js
does on the room display page (reads its live part, waits on the change feed,
reads the part again when a change comes, asking for that change or a later
one, at most once a second) and notes when it saw
each change. The time from a confirmation to a display seeing it is read from
those notes and the change each confirmation wrote."""

from __future__ import annotations

import http.client
import json
import math
import re
import resource
import socket
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

GAP = 1.0  # room.js: at most one reading a second
FEED = re.compile(r'data-live-feed="([^"]+)" data-change="(\d+)"')


@dataclass(frozen=True)
class Call:
    kind: str
    status: int
    ms: float
    ok: bool


def feed_asking(feed: str, query: str) -> str:
    """The feed's address with ``query``: a room display's feed already has one
    (its key, for an event not yet published)."""
    return f"{feed}{'&' if '?' in feed else '?'}{query}"


def get(port: int, path: str, headers: dict[str, str] | None = None) -> Any:
    """(status, body, headers, ms) of a GET; status 0 when the server did not
    answer."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    start = time.perf_counter()
    try:
        connection.request("GET", path, headers=headers or {})
        response = connection.getresponse()
        status, raw, got = response.status, response.read(), dict(response.headers)
    except (OSError, http.client.HTTPException):
        status, raw, got = 0, b"", {}
    finally:
        connection.close()
    return status, raw, got, (time.perf_counter() - start) * 1000


@dataclass
class Display:
    """A room display: its requests, and (monotonic time, change) it saw."""

    port: int
    path: str
    calls: list[Call] = field(default_factory=list)
    seen: list[tuple[float, int]] = field(default_factory=list)
    feed: str = ""
    etag: str = ""

    def read(self, change: int | None = None) -> int | None:
        """Read the page (a conditional GET, asking for ``change`` or later as
        the feed told); the change it says it shows."""
        headers = {"If-None-Match": self.etag} if self.etag else {}
        told = "" if change is None else f"&change={change}"
        status, raw, got, ms = get(self.port, f"{self.path}?part=live{told}", headers)
        self.calls.append(Call("display", status, ms, status in (200, 304)))
        if status == 304:
            return None
        found = FEED.search(raw.decode(errors="replace")) if status == 200 else None
        if found is None:
            return None
        self.feed, self.etag = found.group(1), got.get("ETag", "")
        return int(found.group(2))

    def follow(self, stop: threading.Event) -> None:
        after = self.read()
        if after is None:
            return
        self.seen.append((time.monotonic(), after))
        while not stop.is_set():
            asked = time.monotonic()
            asking = feed_asking(self.feed, f"after={after}")
            status, raw, _got, ms = get(self.port, asking)
            self.calls.append(Call("feed", status, ms, status in (200, 304)))
            if status == 200:
                told = json.loads(raw)["change"]
                # The copy shows the change told of or a later one.
                after = max(told, self.read(told) or told)
                self.seen.append((time.monotonic(), after))
            elif status != 304:
                time.sleep(3)
            time.sleep(max(GAP - (time.monotonic() - asked), 0))


def displays_start(port: int, path: str, count: int) -> tuple[list[Display], Any]:
    """``count`` displays following the room; call the result to stop them."""
    displays = [Display(port, path) for _ in range(count)]
    stop = threading.Event()
    threads = [threading.Thread(target=d.follow, args=(stop,)) for d in displays]
    for thread in threads:
        thread.start()

    def finish(last: int, patience: float = 30) -> None:
        """Stop once every display has seen change ``last`` (or patience ends)."""
        until = time.monotonic() + patience
        while time.monotonic() < until and any(
            not d.seen or d.seen[-1][1] < last for d in displays
        ):
            time.sleep(0.2)
        stop.set()
        for thread in threads:
            thread.join()

    return displays, finish


def seen_after(
    displays: list[Display], confirmed: dict[int, float], changes: dict[int, int]
) -> list[float]:
    """Seconds from each confirmation (entry id: monotonic time of its answer)
    to each display's first reading showing its change (entry id: change id)."""
    delays = []
    for display in displays:
        for entry, at in confirmed.items():
            change = changes.get(entry)
            first = next((t for t, c in display.seen if change and c >= change), None)
            if first is not None:
                delays.append(max(first - at, 0.0))
    return delays


def _processes() -> Iterator[tuple[str, list[str]]]:
    """(command name, fields after it) of every process's /proc/N/stat."""
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            name, fields = stat.read_text().rsplit(")", 1)
        except OSError:
            continue
        yield name.partition("(")[2], fields.split()


def _cpu(fields: list[str]) -> float:
    return (int(fields[11]) + int(fields[12])) / 100.0  # utime, stime in ticks


def server_cpu(group: int) -> float:
    """CPU seconds used so far by the processes of a process group."""
    return sum(_cpu(f) for _name, f in _processes() if int(f[2]) == group)


def database_cpu() -> float:
    """CPU seconds used so far by the running PostgreSQL processes (on SQLite
    the database works inside the server's processes)."""
    return sum(_cpu(f) for name, f in _processes() if name == "postgres")


def client_cpu() -> float:
    """CPU seconds this benchmark's own process (the phones) has used so far."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def percentile(values: list[float], share: float) -> float:
    """Nearest-rank percentile (0 when there is nothing)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[max(math.ceil(len(ordered) * share), 1) - 1]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])
