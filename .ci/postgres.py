"""Does a PostgreSQL server answer for `make test`'s second run?

    python .ci/postgres.py postgres://user@host:5432/name

Exit 0: a server answers on the URL's host and port (run the suite on it).
Otherwise the PostgreSQL-only tests (concurrency, NOTIFY, the pool) cannot run:
a banner on stderr says so, and the exit is 1 under CI (``CI=true``, where a
missing PostgreSQL is a broken build), else 3 (a developer's machine: the
PostgreSQL run is skipped, loudly). Standard library only: it runs before any
install.
"""

from __future__ import annotations

import os
import socket
import sys
from urllib.parse import urlsplit

SKIPPED = 3  # no server, not under CI: make skips the PostgreSQL run
FAILED = 1  # no server under CI
RULE = "!" * 78


def answers(host: str, port: int) -> bool:
    """A server accepts a TCP connection within two seconds."""
    try:
        socket.create_connection((host, port), 2).close()
    except OSError:
        return False
    return True


def under_ci(environ: dict[str, str]) -> bool:
    return environ.get("CI", "").strip().lower() in {"true", "1", "yes"}


def banner(host: str, port: int, ci: bool) -> str:
    verdict = (
        "CI=true: a build without them fails."
        if ci
        else "Start PostgreSQL (or set DATABASE_URL) to run them; CI fails here."
    )
    return "\n".join([
        RULE,
        f"WARNING: no PostgreSQL on {host}:{port} — the PostgreSQL-only tests",
        "(concurrency, NOTIFY, the pool) did NOT run.",
        verdict,
        RULE,
    ])  # fmt: skip


def main(argv: list[str], environ: dict[str, str]) -> int:
    url = urlsplit(argv[1] if len(argv) > 1 else "postgres://127.0.0.1:5432/")
    host, port = url.hostname or "127.0.0.1", url.port or 5432
    if answers(host, port):
        return 0
    ci = under_ci(environ)
    print(banner(host, port, ci), file=sys.stderr)
    return FAILED if ci else SKIPPED


if __name__ == "__main__":
    sys.exit(main(sys.argv, dict(os.environ)))
