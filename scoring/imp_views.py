"""Pages of IMP events: Butler and cross-IMP pairs (ranking, traveller with the
datum, scorecard in IMPs) and team events (VP standings, cross-table, matches,
match scorecard, round-robin schedule and the Swiss "draw next round" button)."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from scoring.engine.boards import vulnerability
from tournaments.models import Event, Match, Pair, Session

from . import imp_reports, team_services
from .selectors import session_results
from .team_forms import TeamEventForm
from .teams import cross_table, event_matches, session_matches, standings


@login_required
@require_GET
def imp_ranking(request: HttpRequest, session_id: int) -> HttpResponse:
    session = get_object_or_404(Session.objects.select_related("event"), pk=session_id)
    if session.event.is_teams:
        return redirect("imps:team_event", session.event_id)
    results = session_results(session)
    return render(
        request,
        "scoring/imps/ranking.html",
        {
            "session": session,
            "event": session.event,
            "groups": imp_reports.imp_ranking_groups(results),
            "boards": results.boards,
        },
    )


@login_required
@require_GET
def imp_traveller(request: HttpRequest, session_id: int, board: int) -> HttpResponse:
    session = get_object_or_404(Session.objects.select_related("event"), pk=session_id)
    results = session_results(session)
    boards = [b for b in results.boards if b.number == board]
    return render(
        request,
        "scoring/imps/traveller.html",
        {
            "session": session,
            "event": session.event,
            "board": board,
            "vulnerability": vulnerability(board),
            "pools": [(b, imp_reports.imp_traveller_rows(b, results)) for b in boards],
            "numbers": sorted({b.number for b in results.boards}),
        },
    )


@login_required
@require_GET
def imp_scorecard(request: HttpRequest, pair_id: int) -> HttpResponse:
    pair = get_object_or_404(
        Pair.objects.select_related("section__session__event"), pk=pair_id
    )
    results = session_results(pair.section.session)
    return render(
        request,
        "scoring/imps/scorecard.html",
        {
            "pair": pair,
            "event": pair.section.session.event,
            "session": pair.section.session,
            "standing": next(
                (s for s in results.standings if s.pair.pk == pair.pk), None
            ),
            "rows": imp_reports.imp_scorecard_rows(pair.pk, results),
        },
    )


@login_required
@require_http_methods(["GET", "POST"])
def team_event_new(request: HttpRequest) -> HttpResponse:
    form = TeamEventForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            event = team_services.team_event_create(
                name=data["name"],
                kind=data["kind"],
                teams=data["teams"],
                boards_per_match=data["boards_per_match"],
                event_date=data["date"],
                vp_scale=data["vp_scale"],
            )
        except ValidationError as exc:
            form.add_error(None, exc)
        else:
            return redirect("imps:team_event", event.pk)
    return render(request, "scoring/imps/team_event_new.html", {"form": form})


@login_required
@require_GET
def team_event(request: HttpRequest, event_id: int) -> HttpResponse:
    event = get_object_or_404(Event, pk=event_id, scoring__in=Event.TEAM_KINDS)
    results = event_matches(event)
    teams = list(event.teams.all())
    rounds: dict[int, list] = {}
    for result in results:
        rounds.setdefault(result.match.round, []).append(result)
    session = event.sessions.first()
    return render(
        request,
        "scoring/imps/team_event.html",
        {
            "event": event,
            "session": session,
            "section": session.sections.first() if session else None,
            "standings": standings(event, results),
            "teams": teams,
            "cross_table": cross_table(teams, results),
            "rounds": sorted(rounds.items()),
            "is_swiss": event.scoring == Event.Scoring.SWISS,
        },
    )


def _team_action(
    request: HttpRequest,
    event_id: int,
    action: Callable[..., object],
    done: str,
) -> HttpResponse:
    event = get_object_or_404(Event, pk=event_id, scoring__in=Event.TEAM_KINDS)
    try:
        action(event=event)
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    else:
        messages.success(request, done)
    return redirect("imps:team_event", event.pk)


@login_required
@require_POST
def team_schedule(request: HttpRequest, event_id: int) -> HttpResponse:
    return _team_action(
        request,
        event_id,
        team_services.round_robin_schedule,
        _("The round robin is scheduled."),
    )


@login_required
@require_POST
def swiss_draw(request: HttpRequest, event_id: int) -> HttpResponse:
    return _team_action(
        request, event_id, team_services.swiss_next_round, _("The next round is drawn.")
    )


@login_required
@require_GET
def match_scorecard(request: HttpRequest, match_id: int) -> HttpResponse:
    match = get_object_or_404(
        Match.objects.select_related("session__event", "home", "away"), pk=match_id
    )
    result = next(r for r in session_matches(match.session) if r.match.pk == match.pk)
    return render(
        request,
        "scoring/imps/match.html",
        {
            "match": match,
            "event": match.session.event,
            "result": result,
            "rows": imp_reports.match_rows(result),
            "section": match.session.sections.first(),
            "is_bam": match.session.event.scoring == Event.Scoring.BAM,
        },
    )
