"""The social table's pages: start a pad, then enter and correct its deals;
start a session of several chukkers and read its ranking (page and PDF).

No login: the pad's (or the session's) key in the link is the only way in, and
each page shows that pad or session alone (an unknown key is a 404).
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods

from scoring.documents.pdf import render_pdf
from scoring.engine.social.deal import ScorepadError
from scoring.models import SocialDeal, SocialPad, SocialSession

from .forms import DealForm, SessionForm, StartForm, refuse
from .pads import engine_pad, pad_enter
from .sessions import session_start
from .sheets import sheet_of
from .standings import ranking_document, session_summary


@require_http_methods(["GET", "POST"])
def start_page(request: HttpRequest) -> HttpResponse:
    form = StartForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        pad = form.save()
        return redirect("social:pad", key=pad.key)
    return render(request, "social/start.html", {"form": form})


def _enter(request: HttpRequest, pad: SocialPad, form: DealForm,
           entry: int | None) -> bool:  # fmt: skip
    """Enter the form's deal if both the form and the engine accept it."""
    if not form.is_valid():
        return False
    try:
        pad_enter(pad, form.cleaned_data["deal"], entry)
    except ScorepadError as error:
        refuse(form, error)
        return False
    return True


def _page(request: HttpRequest, pad: SocialPad, form: DealForm,
          entry: int | None, status: int = 200) -> HttpResponse:  # fmt: skip
    sheet = sheet_of(pad, engine_pad(pad))
    context = {"pad": pad, "sheet": sheet, "form": form, "entry": entry}
    return render(request, "social/pad.html", context, status=status)


@require_http_methods(["GET", "POST"])
def pad_page(request: HttpRequest, key: str) -> HttpResponse:
    pad = get_object_or_404(SocialPad, key=key)
    form = DealForm(request.POST or None, honours=pad.honours)
    if request.method == "POST":
        if _enter(request, pad, form, None):
            return redirect("social:pad", key=pad.key)
        return _page(request, pad, form, None, status=400)
    return _page(request, pad, form, None)


@require_http_methods(["GET", "POST"])
def deal_page(request: HttpRequest, key: str, entry: int) -> HttpResponse:
    """Correct entry ``entry``: everything after it is scored again."""
    pad = get_object_or_404(SocialPad, key=key)
    row = get_object_or_404(SocialDeal, pad=pad, number=entry)
    initial = DealForm.initial_of(row)
    form = DealForm(request.POST or None, initial=initial, honours=pad.honours)
    if request.method == "POST":
        if _enter(request, pad, form, entry):
            return redirect("social:pad", key=pad.key)
        return _page(request, pad, form, entry, status=400)
    return _page(request, pad, form, entry)


@require_http_methods(["GET", "POST"])
def session_start_page(request: HttpRequest) -> HttpResponse:
    form = SessionForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            session = session_start(session=form.save(commit=False), names=form.names())
        except ScorepadError as error:
            refuse(form, error)
        else:
            return redirect("social:session", key=session.key)
    status = 400 if form.errors else 200
    return render(request, "social/session_start.html", {"form": form}, status=status)


def session_page(request: HttpRequest, key: str) -> HttpResponse:
    """The session's chukkers, a link to each pad, and the ranking so far."""
    session = get_object_or_404(SocialSession, key=key)
    summary = session_summary(session)
    return render(request, "social/session.html", {"summary": summary})


def session_pdf(request: HttpRequest, key: str) -> HttpResponse:
    session = get_object_or_404(SocialSession, key=key)
    pdf = render_pdf(ranking_document(session_summary(session)))
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = 'inline; filename="social-session.pdf"'
    return response
