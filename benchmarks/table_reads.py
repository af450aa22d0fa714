"""The CPU time of one table's whole exchange, in one process: both phones sign
in, North-South read their round and send each board of it (and a retry),
East-West read the round and accept each result, then both read the round
again. Run against a fresh SQLite file and, when it answers, a fresh PostgreSQL
database (``BENCH_PG_URL``), through Django's test client: no server, no
network, only the code the table's requests run.

    python -m benchmarks.table_reads [--tables 30] [--runs 3] [--queries]
        [--backend sqlite|postgres]

Prints, for each backend, the median CPU milliseconds of a table's exchange
over its tables, for each run (the first table of a run warms the process);
with ``--queries``, the queries each kind of request made instead (median and
most, on SQLite)."""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import secrets
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from typing import Any

from .table_load import PG_URL, RESULTS, postgres_answers, postgres_database

SECTIONS, BOARDS_PER_ROUND = 1, 2


class Phone:
    """One phone's requests through the test client, with its token."""

    # The queries of each kind of request, when counted (``--queries``).
    counted: dict[str, list[int]] | None = None

    def __init__(self, client: Any) -> None:
        self.client, self.token = client, ""

    def call(self, path: str, body: object = None) -> Any:
        if self.counted is None:
            return self._call(path, body)
        from django.db import connection
        from django.test.utils import CaptureQueriesContext

        with CaptureQueriesContext(connection) as queries:
            answer = self._call(path, body)
        self.counted.setdefault(_kind(path, body), []).append(len(queries))
        return answer

    def _call(self, path: str, body: object = None) -> Any:
        headers = {"HTTP_AUTHORIZATION": f"Bearer {self.token}"} if self.token else {}
        if body is None:
            response = self.client.get(path, **headers)
        else:
            response = self.client.post(
                path, json.dumps(body), content_type="application/json", **headers
            )
        assert response.status_code in (200, 201), (path, response.content[:300])
        return response.json()

    def sign_in(self, code: str, seat: str) -> None:
        self.token = self.call("/api/table/signin", {"code": code, "seat": seat})[
            "token"
        ]


_SENT: set[str] = set()


def _kind(path: str, body: object) -> str:
    """The kind of a table-API request (a result sent again: its retry)."""
    kind = path.rstrip("/").split("/")[-1]
    if kind == "results" and isinstance(body, dict):
        kind = "retry" if body["client_id"] in _SENT else "result"
        _SENT.add(body["client_id"])
    return kind


def exchange(client: Any, code: dict[str, Any]) -> None:
    """A table's two phones through their first round."""
    ns, ew = Phone(client), Phone(client)
    ns.sign_in(code["code"], "NS")
    ew.sign_in(code["code"], "EW")
    for board in ns.call("/api/table/round")["boards"]:
        number = board["number"]
        contract, declarer, tricks = RESULTS[
            (code["table"] * 7 + number) % len(RESULTS)
        ]
        sent = {
            "board": number, "contract": contract, "declarer": declarer,
            "tricks": tricks, "lead": "" if contract == "Pass" else "SK",
            "client_id": f"{code['table']}-{number}-{secrets.token_hex(4)}",
        }  # fmt: skip
        entry = ns.call("/api/table/results", sent)["id"]
        assert ns.call("/api/table/results", sent)["id"] == entry  # the retry
        ew.call("/api/table/round")
        ew.call(f"/api/table/results/{entry}/confirm", {})
    ns.call("/api/table/round")
    ew.call("/api/table/round")


def _room(tables: int) -> list[dict[str, Any]]:
    from io import StringIO

    from django.core.management import call_command

    from tournaments.models import Session

    call_command("migrate", verbosity=0)
    made = StringIO()
    call_command(
        "new_event", "--name", "Table reads", "--tables", str(tables),
        "--sections", str(SECTIONS), "--movement", "mitchell",
        "--boards-per-round", str(BOARDS_PER_ROUND), stdout=made,
    )  # fmt: skip
    session = int(made.getvalue().strip().splitlines()[-1].split()[-1])
    Session.objects.filter(pk=session).update(table_confirm="own")
    codes = StringIO()
    call_command("table_codes", str(session), "--json", stdout=codes)
    found: list[dict[str, Any]] = json.loads(codes.getvalue())
    return found


def measure(tables: int) -> list[float]:
    """The CPU milliseconds of each table's exchange (in this process)."""
    from django.test import Client

    client = Client(HTTP_HOST="localhost")
    spent = []
    for code in _room(tables):
        start = time.process_time()
        exchange(client, code)
        spent.append((time.process_time() - start) * 1000)
    return spent


@contextlib.contextmanager
def sqlite_database() -> Iterator[str]:
    with tempfile.TemporaryDirectory(prefix="table_reads-") as folder:
        yield f"sqlite:///{folder}/bench.sqlite3"


def one_run(url: str, tables: int) -> float:
    """A run in a fresh process (settings read the database from the
    environment once): the median table, the first one left out."""
    import subprocess

    env = {
        **os.environ,
        "DATABASE_URL": url,
        "DEBUG": "false",
        "SECRET_KEY": secrets.token_urlsafe(50),
    }  # fmt: skip  (as make serve: no query log)
    env.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    command = [sys.executable, "-m", "benchmarks.table_reads", "--child", str(tables)]
    out = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
    spent = json.loads(out.stdout.strip().splitlines()[-1])
    return float(statistics.median(spent[1:]))


def child(tables: int) -> None:
    import django

    django.setup()
    print(json.dumps(measure(tables)))


def queries(tables: int) -> None:
    """The queries of each kind of request over the room's exchanges."""
    with sqlite_database() as url:
        os.environ.update(DATABASE_URL=url, DEBUG="false")
        os.environ.setdefault("SECRET_KEY", secrets.token_urlsafe(50))
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
        import django

        django.setup()
        Phone.counted = {}
        measure(tables)
        for kind, counts in sorted(Phone.counted.items()):
            print(f"{kind}: {statistics.median(counts):g} queries, {max(counts)} most")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=30)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--queries", action="store_true", help="count queries")
    parser.add_argument("--backend", choices=("sqlite", "postgres"), help="one only")
    parser.add_argument("--child", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        return child(args.child)
    if args.queries:
        return queries(args.tables)
    backends = [] if args.backend == "postgres" else [("SQLite", sqlite_database)]
    if args.backend != "sqlite" and postgres_answers():
        backends.append(("PostgreSQL", postgres_database))
    elif args.backend != "sqlite":
        print(f"PostgreSQL does not answer at {PG_URL}", file=sys.stderr)
    for name, database in backends:
        runs = []
        for _run in range(args.runs):
            with database() as url:
                runs.append(one_run(url, args.tables))
        shown = ", ".join(f"{ms:.1f}" for ms in runs)
        print(f"{name}: CPU of one table's exchange, median ms per run: {shown}")


if __name__ == "__main__":
    main()
