"""Rankings, read-only travellers and scorecards of pairs events, in
matchpoints or IMPs: one page each, labelled by the event's family."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from scoring.documents.html import html_table
from scoring.engine.boards import vulnerability
from scoring.engine.policy import DatumSource
from scoring.reports.layout import scorecard_table, traveller_table
from scoring.reports.rows import scorecard_rows, traveller_rows
from scoring.reports.web import object_link, ranking_html
from scoring.standings import session_results
from scoring.standings.families import settings_shown
from tournaments.access import pair_for, session_for


@login_required
@require_GET
def ranking(request: HttpRequest, session_id: int) -> HttpResponse:
    session = session_for(request.user, session_id)
    results = session_results(session)
    if results.family.teams:
        return redirect("imps:team_event", session.event_id)
    groups = ranking_html(request, results, object_link("scoring:scorecard"))
    return render(
        request,
        "scoring/ranking.html",
        {
            "session": session,
            "event": session.event,
            "groups": groups,
            "results": results,
            "settings": settings_shown(session.event),
            "boards": sorted({b.number for b in results.boards}),
        },
    )


@login_required
@require_GET
def traveller(request: HttpRequest, session_id: int, board: int) -> HttpResponse:
    session = session_for(request.user, session_id)
    results = session_results(session)
    pools = [
        (b, traveller_rows(b, results), html_table(traveller_table(b, results)))
        for b in results.boards
        if b.number == board
    ]
    return render(
        request,
        "scoring/traveller.html",
        {
            "session": session,
            "event": session.event,
            "board": board,
            "vulnerability": vulnerability(board),
            "datum_label": _("Par")
            if results.policy.datum_source is DatumSource.PAR
            else _("Datum"),
            "pools": pools,
            "numbers": sorted({b.number for b in results.boards}),
            "stored": session.boards.filter(number=board).first(),
        },
    )


@login_required
@require_GET
def scorecard(request: HttpRequest, pair_id: int) -> HttpResponse:
    pair = pair_for(request.user, pair_id)
    session = pair.section.session
    results = session_results(session)
    table = html_table(
        scorecard_table(pair, results, page=True), request=request, orderable=True
    )
    return render(
        request,
        "scoring/scorecard.html",
        {
            "pair": pair,
            "event": session.event,
            "session": session,
            "results": results,
            "standing": results.standing_of(pair),
            "rows": scorecard_rows(pair.pk, results),
            "table": table,
        },
    )
