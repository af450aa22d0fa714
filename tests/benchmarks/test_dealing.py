"""The dealing benchmark deals, analyses and writes a set, and prints its times."""

from __future__ import annotations

import json

import pytest

from benchmarks import dealing


def test_it_prints_the_times_of_a_small_set(capsys: pytest.CaptureFixture[str]) -> None:
    figures = dealing.main(["--boards", "2"])
    assert figures["boards"] == 2
    assert figures["deal_wall_s"] > 0 and figures["analysis_wall_s"] >= 0
    assert json.loads(capsys.readouterr().out) == figures
