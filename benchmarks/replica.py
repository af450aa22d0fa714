"""A PostgreSQL primary and its streaming standby, made for a run on this
machine and removed after it: ``initdb`` and ``pg_basebackup -R`` in temporary
directories, each server on a free port of 127.0.0.1, run as the ``postgres``
user when the run is root's (the server refuses root). Used by
``benchmarks.two_nodes --replica``: the nodes' public pages then read a real
standby (``DATABASE_REPLICA_URL``), which refuses every write."""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

from .table_room import free_port

__all__ = ["standby_reads", "streaming_pair"]

BIN = Path(
    subprocess.run(["pg_config", "--bindir"], capture_output=True, text=True,
                   check=False).stdout.strip() or "/usr/lib/postgresql/15/bin"
)  # fmt: skip


def _as_postgres(*command: str) -> None:
    """``command`` as the postgres user when root runs the benchmark."""
    prefix = ["runuser", "-u", "postgres", "--"] if os.getuid() == 0 else []
    done = subprocess.run([*prefix, *command], capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(f"{Path(command[0]).name} failed:\n{done.stdout}{done.stderr}")


def _start(data: Path, port: int) -> None:
    options = f"-p {port} -c listen_addresses=127.0.0.1 -k {data}"
    _as_postgres(str(BIN / "pg_ctl"), "-D", str(data), "-o", options,
                 "-l", str(data / "server.log"), "-w", "start")  # fmt: skip


@contextlib.contextmanager
def streaming_pair() -> Iterator[tuple[str, str]]:
    """The database URLs of a primary and of its standby, streaming."""
    place = Path(tempfile.mkdtemp(prefix="bench-replica-"))
    primary, standby = place / "primary", place / "standby"
    if os.getuid() == 0:
        shutil.chown(place, "postgres")
    ports = free_port(), free_port()
    started: list[Path] = []
    try:
        _as_postgres(str(BIN / "initdb"), "-D", str(primary), "-U", "postgres",
                     "--auth=trust", "-E", "UTF8")  # fmt: skip
        _start(primary, ports[0])
        started.append(primary)
        _as_postgres(str(BIN / "createdb"), "-h", "127.0.0.1", "-p", str(ports[0]),
                     "-U", "postgres", "bench")  # fmt: skip
        _as_postgres(str(BIN / "pg_basebackup"), "-h", "127.0.0.1", "-p",
                     str(ports[0]), "-U", "postgres", "-D", str(standby), "-R",
                     "-X", "stream", "-c", "fast")  # fmt: skip
        _start(standby, ports[1])
        started.append(standby)
        yield _url(ports[0]), _url(ports[1])
    finally:
        for data in reversed(started):
            _as_postgres(str(BIN / "pg_ctl"), "-D", str(data), "-m", "fast", "stop")
        shutil.rmtree(place, ignore_errors=True)


def _url(port: int) -> str:
    return f"postgres://postgres@127.0.0.1:{port}/bench"


def standby_reads(url: str) -> int:
    """Rows the standby's database has returned to queries so far."""
    import psycopg

    with psycopg.connect(url) as connection:
        row = connection.execute(
            "SELECT tup_returned + tup_fetched FROM pg_stat_database"
            " WHERE datname = current_database()"
        ).fetchone()
    return int(row[0]) if row else 0
