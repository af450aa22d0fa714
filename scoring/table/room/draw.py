"""The control room's Swiss draw: as soon as every match of a round is
complete, the next round's draw as the event page makes it
(``tournaments.setup.teams``) is proposed to the director; once confirmed, its
matches are seated as tables and each team's phones follow it there
(``play.follow``)."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from scoring.engine.numbers import typed_whole
from tournaments.access import DIRECTOR, session_for
from tournaments.models import Event, Session
from tournaments.setup.teams import SwissProposal, swiss_next_round, swiss_proposal

__all__ = ["SwissOffer", "swiss_confirm", "swiss_offer"]


@dataclass(frozen=True)
class SwissOffer:
    """The draw proposed now, or why there is none yet."""

    proposal: SwissProposal | None
    waiting: str = ""


def swiss_offer(session: Session) -> SwissOffer | None:
    """The next round's draw of a Swiss teams event (None: not a Swiss)."""
    event = session.event
    if event.scoring != Event.Scoring.SWISS:
        return None
    try:
        return SwissOffer(swiss_proposal(event=event))
    except ValidationError as error:
        return SwissOffer(None, " ".join(error.messages))


@login_required
@require_POST
def swiss_confirm(request: HttpRequest, session_id: int) -> HttpResponse:
    """The director confirms the draw the room proposed: drawn once, and only
    as it was shown."""
    session = session_for(request.user, session_id, DIRECTOR)
    try:
        number = typed_whole(request.POST.get("round", "").strip())
        if not number:
            raise ValidationError(_("The draw to confirm names no round."))
        seen = (number, request.POST.get("draw", ""))
        swiss_next_round(event=session.event, seen=seen, user=request.user)
    except ValidationError as error:
        text = " ".join(error.messages)
        messages.error(request, _("No round drawn: %(error)s") % {"error": text})
    else:
        messages.success(
            request,
            _("Round %(round)s is drawn: each table's phones show their new match.")
            % {"round": number},
        )
    return redirect("table_room:room", session.pk)
