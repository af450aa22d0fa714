"""A team event's page (standings, cross-table, matches round by round) and a
match's scorecard (both rooms, IMPs each way)."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET

from scoring.documents.html import html_table
from scoring.reports.lineups_json import match_lineups
from scoring.reports.teams import (
    cross_table,
    match_board_rows,
    round_tables,
    standing_table,
)
from scoring.reports.teams import (
    match_scorecard as scorecard_table,
)
from scoring.standings import event_matches, session_results
from scoring.standings.families import settings_shown
from scoring.standings.teams import team_standings, team_units
from tournaments.access import event_for, match_for
from tournaments.models import Event


def _match_link(pk: object) -> str:
    return reverse("imps:match", args=[pk])


@login_required
@require_GET
def team_event(request: HttpRequest, event_id: int) -> HttpResponse:
    event = event_for(request.user, event_id, scoring__in=Event.TEAM_KINDS)
    matches = event_matches(event)
    session = event.sessions.first()
    rounds = [
        html_table(t, link=("scorecard", _match_link))
        for t in round_tables(event, matches)
    ]
    return render(
        request,
        "scoring/team_event.html",
        {
            "event": event,
            "session": session,
            "section": session.sections.first() if session else None,
            "settings": settings_shown(event),
            "units": team_units(event),
            "standings": team_standings(event, matches),
            "standing_table": html_table(standing_table(event, matches, page=True)),
            "cross_table": html_table(cross_table(event, matches)),
            "rounds": rounds,
            "boards": sorted({n for r in matches for n in r.match.board_numbers}),
            "is_swiss": event.scoring == Event.Scoring.SWISS,
        },
    )


@login_required
@require_GET
def match_scorecard(request: HttpRequest, match_id: int) -> HttpResponse:
    match = match_for(request.user, match_id)
    results = session_results(match.session)
    result = next(r for r in results.matches if r.match.pk == match.pk)
    section = match.session.sections.first()
    link = None
    if section is not None:
        link = ("board", lambda n: reverse("scoring:board_entry", args=[section.pk, n]))
    return render(
        request,
        "scoring/match.html",
        {
            "match": match,
            "event": match.session.event,
            "result": result,
            "units": team_units(match.session.event),
            "rows": match_board_rows(result),
            "table": html_table(scorecard_table(result, page=True), link=link),
            "lineups": match_lineups([result])[match.pk],
        },
    )
