"""The director sends each player their personal results by e-mail
(``scoring.reports.mail``), from the session's ranking page."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.views.decorators.http import require_POST

from scoring.reports.mail import letters_sent_said
from tournaments.access import DIRECTOR, session_for
from tournaments.address import site_url


@login_required
@require_POST
def personal_send(request: HttpRequest, session_id: int) -> HttpResponse:
    session = session_for(request.user, session_id, DIRECTOR)
    went, said = letters_sent_said(session, site_url(request))
    (messages.success if went else messages.error)(request, said)
    if request.POST.get("back") == "finish":  # sent from Finish the session
        return redirect("tournaments:session_finish", session.pk)
    return redirect("scoring:ranking", session.pk)
