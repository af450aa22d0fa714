"""The change log of a session (or one board of it) for its directors, with an
undo button for every change of a result that can still be undone."""

from __future__ import annotations

import django_tables2 as tables
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy
from django.views.decorators.http import require_GET, require_POST

from scoring.engine.numbers import typed_whole
from scoring.entry.history import change_undo
from scoring.models import ChangeLog
from tournaments.access import DIRECTOR, get_for, session_for

PER_PAGE = 50  # the newest first


class ChangeTable(tables.Table):
    at = tables.DateTimeColumn(
        verbose_name=_lazy("When"), format="SHORT_DATETIME_FORMAT"
    )
    user = tables.Column(verbose_name=_lazy("Who"), default="—", empty_values=())
    board = tables.Column(verbose_name=_lazy("Board"))
    action = tables.Column(verbose_name=_lazy("Action"))
    description = tables.Column(verbose_name=_lazy("What"))
    undo = tables.Column(verbose_name="", accessor="pk", orderable=False)

    class Meta:
        orderable = False
        attrs = {"class": "results"}
        template_name = "django_tables2/paged.html"

    def __init__(self, *args: object, request: HttpRequest, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        self.request = request

    def render_user(self, record: ChangeLog) -> str:
        return str(record.user or record.device or "—")

    def render_undo(self, record: ChangeLog) -> str:
        if record.line_id is None or record.undone:
            return format_html("{}", _("undone") if record.undone else "")
        return render_to_string(
            "scoring/_undo.html", {"change": record}, request=self.request
        )


@login_required
@require_GET
def changes(request: HttpRequest, session_id: int) -> HttpResponse:
    session = session_for(request.user, session_id, DIRECTOR)
    log = ChangeLog.objects.filter(
        Q(session=session) | Q(event_id=session.event_id, session__isnull=True)
    ).select_related("user")
    board = typed_whole(request.GET.get("board", ""))
    if board is not None:
        log = log.filter(board=board)
    table = ChangeTable(log, request=request)
    tables.RequestConfig(request, paginate={"per_page": PER_PAGE}).configure(table)
    return render(
        request,
        "scoring/changes.html",
        {
            "session": session,
            "event": session.event,
            "board": board,
            "table": table,
        },
    )


@login_required
@require_POST
def undo(request: HttpRequest, change_id: int) -> HttpResponse:
    change = get_for(
        request.user, ChangeLog.objects.all(), "event__club", DIRECTOR, pk=change_id
    )
    try:
        change_undo(change=change, user=request.user)
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    else:
        messages.success(request, _("Change undone; the session is re-scored."))
    url = reverse("scoring:changes", args=[change.session_id])
    return redirect(f"{url}?board={change.board}" if change.board else url)
