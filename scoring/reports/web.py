"""Reports as web tables: the rankings of a session, sortable, each pair linked
to its scorecard (the director's or the public one)."""

from __future__ import annotations

from collections.abc import Callable

import django_tables2 as tables
from django.http import HttpRequest

from scoring.documents.html import html_table
from scoring.standings import SessionResults

from .layout import ranking_fields
from .rows import RankingRow

__all__ = ["ranking_html"]


def ranking_html(
    request: HttpRequest,
    results: SessionResults,
    scorecard: Callable[[object], str] | None,
) -> list[tuple[str, list[RankingRow], tables.Table]]:
    """Each field's title ('' for one field), rows and sortable table; labels
    link to ``scorecard`` when given."""
    return [
        (
            title,
            rows,
            html_table(
                table,
                request=request,
                link=("label", scorecard) if scorecard else None,
                orderable=True,
                prefix=f"g{index}-",
            ),
        )
        for index, (title, rows, table) in enumerate(ranking_fields(results))
    ]
