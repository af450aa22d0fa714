"""`make test` says loudly when no PostgreSQL answers (its PostgreSQL-only
tests did not run), and fails under CI."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from collections.abc import Iterator

import pytest

from tests.paths import ROOT

BANNER = "the PostgreSQL-only tests"


@pytest.fixture
def silent_port() -> int:
    """A port nothing listens on."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
def listening_port() -> Iterator[int]:
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen()
        yield int(server.getsockname()[1])


def _env(ci: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "CI")}
    return {**env, "CI": ci} if ci else env


def _check(port: int, ci: str) -> subprocess.CompletedProcess[str]:
    url = f"postgres://postgres@127.0.0.1:{port}/bridgescore"
    return subprocess.run(
        [sys.executable, ".ci/postgres.py", url],
        cwd=ROOT, env=_env(ci), capture_output=True, text=True, check=False,
    )  # fmt: skip


def _make(port: int, ci: str) -> subprocess.CompletedProcess[str]:
    """`make test-postgres` itself, its install taken as done."""
    url = f"postgres://postgres@127.0.0.1:{port}/bridgescore"
    command = ["make", "--no-print-directory", "-o", ".venv/.installed",
               "test-postgres", f"PG_URL={url}", f"PY={sys.executable}"]  # fmt: skip
    return subprocess.run(
        command, cwd=ROOT, env=_env(ci), capture_output=True, text=True, check=False
    )


@pytest.mark.parametrize("ci", ["true", "TRUE", "1"])
def test_no_postgresql_under_ci_fails_with_a_banner(silent_port: int, ci: str) -> None:
    checked = _check(silent_port, ci)
    assert checked.returncode == 1
    assert f"WARNING: no PostgreSQL on 127.0.0.1:{silent_port}" in checked.stderr
    assert BANNER in checked.stderr and "did NOT run" in checked.stderr


@pytest.mark.parametrize("ci", ["", "false"])
def test_no_postgresql_elsewhere_is_skipped_with_a_banner(
    silent_port: int, ci: str
) -> None:
    checked = _check(silent_port, ci)
    assert checked.returncode == 3
    assert BANNER in checked.stderr and "did NOT run" in checked.stderr


def test_a_server_that_answers_is_used(listening_port: int) -> None:
    checked = _check(listening_port, "true")
    assert checked.returncode == 0 and checked.stderr == ""


def test_make_test_fails_under_ci_when_no_postgresql_answers(silent_port: int) -> None:
    made = _make(silent_port, "true")
    assert made.returncode != 0
    assert BANNER in made.stderr


def test_make_test_goes_on_elsewhere_saying_so(silent_port: int) -> None:
    made = _make(silent_port, "false")
    assert made.returncode == 0
    assert BANNER in made.stderr
