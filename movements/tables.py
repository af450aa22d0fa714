"""django-tables2 tables of a schedule: the results still missing, the grid."""

from __future__ import annotations

from typing import Any

import django_tables2 as tables
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from .selectors import Expected, GridRow

__all__ = ["MissingTable", "grid_table"]


def _entry(record: Expected) -> str:
    seating = record.seating
    url = reverse("scoring:board_entry", args=[seating.section_id, record.board])
    return f"{url}?round={seating.round}&table={seating.table}"


class MissingTable(tables.Table):
    """A round's missing results, each board linked to its prefilled traveller."""

    table = tables.Column(verbose_name=_("Table"), accessor="seating__table")
    board = tables.Column(
        verbose_name=_("Board"), linkify=lambda record: _entry(record)
    )
    ns = tables.Column(verbose_name=_("NS"))
    ew = tables.Column(verbose_name=_("EW"))

    class Meta:
        orderable = False
        attrs = {"class": "results"}


def grid_table(tables_seen: list[int], grid: list[GridRow]) -> tables.Table:
    """Rounds down, tables across: who sits where with which boards."""
    columns: dict[str, Any] = {"round": tables.Column(verbose_name=_("Round"))}
    for index, number in enumerate(tables_seen):
        columns[f"t{index}"] = tables.Column(
            verbose_name=_("Table %(table)s") % {"table": number}
        )
    rows = [
        {"round": row.round, **{f"t{i}": cell for i, cell in enumerate(row.cells)}}
        for row in grid
    ]
    grid_class = type("GridTable", (tables.Table,), columns)
    # On a phone the grid scrolls by itself (site.css): the keyboard must reach it.
    attrs = {"class": "results grid", "tabindex": "0"}
    return grid_class(rows, orderable=False, attrs=attrs)
