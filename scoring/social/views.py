"""The social table's pages: start a pad, then enter and correct its deals.

No login: the pad's key in the link is the only way in, and each page shows
that pad alone (an unknown key is a 404).
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods

from scoring.engine.social.deal import ScorepadError
from scoring.models import SocialDeal, SocialPad

from .forms import DealForm, StartForm, refuse
from .pads import engine_pad, pad_enter
from .sheets import sheet_of


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
