"""A player's personal page after the session (``scoring.reports.personal``):
by the signed link of the pair's table card, or by member number."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from scoring.documents.html import html_table
from scoring.documents.text import deal_words
from scoring.reports.layout import scorecard_table
from scoring.reports.personal import (
    pair_of_key,
    personal_boards,
    personal_results,
    player_of_member,
)
from tournaments.models import Pair, Session

from .views import _session_context


def _page(request: HttpRequest, pair: Pair, player: str = "") -> HttpResponse:
    session = pair.section.session
    results = personal_results(session)
    context = {"event": session.event, "pair": pair, "player": player}
    if results is None:  # the crumbs would lead to unpublished pages
        return render(request, "public/personal.html", {**context, "waiting": True})
    if results.family.teams:  # a personal page is a pair's
        raise Http404
    context = {**_session_context(session, results), **context}
    context.update(
        standing=results.standing_of(pair),
        table=html_table(scorecard_table(pair, results, page=True)),
        played_boards=[
            (deal_words(b.deal), html_table(b.mine), html_table(b.field))
            for b in personal_boards(pair, results)
        ],
    )
    return render(request, "public/personal.html", context)


@require_GET
def personal(request: HttpRequest, key: str) -> HttpResponse:
    """The pair's page by the signed link of its table card."""
    pair = pair_of_key(key)
    if pair is None:
        raise Http404
    return _page(request, pair)


@require_GET
def member(request: HttpRequest, session_id: int, number: str) -> HttpResponse:
    """A player's page by member number, in a published event."""
    session = get_object_or_404(Session, pk=session_id, event__published=True)
    player = player_of_member(session, number)
    if player is None:
        raise Http404
    return _page(request, player.pair, player.name)
