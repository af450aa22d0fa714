"""Benchmark: what the background worker costs while no task waits, as under
`make serve` (config/gunicorn_hooks.py starts it beside the server).

    python -m benchmarks.worker_idle [--seconds 20]

Migrates a temporary SQLite file, starts ``manage.py run_tasks`` on it, leaves
it a few seconds to start, then prints the CPU milliseconds it spends polling
the empty queue over ``--seconds`` (read from /proc: Linux only), and that as
a share of one core."""

from __future__ import annotations

import argparse
import os
import secrets
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STARTING = 6  # seconds left to the worker to import Django and start polling


def _cpu_ticks(pid: int) -> int:
    """The process's user and system CPU so far, in clock ticks."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])  # utime, stime


def measure(seconds: float) -> float:
    """The worker's CPU milliseconds over ``seconds`` of an empty queue."""
    with tempfile.TemporaryDirectory(prefix="worker_idle-") as folder:
        env = {
            **os.environ,
            "DATABASE_URL": f"sqlite:///{folder}/idle.sqlite3",
            "DEBUG": "false",
            "SECRET_KEY": secrets.token_urlsafe(50),
        }  # fmt: skip
        manage = [sys.executable, str(ROOT / "manage.py")]
        subprocess.run([*manage, "migrate", "-v0"], env=env, check=True)
        worker = subprocess.Popen(
            [*manage, "run_tasks"], env=env, stdout=subprocess.DEVNULL
        )
        try:
            time.sleep(STARTING)
            before = _cpu_ticks(worker.pid)
            time.sleep(seconds)
            spent = _cpu_ticks(worker.pid) - before
        finally:
            worker.terminate()
            worker.wait()
    return spent * 1000 / os.sysconf("SC_CLK_TCK")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=20)
    args = parser.parse_args(argv)
    spent = measure(args.seconds)
    share = spent / (args.seconds * 1000) * 100
    print(
        f"worker polling an empty queue: {spent:.0f} CPU ms over "
        f"{args.seconds:g} s ({share:.2f} % of a core)"
    )


if __name__ == "__main__":
    main()
