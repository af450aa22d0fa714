"""Movements: pure generators and the validator (movements.md). No Django here."""

from __future__ import annotations

from movements.engine.balance import (
    Balance,
    balance,
    comparisons,
    mpcomp,
    suggested_switch_rounds,
)
from movements.engine.barometer import barometer, board_copies, is_barometer
from movements.engine.changes import pair_arrives, pair_leaves
from movements.engine.checks import Problem, validate
from movements.engine.grid import parse_grid, parse_rounds
from movements.engine.howell import circle_base_sets, howell, three_quarter_howell
from movements.engine.mitchell import mitchell
from movements.engine.model import (
    Movement,
    MovementError,
    MovementKind,
    Pair,
    Round,
    Seating,
    Share,
    Variant,
)
from movements.engine.web import web_mitchell

__all__ = [
    "Balance",
    "Movement",
    "MovementError",
    "MovementKind",
    "Pair",
    "Problem",
    "Round",
    "Seating",
    "Share",
    "Variant",
    "balance",
    "barometer",
    "board_copies",
    "circle_base_sets",
    "comparisons",
    "howell",
    "is_barometer",
    "mitchell",
    "mpcomp",
    "pair_arrives",
    "pair_leaves",
    "parse_grid",
    "parse_rounds",
    "suggested_switch_rounds",
    "three_quarter_howell",
    "validate",
    "web_mitchell",
]
