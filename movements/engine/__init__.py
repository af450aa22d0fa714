"""Movements: pure generators and the validator (movements.md). No Django here."""

from __future__ import annotations

from movements.engine.balance import Balance, balance, comparisons, mpcomp
from movements.engine.changes import pair_arrives, pair_leaves
from movements.engine.checks import Problem, validate
from movements.engine.grid import parse_grid
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
    "circle_base_sets",
    "comparisons",
    "howell",
    "mitchell",
    "mpcomp",
    "pair_arrives",
    "pair_leaves",
    "parse_grid",
    "three_quarter_howell",
    "validate",
]
