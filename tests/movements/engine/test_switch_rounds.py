"""The suggested arrow-switch rounds (movements.md §1.4, individual-and-social §2)."""

from __future__ import annotations

import pytest

from movements.engine import mitchell, suggested_switch_rounds, validate


@pytest.mark.parametrize(
    ("rounds", "switched"),
    [(1, (1,)), (5, (5,)), (7, (7,)), (8, (8,)), (12, (6, 12)), (13, (7, 13)),
     (16, (8, 16)), (20, (8, 14, 20)), (21, (7, 14, 21)), (0, ())],
)  # fmt: skip
def test_about_one_round_in_eight_is_switched_the_last_first(rounds, switched):
    assert suggested_switch_rounds(rounds) == switched


@pytest.mark.parametrize("tables", range(3, 31, 2))
def test_the_suggested_rounds_satisfy_the_validator_s_share(tables):
    movement = mitchell(tables, arrow_switch_rounds=suggested_switch_rounds(tables))
    assert not [p for p in validate(movement) if p.check == 11]
