"""The club's roster: list and search, add and edit, import a federation's
member list, merge two records of one person, a player's results; master
points of a session."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from tournaments.access import DIRECTOR, get_for, session_for
from tournaments.models import Club, Pair, Person
from tournaments.roster.addresses import (
    Address,
    addresses_file,
    addresses_read,
    addresses_set,
)
from tournaments.roster.history import player_history
from tournaments.roster.imports import members_import
from tournaments.roster.people import person_merge, person_save
from tournaments.roster.points import master_points_by_place, master_points_set
from tournaments.roster.search import roster_search

from .forms import (
    AddressesForm,
    AwardsForm,
    MembersForm,
    MergeForm,
    PersonForm,
    PointsTableForm,
)

PAGE = 100  # people listed at once; the search finds the rest


def _club(request: HttpRequest, club_id: int) -> Club:
    return get_for(request.user, Club.objects.all(), "", DIRECTOR, pk=club_id)


def _person(request: HttpRequest, person_id: int) -> Person:
    people = Person.objects.select_related("club")
    return get_for(request.user, people, "club", DIRECTOR, pk=person_id)


@login_required
@require_http_methods(["GET", "POST"])
def person_list(request: HttpRequest, club_id: int) -> HttpResponse:
    """The roster, searched by name or number, with a form to add a player."""
    club = _club(request, club_id)
    form = PersonForm(request.POST or None, instance=Person(club=club))
    if request.method == "POST" and form.is_valid():
        try:
            person_save(club=club, values=form.cleaned_data)
        except ValidationError as exc:
            form.add_error(None, exc)
        else:
            messages.success(request, _("Player added."))
            return redirect("tournaments:person_list", club.pk)
    query = request.GET.get("q", "").strip()
    people = roster_search(club.pk, query, PAGE) if query else club.people.all()[:PAGE]
    context = {"club": club, "form": form, "people": people, "query": query}
    context["count"] = club.people.count()
    return render(request, "tournaments/person_list.html", context)


@login_required
@require_GET
def person_search(request: HttpRequest, club_id: int) -> JsonResponse:
    """Search-as-you-type: the club's people matching ``q``, as JSON."""
    club = _club(request, club_id)
    found = roster_search(club.pk, request.GET.get("q", ""))
    people = [
        {"id": p.pk, "name": p.name, "national_id": p.national_id,
         "home_club": p.home_club}
        for p in found
    ]  # fmt: skip
    return JsonResponse({"people": people})


@login_required
@require_http_methods(["GET", "POST"])
def person_edit(request: HttpRequest, person_id: int) -> HttpResponse:
    person = _person(request, person_id)
    form = PersonForm(request.POST or None, instance=person)
    merge = MergeForm(person=person)
    if request.method == "POST" and form.is_valid():
        try:
            person_save(club=person.club, values=form.cleaned_data, person=person)
        except ValidationError as exc:
            form.add_error(None, exc)
        else:
            messages.success(request, _("Player saved."))
            return redirect("tournaments:person_results", person.pk)
    context = {"person": person, "form": form, "merge": merge}
    return render(request, "tournaments/person_edit.html", context)


@login_required
@require_POST
def person_merge_view(request: HttpRequest, person_id: int) -> HttpResponse:
    """The other record's results join this one, which stays."""
    person = _person(request, person_id)
    form = MergeForm(request.POST, person=person)
    if form.is_valid():
        try:
            done = person_merge(
                keep=person,
                gone=form.cleaned_data["other"],
                by=request.user.get_username(),
            )
        except ValidationError as exc:
            messages.error(request, " ".join(exc.messages))
        else:
            messages.success(
                request,
                _("%(name)s merged: %(count)s results moved.")
                % {"name": done.gone_name, "count": done.results},
            )
            return redirect("tournaments:person_results", person.pk)
    else:
        messages.error(request, _("Choose the other record of this player."))
    return redirect("tournaments:person_edit", person.pk)


@login_required
@require_GET
def person_results(request: HttpRequest, person_id: int) -> HttpResponse:
    person = _person(request, person_id)
    played = player_history(person, public=False)
    context = {"person": person, "played": played, "director": True}
    return render(request, "tournaments/person_results.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def people_import(request: HttpRequest, club_id: int) -> HttpResponse:
    """Upload a member list: checked first ("check"), imported whole or not."""
    club = _club(request, club_id)
    form = MembersForm(request.POST or None, request.FILES or None)
    report = None
    if request.method == "POST" and form.is_valid():
        commit = "import" in request.POST
        report = members_import(club=club, raw=form.cleaned_data["file"], commit=commit)
        if report.done:
            messages.success(
                request,
                _("Member list imported: %(added)s added, %(updated)s updated, "
                  "%(unchanged)s unchanged.")
                % {"added": report.added, "updated": report.updated,
                   "unchanged": report.unchanged},
            )  # fmt: skip
            return redirect("tournaments:person_list", club.pk)
    context = {"club": club, "form": form, "report": report}
    return render(request, "tournaments/people_import.html", context)


def _addresses(form: AddressesForm) -> list[Address]:
    if form.cleaned_data["file"]:
        return addresses_file(form.cleaned_data["file"])
    return addresses_read(form.cleaned_data["lines"])


@login_required
@require_http_methods(["GET", "POST"])
def people_addresses(request: HttpRequest, club_id: int) -> HttpResponse:
    """Many players' e-mail addresses at once; a line at fault and none is set."""
    club = _club(request, club_id)
    form = AddressesForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        try:
            count = addresses_set(club=club, addresses=_addresses(form))
        except ValidationError as exc:
            form.add_error(None, exc)
        else:
            text = ngettext(
                "E-mail address set for %(count)d player.",
                "E-mail addresses set for %(count)d players.",
                count,
            )
            messages.success(request, text % {"count": count})
            return redirect("tournaments:person_list", club.pk)
    with_address = club.people.exclude(email="").count()
    context = {"club": club, "form": form, "with_address": with_address}
    context["count"] = club.people.count()
    return render(request, "tournaments/people_addresses.html", context)


@login_required
@require_POST
def players_publish(request: HttpRequest, club_id: int) -> HttpResponse:
    """Whether anyone may read the club's player pages."""
    club = _club(request, club_id)
    club.publish_players = request.POST.get("on") == "1"
    club.save(update_fields=["publish_players"])
    return redirect("tournaments:person_list", club.pk)


@login_required
@require_http_methods(["GET", "POST"])
def master_points(request: HttpRequest, session_id: int) -> HttpResponse:
    """The session's master-point awards: typed per pair, or by place."""
    session = session_for(request.user, session_id, DIRECTOR)
    pairs = list(
        Pair.objects.filter(section__session=session)
        .select_related("section")
        .prefetch_related("players")
        .order_by("section__letter", "-direction", "number")  # NS first
    )
    form = AwardsForm(request.POST if "awards" in request.POST else None, pairs=pairs)
    rule = PointsTableForm(request.POST if "rule" in request.POST else None)
    saved = True
    if form.is_bound and form.is_valid():
        master_points_set(session=session, awards=form.awards(), user=request.user)
    elif rule.is_bound and rule.is_valid():
        table = rule.cleaned_data["table"]
        master_points_by_place(session=session, table=table, user=request.user)
    else:
        saved = False
    if saved:
        messages.success(request, _("Master points saved."))
        return redirect("tournaments:master_points", session.pk)
    rows = [(pair, form[f"pair-{pair.pk}"]) for pair in pairs]
    context = {"session": session, "form": form, "rule": rule, "rows": rows}
    return render(request, "tournaments/master_points.html", context)
