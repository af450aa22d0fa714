"""The new-event wizard: page 1 asks the kind of evening and how many tables
(players, teams); page 2 proposes the movement with its one-line reason and
asks only the options of that kind, prefilled with the club's usual choices;
*Create* stores the event and opens its names page."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from .access import DIRECTOR, clubs_of
from .models import Club, Event, Section
from .setup.events import proposed_event_create
from .setup.individuals import INDIVIDUAL, individual_event_create
from .setup.swiss_pairs import swiss_pairs_create
from .setup.teams import team_event_create
from .setup.wizard import (
    CHAMPIONSHIP,
    INDIVIDUAL_EVENING,
    KINDS,
    PAIRS,
    SOCIAL,
    SWISS,
    TEAMS,
    defaults_of,
    defaults_remember,
    last_kind,
)
from .wizard_forms import KindForm, evening_form

__all__ = ["event_start"]

COUNTED = {PAIRS: "tables", CHAMPIONSHIP: "tables", SWISS: "tables",
           INDIVIDUAL_EVENING: "players"}  # fmt: skip


def _club(clubs: QuerySet[Club], chosen: object = None) -> Club | None:
    """The club chosen (by id), else the user's first club."""
    try:
        return clubs.filter(pk=int(str(chosen))).first() or clubs.first()
    except ValueError:
        return clubs.first()


def _page_one(request: HttpRequest, clubs: QuerySet[Club]) -> HttpResponse:
    club = _club(clubs)
    kind = last_kind(club)
    usual = defaults_of(club, kind)
    count = usual.get(COUNTED.get(kind, ""), KINDS[kind].usual)
    initial = {"evening": kind, "count": count, "club": club.pk if club else None}
    form = KindForm(initial=initial, clubs=clubs)
    return render(request, "tournaments/event_start.html", {"kind_form": form})


def _initial(club: Club | None, kind: str, count: int | None) -> dict[str, Any]:
    """Page 2 prefilled: the club's usual choices of the kind, the count of
    page 1, the kind's name."""
    initial = defaults_of(club, kind)
    initial.setdefault("name", str(KINDS[kind].label))
    initial["club"] = club.pk if club else None
    if kind == TEAMS and count:
        initial["teams"] = "\n".join(
            _("Team %(number)s") % {"number": n} for n in range(1, count + 1)
        )
    elif count:
        initial[COUNTED[kind]] = count
    return initial


def _page_two(
    request: HttpRequest, kind: str, form: Any, *, status: int = 200
) -> HttpResponse:
    context = {"form": form, "kind": kind, "kind_label": KINDS[kind].label}
    return render(request, "tournaments/event_start.html", context, status=status)


@login_required
@require_http_methods(["GET", "POST"])
def event_start(request: HttpRequest) -> HttpResponse:
    clubs = clubs_of(request.user, DIRECTOR)
    if request.method == "POST":
        return _create_posted(request, clubs)
    if "evening" not in request.GET:
        return _page_one(request, clubs)
    chosen = KindForm(request.GET, clubs=clubs)
    if not chosen.is_valid():
        return render(request, "tournaments/event_start.html", {"kind_form": chosen})
    kind = chosen.cleaned_data["evening"]
    if kind == SOCIAL:
        return redirect("social:session_start")
    club = chosen.cleaned_data["club"]
    initial = _initial(club, kind, chosen.cleaned_data["count"])
    return _page_two(
        request, kind, evening_form(kind, None, clubs=clubs, initial=initial)
    )


def _create_posted(request: HttpRequest, clubs: QuerySet[Club]) -> HttpResponse:
    kind = request.POST.get("evening", "")
    if kind not in KINDS or kind == SOCIAL:
        return redirect("tournaments:event_start")
    if "propose" in request.POST:  # the tables or boards changed: propose again
        club = _club(clubs, request.POST.get("club"))
        initial = {**_initial(club, kind, None), **request.POST.dict()}
        initial.pop("movement", None)
        form = evening_form(kind, None, clubs=clubs, initial=initial)
        return _page_two(request, kind, form)
    form = evening_form(kind, request.POST, clubs=clubs, initial={})
    if not form.is_valid():
        return _page_two(request, kind, form, status=400)
    try:
        with transaction.atomic():
            event = _create(kind, form.cleaned_data)
            defaults_remember(form.cleaned_data["club"], kind, form.remembered())
    except ValidationError as exc:
        form.add_error(None, exc)
        return _page_two(request, kind, form, status=400)
    return _next_page(request, event)


def _create(kind: str, data: dict[str, Any]) -> Event:
    """The event of that kind from page 2's choices."""
    common = {"name": data["name"], "day": data["date"], "club": data["club"].name}
    if kind in (PAIRS, CHAMPIONSHIP):
        asked = ("name", "date", "club", "tables", "pair_short",
                 "boards_per_round", "movement")  # fmt: skip
        return proposed_event_create(
            tables=data["tables"], movement=data["movement"],
            pair_short=data["pair_short"],
            boards_per_round=data["boards_per_round"], **common,
            **{k: v for k, v in data.items() if k not in asked},
        )  # fmt: skip
    if kind == INDIVIDUAL_EVENING:
        return individual_event_create(
            kind=INDIVIDUAL, players=data["players"],
            boards_per_round=data["boards_per_round"],
            single_boards=data["single_boards"], **common,
        )  # fmt: skip
    if kind == SWISS:
        return swiss_pairs_create(
            tables=data["tables"], rounds=data["rounds"],
            boards_per_round=data["boards_per_match"], vp_scale=data["vp_scale"],
            **common,
        )  # fmt: skip
    return team_event_create(
        name=data["name"], kind=data["kind"], teams=data["teams"],
        boards_per_match=data["boards_per_match"], event_date=data["date"],
        vp_scale=data["vp_scale"], club=data["club"],
    )  # fmt: skip


def _next_page(request: HttpRequest, event: Event) -> HttpResponse:
    """Pairs and individuals: their names next; other events: their page."""
    if event.is_teams:
        return redirect("imps:team_event", event.pk)
    if event.individual:
        said = _("Event created. Name the players, then enter results.")
    else:
        said = _("Event created. Name the pairs, then enter results.")
    messages.success(request, said)
    section = Section.objects.filter(session__event=event).first()
    if event.scoring == Event.Scoring.SWISS_PAIRS or section is None:
        return redirect("tournaments:event_detail", event.pk)
    return redirect("tournaments:section_pairs", section.pk)
