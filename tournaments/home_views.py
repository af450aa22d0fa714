"""The director's home: tonight's events first, then the coming ones and a
page of the past, each with where it stands; it reads only (a GET makes no
table code) in a number of queries that does not grow with the events."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.db.models import F, Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone

from scoring.table.room.tonight import events_states

from .access import ADMIN, DIRECTOR, clubs_of, events_of
from .tables import EventTable

__all__ = ["PAST_PAGE", "event_list"]

PAST_PAGE = 20  # past events a page; of the coming ones, the next as many


def _home_groups(request: HttpRequest) -> dict[str, Any]:
    """Today's events, the coming ones (soonest first, the undated last) and
    a page of the past (most recent first), each with its sessions."""
    events = events_of(request.user).select_related("club")
    events = events.prefetch_related("sessions")
    today = timezone.localdate()
    past = events.filter(date__lt=today).order_by("-date", "-pk")
    coming = events.filter(Q(date__gt=today) | Q(date__isnull=True))
    coming = coming.order_by(F("date").asc(nulls_last=True), "pk")
    return {
        "today": list(events.filter(date=today).order_by("pk")),
        "coming": list(coming[:PAST_PAGE]),
        "past": Paginator(past, PAST_PAGE).get_page(request.GET.get("page")),
    }


@login_required
def event_list(request: HttpRequest) -> HttpResponse:
    groups = _home_groups(request)
    shown = [*groups["today"], *groups["coming"], *groups["past"]]
    states = events_states(shown)
    context: dict[str, Any] = {
        f"{name}_table": EventTable(events, states=states) if events else None
        for name, events in (
            ("today", groups["today"]),
            ("coming", groups["coming"]),
            ("past", list(groups["past"])),
        )
    }
    context |= {
        "tonight": groups["today"],
        "past_page": groups["past"],
        "admin_clubs": clubs_of(request.user, ADMIN),
        "director_clubs": clubs_of(request.user, DIRECTOR),
    }
    return render(request, "tournaments/event_list.html", context)
