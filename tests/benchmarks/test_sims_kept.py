"""What one result costs the overall (``benchmarks.sims_kept``) at a small
size, run as a reader runs it: a child process on a SQLite file of its own,
kept with ``--database`` so that the next run measures the same field."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from benchmarks import sims_kept


def test_a_small_field_is_measured_for_both_audiences(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    field = tmp_path / "field.sqlite3"
    small = ["--clubs", "3", "--tables", "2", "--boards", "4", "--runs", "2"]
    sims_kept.main([*small, "--database", str(field)])
    first = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert first["field"] == "3 clubs x 2 tables x 4 boards"
    for audience in ("directors", "public"):
        figures = first[audience]
        assert len(figures["kept_cpu_runs"]) == len(figures["render_cpu_runs"]) == 2
        assert figures["kept_cpu_s"] > 0 and figures["render_s"] > 0
    sims_kept.main([*small, "--database", str(field)])  # the same field, kept
    again = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert again["event"] == first["event"]
