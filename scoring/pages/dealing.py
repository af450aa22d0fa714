"""A director deals a session's boards from the event page, and downloads the
files for the dealing machines (before the session is released: afterwards the
deals are the public's, in its hand records)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from scoring.interchange.dealing import deal_session
from scoring.interchange.dealing_files import FORMATS, machine_files, session_deals
from scoring.interchange.hands import DealsStored, HandsRefused, PlayedBefore
from tournaments.access import DIRECTOR, session_for

CONTENT_TYPES = {
    "pbn": "text/x-pbn; charset=UTF-8",
    "dlm": "text/plain; charset=us-ascii",
    "dup": "application/octet-stream",
}


@login_required
@require_POST
def deal_boards(request: HttpRequest, session_id: int) -> HttpResponse:
    """Deal every board of the session ("Deal the boards")."""
    session = session_for(request.user, session_id, DIRECTOR)
    try:
        dealt = deal_session(
            session,
            None,
            replace=request.POST.get("replace") == "on",
            again=request.POST.get("again") == "on",
            user=request.user,
        )
    except DealsStored as exc:
        messages.error(request, f"{exc} " + _("Tick the box to replace them."))
    except PlayedBefore as exc:
        messages.error(request, f"{exc} " + _("Tick the box to deal them again."))
    except HandsRefused as exc:
        messages.error(request, str(exc))
    else:
        messages.success(
            request,
            _("%(count)s boards dealt; commitment %(commitment)s.")
            % {"count": len(dealt.deals), "commitment": dealt.commitment},
        )
    return redirect("tournaments:event_detail", session.event_id)


@login_required
@require_GET
def dealing_file(request: HttpRequest, session_id: int, kind: str) -> HttpResponse:
    """The session's deals as a dealing machine's file (directors, before release)."""
    session = session_for(request.user, session_id, DIRECTOR)
    if kind not in FORMATS or session.released:
        raise Http404
    deals, figures = session_deals(session)
    headline = f"{session.event.name} {session.number}"
    try:
        content = machine_files(deals, figures, [kind], headline)[kind]
    except ValueError as exc:
        messages.error(request, str(exc))
        return redirect("tournaments:event_detail", session.event_id)
    response = HttpResponse(content, content_type=CONTENT_TYPES[kind])
    name = f"event{session.event_id}-session{session.number}.{kind}"
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response
