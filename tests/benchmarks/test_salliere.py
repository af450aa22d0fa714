"""The side-by-side with Salliere fails on any line whose matchpoints differ
(its comparison, without Java)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from benchmarks import salliere

# Salliere's boards.csv after scoring: board, NS, EW, contract, declarer,
# tricks, score NS, score EW, matchpoints NS, matchpoints EW.
SCORED = "1,1,2,4S,N,10,420,,3,1\n1,3,4,3NT,S,9,400,,1,3\n"


def test_it_reads_salliere_s_ns_matchpoints() -> None:
    assert salliere.salliere_points(SCORED) == {(1, 1): 3, (1, 3): 1}


def test_the_same_numbers_exit_0(capsys: pytest.CaptureFixture[str]) -> None:
    ours = {(1, 1): Fraction(3), (1, 3): Fraction(1)}
    assert salliere.agreement(ours, salliere.salliere_points(SCORED)) == 0
    assert '"differ": 0' in capsys.readouterr().out


def test_one_line_that_differs_exits_1(capsys: pytest.CaptureFixture[str]) -> None:
    ours = {(1, 1): Fraction(5, 2), (1, 3): Fraction(1)}
    assert salliere.compare(ours, salliere.salliere_points(SCORED)) == [(1, 1)]
    assert salliere.agreement(ours, salliere.salliere_points(SCORED)) == 1
    assert '"differ": 1' in capsys.readouterr().out


def test_a_line_only_one_side_scored_differs() -> None:
    ours = {(1, 1): Fraction(3)}
    assert salliere.compare(ours, salliere.salliere_points(SCORED)) == [(1, 3)]


def test_nothing_compared_is_a_failure() -> None:
    assert salliere.agreement({}, {}) == 1


def test_the_command_exits_1_on_a_disagreement(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The whole run, its building and timing stood in for, ends non-zero."""

    def timed(*args: Any) -> tuple[float, float, float]:
        (tmp_path / "salliere-run" / "boards.csv").write_text(SCORED)
        return 1.0, 1.0, 1.0

    stand_ins = {"SALLIERE_JAR": tmp_path, "OUT": tmp_path, "write_csv": timed,
                 "setup_django": lambda: None, "build": lambda *a: 7,
                 "compile_ours": lambda: None, "time_ours": timed,
                 "time_salliere": timed,
                 "our_points": lambda event: {(1, 1): 0, (1, 3): 1}}  # fmt: skip
    for name, value in stand_ins.items():
        monkeypatch.setattr(salliere, name, value)
    with pytest.raises(SystemExit) as exited:
        salliere.main(["--tables", "2", "--boards", "1"])
    assert exited.value.code not in (0, None)
