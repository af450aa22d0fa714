"""The director settles a disputed result in the control room: the result the
table sent, the opponents' version, or another typed in the director's
notation."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from scoring.engine.notation import NotationError, parse_entry
from scoring.engine.types import Result
from scoring.entry.forms import language_of
from scoring.entry.messages import notation_message
from scoring.models import TableEntry
from scoring.table.disputes.dispute import dispute_settle
from tournaments.access import DIRECTOR, get_for

__all__ = ["settle"]


def _other(request: HttpRequest) -> Result | None:
    text = request.POST.get("other", "").strip()
    if request.POST.get("choice") != "other" or not text:
        return None
    try:
        return parse_entry(text, language_of(request.user)).result
    except NotationError as error:
        raise ValidationError(notation_message(error)) from error


@login_required
@require_POST
def settle(request: HttpRequest, entry_id: int) -> HttpResponse:
    entries = TableEntry.objects.select_related("table__section__session__event")
    entry = get_for(
        request.user, entries, "table__section__session__event__club", DIRECTOR,
        pk=entry_id,
    )  # fmt: skip
    try:
        line = dispute_settle(
            entry=entry,
            choice=request.POST.get("choice", ""),
            user=request.user,
            other=_other(request),
        )
    except ValidationError as error:
        text = " ".join(error.messages)
        messages.error(request, _("Not settled: %(error)s") % {"error": text})
    else:
        messages.success(
            request, _("Board %(board)s settled.") % {"board": line.board.number}
        )
    return redirect("table_room:room", entry.table.section.session_id)
