"""Director's pages for team events: a new team event, its round robin or
next Swiss round, and the teams' carry-over."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal, InvalidOperation

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from .access import DIRECTOR, clubs_of, event_for
from .forms import TeamEventForm
from .models import Event
from .setup import teams


@login_required
@require_http_methods(["GET", "POST"])
def team_event_new(request: HttpRequest) -> HttpResponse:
    form = TeamEventForm(request.POST or None, clubs=clubs_of(request.user, DIRECTOR))
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            event = teams.team_event_create(
                name=data["name"],
                kind=data["kind"],
                teams=data["teams"],
                boards_per_match=data["boards_per_match"],
                event_date=data["date"],
                vp_scale=data["vp_scale"],
                club=data["club"],
            )
        except ValidationError as exc:
            form.add_error(None, exc)
        else:
            return redirect("imps:team_event", event.pk)
    return render(request, "tournaments/team_event_new.html", {"form": form})


def _team_action(
    request: HttpRequest,
    event_id: int,
    action: Callable[..., object],
    done: str,
) -> HttpResponse:
    event = event_for(request.user, event_id, DIRECTOR, scoring__in=Event.TEAM_KINDS)
    try:
        action(event=event)
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    else:
        messages.success(request, done)
    return redirect("imps:team_event", event.pk)


@login_required
@require_POST
def carry_over(request: HttpRequest, event_id: int) -> HttpResponse:
    """The teams' carry-over VPs, typed on the team event's page."""
    event = event_for(request.user, event_id, DIRECTOR, scoring__in=Event.TEAM_KINDS)
    try:
        values = {
            int(key.removeprefix("team-")): Decimal(request.POST[key] or "0")
            for key in request.POST
            if key.startswith("team-")
        }
        teams.carry_over_set(event=event, values=values, user=request.user)
    except (ValueError, InvalidOperation):
        messages.error(request, _("A carry-over is a number of VPs, such as 12.5."))
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    else:
        messages.success(request, _("Carry-over saved."))
    return redirect("imps:team_event", event.pk)


@login_required
@require_POST
def team_schedule(request: HttpRequest, event_id: int) -> HttpResponse:
    return _team_action(
        request,
        event_id,
        teams.round_robin_schedule,
        _("The round robin is scheduled."),
    )


@login_required
@require_POST
def swiss_draw(request: HttpRequest, event_id: int) -> HttpResponse:
    return _team_action(
        request, event_id, teams.swiss_next_round, _("The next round is drawn.")
    )
