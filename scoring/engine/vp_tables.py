"""Discrete VP scales read from data files (scoring.md §13.2, ``vp_scale``).

A scale is a CSV file ``scoring/engine/vp_scales/<key>.csv``::

    # title: ACBL Swiss 20-VP (6–11 boards)
    # total: 20
    boards,margin,vp
    6-8,0,10
    6-8,1,11
    ...

``# name: value`` lines give the scale's ``title`` and ``total`` (the VPs a match
shares out); other ``#`` lines and blank lines are comments. Each row is a step
of a column: the match lengths it covers (``6-8`` or ``12``), the lowest IMP
margin of the step and the winner's VPs from that margin on (the loser has
``total`` minus them). A file is refused, naming its line, unless every column
starts at margin 0 with a draw (total / 2), its margins rise, its VPs never fall
and it ends at ``total``; two columns may not cover the same match length.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from functools import cache
from importlib.resources import files
from typing import Final

__all__ = [
    "StepScale",
    "VpScaleError",
    "VpTable",
    "parse_scale",
    "scale_table",
    "shipped_scales",
]

PACKAGE: Final = "scoring.engine.vp_scales"
HEADER: Final = ["boards", "margin", "vp"]


class VpScaleError(ValueError):
    """A scale file that cannot be used; the message names the file and line."""


@dataclass(frozen=True, slots=True)
class StepScale:
    """A column of a scale: (lowest IMP margin, winner's VP), margins rising."""

    total: Decimal
    boards: range
    steps: tuple[tuple[int, Decimal], ...]

    def winner_vp(self, margin: int) -> Decimal:
        return max(v for low, v in self.steps if low <= margin)


@dataclass(frozen=True, slots=True)
class VpTable:
    key: str
    title: str
    total: Decimal
    columns: tuple[StepScale, ...]

    def column(self, boards: int) -> StepScale | None:
        return next((c for c in self.columns if boards in c.boards), None)


@dataclass
class _Column:
    boards: range
    steps: list[tuple[int, int, Decimal]]  # line, lowest margin, winner's VP

    @property
    def first_line(self) -> int:
        return self.steps[0][0]


def _error(name: str, line: int, message: str) -> VpScaleError:
    return VpScaleError(f"{name} line {line}: {message}")


def _boards(text: str, name: str, line: int) -> range:
    low, _dash, high = text.strip().partition("-")
    try:
        first, last = int(low), int(high or low)
    except ValueError:
        raise _error(name, line, f"boards {text!r} is not N or N-M") from None
    if not 1 <= first <= last:
        raise _error(name, line, f"boards {text!r} is not a range of match lengths")
    return range(first, last + 1)


def _number(text: str, name: str, line: int, what: str) -> Decimal:
    try:
        value = Decimal(text.strip())
    except InvalidOperation:
        raise _error(name, line, f"{what} {text!r} is not a number") from None
    if not value.is_finite() or value < 0:
        raise _error(name, line, f"{what} {text!r} is not a number ≥ 0")
    return value


def _margin(text: str, name: str, line: int) -> int:
    value = _number(text, name, line, "margin")
    if value != value.to_integral_value():
        raise _error(name, line, f"margin {text!r} is not a whole number of IMPs")
    return int(value)


def _rows(text: str, name: str) -> tuple[dict[str, str], list[tuple[int, list[str]]]]:
    """The ``# name: value`` settings and the data rows with their line numbers."""
    settings: dict[str, str] = {}
    rows: list[tuple[int, list[str]]] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        stripped = raw.strip()
        if stripped.startswith("#"):
            key, colon, value = stripped[1:].partition(":")
            if colon and key.strip() in ("title", "total"):
                settings[key.strip()] = value.strip()
        elif stripped:
            rows.append((number, next(csv.reader([stripped]))))
    return settings, rows


def _total(settings: dict[str, str], name: str) -> Decimal:
    if "total" not in settings:
        raise _error(name, 1, "no '# total: N' line (the VPs a match shares out)")
    total = _number(settings["total"], name, 1, "total")
    if total <= 0:
        raise _error(name, 1, "the total must be more than 0")
    return total


def _columns(rows: list[tuple[int, list[str]]], name: str) -> list[_Column]:
    if not rows or [c.strip() for c in rows[0][1]] != HEADER:
        line = rows[0][0] if rows else 1
        raise _error(name, line, f"the header must be {','.join(HEADER)}")
    columns: list[_Column] = []
    for line, cells in rows[1:]:
        if len(cells) != len(HEADER):
            raise _error(name, line, f"{len(cells)} cells, not {len(HEADER)}")
        boards = _boards(cells[0], name, line)
        margin = _margin(cells[1], name, line)
        step = (line, margin, _number(cells[2], name, line, "VP"))
        if columns and columns[-1].boards == boards:
            columns[-1].steps.append(step)
        else:
            columns.append(_Column(boards, [step]))
    if not columns:
        raise _error(name, rows[0][0], "no rows under the header")
    return columns


def _check_column(column: _Column, total: Decimal, name: str) -> None:
    """Starts at margin 0 with a draw, rises, never falls, ends at the total."""
    line, margin, won = column.steps[0]
    if margin != 0 or won * 2 != total:
        raise _error(name, line, f"a column starts at margin 0 with {total / 2} VPs")
    for (_, low, vp), (line, high, next_vp) in zip(
        column.steps, column.steps[1:], strict=False
    ):
        if high <= low:
            raise _error(name, line, f"margin {high} does not rise above {low}")
        if next_vp < vp:
            raise _error(name, line, f"{next_vp} VPs falls below {vp}")
        if next_vp > total:
            raise _error(name, line, f"{next_vp} VPs is more than the total {total}")
    line, _margin_, last = column.steps[-1]
    if last != total:
        raise _error(name, line, f"the column ends at {last} VPs, not at {total}")


def parse_scale(text: str, *, key: str, name: str | None = None) -> VpTable:
    """Read and check a scale file's text; ``name`` is the file named in errors."""
    name = name or f"{key}.csv"
    settings, rows = _rows(text, name)
    total = _total(settings, name)
    columns = _columns(rows, name)
    covered: set[int] = set()
    for column in columns:
        _check_column(column, total, name)
        if covered & set(column.boards):
            raise _error(name, column.first_line, "match lengths covered twice")
        covered |= set(column.boards)
    scales = tuple(
        StepScale(total, c.boards, tuple((m, v) for _, m, v in c.steps))
        for c in columns
    )
    return VpTable(key, settings.get("title") or key, total, scales)


@cache
def shipped_scales() -> dict[str, VpTable]:
    """Every scale file shipped in ``scoring/engine/vp_scales``, by key."""
    found = {}
    for entry in sorted(files(PACKAGE).iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".csv"):
            key = entry.name.removesuffix(".csv")
            found[key] = parse_scale(entry.read_text(encoding="utf-8"), key=key)
    return found


def scale_table(key: str) -> VpTable:
    """The shipped scale named ``key``."""
    try:
        return shipped_scales()[key]
    except KeyError:
        raise ValueError(f"unknown VP scale {key!r}") from None
