"""Anyone checks a published seed: the deals it gives for the boards, its
SHA-256, and whether both are the session's (dealing.md §1, commit then
reveal). Regenerating deals is cheap and needs no secret, so the page is open."""

from __future__ import annotations

from django import forms
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET

from scoring import queries
from scoring.documents.document import Deal, pbn_hands
from scoring.documents.text import deal_words
from scoring.engine.boards import dealer, vulnerability
from scoring.engine.dealing import SeedError, parse_seed
from scoring.interchange.dealing import Verdict, verify_seed
from scoring.interchange.dealing_files import board_range

MOST_BOARDS = 99


class VerifyForm(forms.Form):
    seed = forms.CharField(label=gettext_lazy("Seed (hexadecimal)"), max_length=128)
    boards = forms.CharField(
        label=gettext_lazy("Boards"), max_length=40, initial="1-36"
    )
    session = forms.IntegerField(
        label=gettext_lazy("Session number on this site"),
        required=False,
        min_value=1,
        max_value=2**31 - 1,
    )

    def clean_seed(self) -> bytes:
        try:
            return parse_seed(self.cleaned_data["seed"])
        except SeedError as exc:
            raise forms.ValidationError(_(exc.template) % exc.params) from None

    def clean_boards(self) -> list[int]:
        try:
            boards = board_range(self.cleaned_data["boards"])
        except ValueError as exc:
            raise forms.ValidationError(str(exc)) from None
        if len(boards) > MOST_BOARDS:
            raise forms.ValidationError(
                _("At most %(count)s boards at a time.") % {"count": MOST_BOARDS}
            )
        return boards


@require_GET
def verify(request: HttpRequest) -> HttpResponse:
    form = VerifyForm(request.GET if "seed" in request.GET else None)
    verdict: Verdict | None = None
    deals: list[object] = []
    if form.is_bound and form.is_valid():
        data = form.cleaned_data
        session = (
            queries.session_published(data["session"]) if data["session"] else None
        )
        if data["session"] and session is None:
            form.add_error("session", _("There is no such published session."))
        else:
            verdict = verify_seed(data["seed"], data["boards"], session)
            deals = [_words(number, deal) for number, deal in verdict.deals.items()]
    context = {"form": form, "verdict": verdict, "deals": deals}
    return render(request, "public/verify.html", context)


def _words(number: int, deal: str) -> dict[str, object]:
    seat, vulnerable = dealer(number).value, vulnerability(number).value
    return deal_words(Deal(number, seat, vulnerable, pbn_hands(deal)))
