"""Reports as web tables: the rankings of a session, sortable, each pair linked
to its scorecard (the director's or the public one); the ETag of a results page."""

from __future__ import annotations

from collections.abc import Callable

import django_tables2 as tables
from django.http import HttpRequest
from django.urls import reverse
from django.utils.translation import get_language

from scoring.documents.html import html_table
from scoring.live.results_cache import results_version, version_tag
from scoring.standings import SessionResults
from tournaments.models import Session

from .layout import ranking_fields
from .rows import RankingRow

__all__ = ["object_link", "ranking_html", "results_etag"]

_ANY = 987654321  # a key no row has, replaced by each row's key


def object_link(name: str) -> Callable[[object], str]:
    """The address of the URL ``name`` for any object key, reversed once: a
    ranking links thousands of pairs."""
    head, _any, tail = reverse(name, args=[_ANY]).partition(str(_ANY))
    return lambda key: f"{head}{key}{tail}"


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


def results_etag(
    request: HttpRequest, session: Session | None, path: str = ""
) -> str | None:
    """The ETag of a page of the session's results: its results' version, what
    the public may see (release, round), the language and the address. A page
    polled every few seconds then costs one query and a 304 until a result
    changes."""
    if session is None:
        return None
    shown = (session.released, session.round_called, session.table_shows)
    return version_tag(
        (
            results_version(session),
            shown,
            get_language(),
            path or request.get_full_path(),
        )
    )
