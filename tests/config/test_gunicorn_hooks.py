"""`make serve`'s gunicorn master starts the one background worker and stops
it when it stops."""

from __future__ import annotations

import shutil
import subprocess
import sys

import pytest

from config import gunicorn_hooks
from tests.paths import ROOT


def test_the_master_starts_the_worker_and_stops_it_with_itself(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    sleeper = [sys.executable, "-c", "import time; time.sleep(60)"]
    monkeypatch.setattr(gunicorn_hooks, "WORKER", sleeper)
    gunicorn_hooks.on_starting(None)
    (worker,) = gunicorn_hooks._started
    assert worker.poll() is None  # running beside the server
    gunicorn_hooks.on_exit(None)
    assert worker.returncode is not None and not gunicorn_hooks._started


def test_the_worker_is_the_queues_command() -> None:
    assert gunicorn_hooks.WORKER[-2:] == [str(ROOT / "manage.py"), "run_tasks"]


@pytest.mark.skipif(shutil.which("make") is None, reason="no make")
def test_make_run_runs_the_worker_beside_the_server_on_the_demos_database() -> None:
    dry = subprocess.run(
        ["make", "-n", "--no-print-directory", "run"],
        cwd=ROOT, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert dry.returncode == 0, dry.stderr
    steps = " ".join(dry.stdout.replace("\\\n", " ").split())
    demo = f"DATABASE_URL=sqlite:///{ROOT}/demo.sqlite3 DEBUG=true"
    assert f"{demo} .venv/bin/python manage.py run_tasks &" in steps
    assert "trap 'kill $worker" in steps
    assert steps.index("run_tasks") < steps.index("runserver")
