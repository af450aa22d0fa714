"""The organiser's commentary on the set's boards: one plain-text box a board,
printed beneath the deal in each club's booklet (``scoring.reports.booklet``)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from tournaments.models import Commentary, Simultaneous

from .organiser import organised

__all__ = ["commentary"]

# The field's own limit: a longer text would never reach the database.
MAX_CHARS = Commentary._meta.get_field("text").max_length or 0


@login_required
@require_http_methods(["GET", "POST"])
def commentary(request: HttpRequest, event_id: int) -> HttpResponse:
    simultaneous = organised(request, event_id)
    event = simultaneous.event
    numbers = range(1, simultaneous.boards + 1)
    said = dict(simultaneous.commentaries.values_list("board", "text"))
    error = ""
    if request.method == "POST":
        texts = {n: request.POST.get(f"board-{n}", "").strip() for n in numbers}
        long = [n for n, text in texts.items() if len(text) > MAX_CHARS]
        if not long:
            _kept(simultaneous, texts)
            messages.success(request, _("Commentary saved."))
            return redirect("scoring:commentary", event_id)
        error = _("Board %(n)s: at most %(max)s characters.") % {
            "n": long[0], "max": MAX_CHARS,
        }  # fmt: skip
        said = texts
    boards = [(n, said.get(n, "")) for n in numbers]
    context = {"event": event, "boards": boards, "error": error}
    return render(
        request, "scoring/commentary.html", context, status=400 if error else 200
    )


@transaction.atomic
def _kept(simultaneous: Simultaneous, texts: dict[int, str]) -> None:
    simultaneous.commentaries.filter(
        board__in=[n for n, t in texts.items() if not t]
    ).delete()
    for number, text in texts.items():
        if text:
            Commentary.objects.update_or_create(
                simultaneous=simultaneous, board=number, defaults={"text": text}
            )
