"""gunicorn's server hooks for `make serve` (``--config python:config.gunicorn_hooks``):
the master starts the one background worker (``manage.py run_tasks``) and
stops it when it stops itself, whatever stopped it (Ctrl-C, SIGTERM, a failed
start). The worker inherits the server's environment, so it uses the same
database."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

__all__ = ["WORKER", "on_exit", "on_starting"]

# The worker's command line.
WORKER = [sys.executable, str(Path(__file__).resolve().parent.parent / "manage.py"),
          "run_tasks"]  # fmt: skip
# How long the worker may take to finish its task once asked to stop.
STOP_SECONDS = 10

_started: list[subprocess.Popen[bytes]] = []


def on_starting(server: object) -> None:
    """Start the worker beside gunicorn's master."""
    _started.append(subprocess.Popen(WORKER, stdin=subprocess.DEVNULL))  # noqa: S603


def on_exit(server: object) -> None:
    """Stop the worker: asked first, killed if it does not stop in time."""
    while _started:
        worker = _started.pop()
        if worker.poll() is None:
            worker.terminate()
        try:
            worker.wait(STOP_SECONDS)
        except subprocess.TimeoutExpired:
            worker.kill()
            worker.wait()
