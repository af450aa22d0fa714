"""A simultaneous' pages behind the login: the organiser's (a club
administrator of the organising club, or a site operator) list of heats with
where each stands, a heat added as ``new_event --heat`` adds it, and the overall
so far; each heat's club director's upload of the heat's USEBIO or PBN (as
``import_usebio --heat`` or ``import_pbn --heat``) and the overall so far of
their own club's pairs (before the release no other club's results:
``heat_overall``)."""

from __future__ import annotations

import tempfile
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from django.views.decorators.http import require_GET, require_http_methods

from scoring.interchange.hands import HandsRefused
from scoring.interchange.heat_upload import HEAT_REFUSALS, heat_file_import
from scoring.interchange.simultaneous_deals import set_dealt, set_imported
from scoring.reports.overall import overall_page
from scoring.standings.secrecy import overall_released
from scoring.standings.simultaneous import overall_of
from scoring.table.room.tonight import event_state
from tournaments.access import (
    ADMIN,
    DIRECTOR,
    clubs_of,
    operator,
    session_for,
)
from tournaments.models import Heat, Simultaneous
from tournaments.setup.simultaneous import heat_add, simultaneous_create
from tournaments.simultaneous_forms import (
    HeatAddForm,
    HeatUploadForm,
    SimultaneousForm,
)

from .organiser import organised

__all__ = ["heat_overall", "heat_upload", "heats", "simultaneous_new"]


@login_required
@require_http_methods(["GET", "POST"])
def simultaneous_new(request: HttpRequest) -> HttpResponse:
    """A simultaneous of a club the user administers, with its deal set."""
    form = SimultaneousForm(
        request.POST or None,
        request.FILES or None,
        clubs=clubs_of(request.user, ADMIN),
        operator=operator(request.user),
    )
    if request.method == "POST" and form.is_valid():
        try:
            made = _created(form.cleaned_data)
        except (ValidationError, HandsRefused) as exc:
            form.add_error(None, str(exc) if isinstance(exc, HandsRefused) else exc)
        else:
            messages.success(request, _("Simultaneous created."))
            return redirect("scoring:simultaneous", made.event_id)
    context = {"form": form}
    return render(
        request, "scoring/simultaneous_new.html", context, status=_status(form)
    )


@transaction.atomic
def _created(data: dict[str, Any]) -> Simultaneous:
    """The simultaneous and its deals, all or nothing."""
    club = data["club"]
    made = simultaneous_create(
        name=data["name"], boards=data["boards"], club=club.name if club else "",
        release_at=data["release_at"], two_winners=not data["one_winner"],
        sims_percentage=data["sims_percentage"],
    )  # fmt: skip
    if data["deals"] == SimultaneousForm.DEALT:
        set_dealt(made)
    elif data["deals"] == SimultaneousForm.FILE:
        upload = data["file"]
        set_imported(made, upload.read(), upload.name)
    return made


def _state(heat: Heat) -> str:
    """Set up, in play (round r of R), finished, published; or uploaded."""
    event = heat.session.event
    return pgettext("event", "uploaded") if event.source else event_state(event)


@login_required
@require_http_methods(["GET", "POST"])
def heats(request: HttpRequest, event_id: int) -> HttpResponse:
    """The organiser's page: the heats, a heat added, the overall so far."""
    simultaneous = organised(request, event_id)
    event = simultaneous.event
    form = HeatAddForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            heat_add(simultaneous=simultaneous, **form.cleaned_data)
        except ValidationError as exc:
            form.add_error(None, exc)
        else:
            messages.success(request, _("Heat added."))
            return redirect("scoring:simultaneous", event_id)
    heats = simultaneous.heats.select_related("club", "session__event")
    context: dict[str, Any] = {
        "event": event,
        "simultaneous": simultaneous,
        "form": form,
        "heats": [(heat, _state(heat)) for heat in heats],
        "page": overall_page(overall_of(simultaneous), event, ""),
    }
    return render(request, "scoring/simultaneous.html", context, status=_status(form))


def _status(form: Any) -> int:
    return 400 if form.is_bound and form.errors else 200


def _heat(request: HttpRequest, session_id: int) -> Heat:
    """The heat of the session, for a director of its club."""
    session = session_for(request.user, session_id, DIRECTOR)
    heat = Heat.objects.filter(session=session).select_related(
        "simultaneous__event", "club", "session__event"
    )
    found = heat.first()
    if found is None:
        raise Http404
    return found


@login_required
@require_GET
def heat_overall(request: HttpRequest, session_id: int) -> HttpResponse:
    """The overall so far, for the heat's director to check: their own club's
    pairs, ranked across the whole field; every club's once released."""
    heat = _heat(request, session_id)
    simultaneous = heat.simultaneous
    released = overall_released(simultaneous)
    club = "" if released else str(heat.club_id)
    page = overall_page(overall_of(simultaneous), simultaneous.event, club)
    if not released:
        page = page.without_boards()
    context = {"heat": heat, "event": simultaneous.event, "page": page,
               "simultaneous": simultaneous, "released": released}  # fmt: skip
    return render(request, "scoring/heat_overall.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def heat_upload(request: HttpRequest, session_id: int) -> HttpResponse:
    """The heat's USEBIO or PBN file (told apart by its content), its boards
    the set's; nothing on a refusal."""
    heat = _heat(request, session_id)
    form = HeatUploadForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        try:
            done = _imported(heat, form.cleaned_data["file"])
        except HEAT_REFUSALS as exc:
            form.add_error("file", str(exc))
        else:
            messages.success(request, _("The heat's results are in."))
            return redirect("tournaments:event_detail", done)
    context = {"heat": heat, "event": heat.session.event, "form": form}
    return render(request, "scoring/heat_upload.html", context, status=_status(form))


def _imported(heat: Heat, upload: Any) -> int:
    """The upload imported as the club's heat: the new event's id."""
    with tempfile.NamedTemporaryFile() as file:
        for chunk in upload.chunks():
            file.write(chunk)
        file.flush()
        event = heat_file_import(
            path=file.name, simultaneous=heat.simultaneous, club=heat.club.name
        )
    return event.pk
