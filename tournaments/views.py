"""Director's pages for setting events up: events with their sections, pairs
and hand records, settings, Swiss pairs rounds and the club's members (team
events: ``team_views``; sessions and entries: ``session_views``)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from movements.adapters import stored_individual, stored_movement
from scoring.documents.html import html_table
from scoring.interchange.analysis import analysis_progress
from scoring.interchange.analysis_tasks import analysis_jobs
from scoring.interchange.deal_store import session_commitment
from scoring.interchange.hands import (
    DealsStored,
    HandsRefused,
    HandsReport,
    board_list,
    hands_attach,
)
from scoring.reports.combined import event_ranking_table
from scoring.standings import event_results

from .access import (
    ADMIN,
    DIRECTOR,
    SCORER,
    clubs_of,
    event_for,
    get_for,
    section_for,
    session_for,
)
from .forms import (
    EventForm,
    EventSettingsForm,
    HandsForm,
    MemberForm,
    PairNamesForm,
    PlayerNameForm,
    SectionForm,
    initial_of,
    player_initial,
)
from .models import Club, Director, Event, Invitation, Pair, Section
from .setup.events import event_create, section_create
from .setup.individuals import INDIVIDUAL, RAINBOW, individual_event_create
from .setup.members import member_add
from .setup.pairs import section_pairs_set
from .setup.settings import event_settings_set, session_release
from .setup.swiss_pairs import (
    drawn_rounds,
    swiss_pairs_create,
    swiss_pairs_next_round,
)
from .tables import MemberTable


def _create(data: dict[str, Any], options: dict[str, Any]) -> Event:
    """A pairs event with its movement, or Swiss pairs with round 1 drawn."""
    common = {"name": data["name"], "day": data["date"], "tables": data["tables"]}
    if data["kind"] in (INDIVIDUAL, RAINBOW):
        return individual_event_create(
            kind=data["kind"],
            players=data["players"],
            boards_per_round=data["boards_per_round"],
            club=data["club"].name,
            **common,
            **options,
        )
    if data["scoring"] != Event.Scoring.SWISS_PAIRS:
        return event_create(
            kind=data["kind"],
            club=data["club"].name,
            boards_per_round=data["boards_per_round"],
            **common,
            **options,
        )
    if not data["rounds"] or not data["boards_per_match"]:
        raise ValidationError(_("Swiss pairs needs its rounds and boards per match."))
    for made_here in ("scoring", "rounds", "boards_per_match"):
        options.pop(made_here)
    return swiss_pairs_create(
        rounds=data["rounds"],
        boards_per_round=data["boards_per_match"],
        club=data["club"].name,
        **common,
        **options,
    )


def _created_said(event: Event) -> str:
    if event.individual:
        return _("Event created. Name the players, then enter results.")
    return _("Event created. Name the pairs, then enter results.")


def _played_once_said(event: Event) -> str:
    """The warning at set-up when an individual's movement has boards played
    at one table only."""
    section = Section.objects.filter(session__event=event).first()
    movement = stored_individual(section) if section else None
    once = movement.boards_played_once() if movement else 0
    if movement is None or not once:
        return ""
    return _(
        "%(once)s of %(boards)s boards will be played at one table only: "
        "nothing to compare them with. They count 50 %% for both sides unless "
        "the settings leave them out of both sides' totals."
    ) % {"once": once, "boards": movement.sets * movement.boards_per_round}


@login_required
@require_http_methods(["GET", "POST"])
def event_new(request: HttpRequest) -> HttpResponse:
    form = EventForm(request.POST or None, clubs=clubs_of(request.user, DIRECTOR))
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        options = {
            f: data[f] for f in EventForm.Meta.fields if f not in ("name", "date")
        }
        try:
            event = _create(data, options)
        except ValidationError as exc:
            form.add_error(None, exc)
        else:
            messages.success(request, _created_said(event))
            if once := _played_once_said(event):
                messages.warning(request, once)
            return redirect("tournaments:event_detail", event.pk)
    return render(request, "tournaments/event_form.html", {"form": form})


@login_required
@require_http_methods(["GET", "POST"])
def event_detail(request: HttpRequest, event_id: int) -> HttpResponse:
    role = DIRECTOR if request.method == "POST" else SCORER
    event = event_for(request.user, event_id, role)
    numbers = list(event.sessions.values_list("number", flat=True))
    form = SectionForm(request.POST or None, numbers=numbers)
    if request.method == "POST" and form.is_valid():
        data = dict(form.cleaned_data)
        session = event.sessions.get(number=data.pop("session"))
        try:
            section_create(session=session, **data)
        except ValidationError as exc:
            form.add_error(None, exc)
        else:
            return redirect("tournaments:event_detail", event.pk)
    sessions = event.sessions.prefetch_related("sections__pairs__players", "boards")
    jobs = analysis_jobs(s.pk for s in sessions)
    analysed = [
        (s, analysis_progress(s.boards.all(), jobs.get(s.pk)), session_commitment(s))
        for s in sessions
    ]
    return render(
        request,
        "tournaments/event_detail.html",
        {
            "event": event,
            "sessions": analysed,
            "section_form": form,
            "event_ranking": _event_ranking(request, event, len(analysed)),
            "swiss": drawn_rounds(event),
            # the page follows the double-dummy tasks queued or running
            "analysing": any(progress.running for _s, progress, _c in analysed),
        },
    )


def _event_ranking(
    request: HttpRequest, event: Event, sessions: int
) -> tuple[str, object] | None:
    """The ranking over the sessions: its title and page table (None for one
    session)."""
    if sessions < 2 or event.is_teams:
        return None
    table = event_ranking_table(event, event_results(event))
    return table.title, html_table(table, request=request)


@login_required
@require_http_methods(["GET", "POST"])
def event_settings(request: HttpRequest, event_id: int) -> HttpResponse:
    event = event_for(request.user, event_id, DIRECTOR)
    form = EventSettingsForm(request.POST or None, instance=event)
    if request.method == "POST" and form.is_valid():
        changes = {name: form.cleaned_data[name] for name in form.fields}
        try:
            event_settings_set(event=event, changes=changes, user=request.user)
        except ValidationError as exc:
            form.add_error(None, exc)
        else:
            messages.success(request, _("Settings saved."))
            return redirect("tournaments:event_detail", event.pk)
    return render(
        request, "tournaments/event_settings.html", {"event": event, "form": form}
    )


@login_required
@require_POST
def release(request: HttpRequest, session_id: int) -> HttpResponse:
    """Release a session's results to the public, or hold them back again."""
    session = session_for(request.user, session_id, DIRECTOR)
    session_release(
        session=session, on=request.POST.get("on") == "1", user=request.user
    )
    return redirect("tournaments:event_detail", session.event_id)


def _hands_said(report: HandsReport) -> str:
    """What an upload did, for the event page's message."""
    kinds = [
        (_("Deals stored for boards %(boards)s."), report.changed),
        (_("Not boards of this session: %(boards)s."), report.not_in_session),
        (_("Boards the file does not deal: %(boards)s."), report.not_in_file),
    ]
    said = [text % {"boards": board_list(boards)} for text, boards in kinds if boards]
    return " ".join(said if report.changed else [_("No deal changed."), *said])


@login_required
@require_http_methods(["GET", "POST"])
def session_hands(request: HttpRequest, session_id: int) -> HttpResponse:
    """A director attaches a hand-record file's deals to the session's boards."""
    session = session_for(request.user, session_id, DIRECTOR)
    form = HandsForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        try:
            report = hands_attach(
                session=session,
                raw=upload.read(),
                source=upload.name,
                user=request.user,
                replace=form.cleaned_data["replace"],
            )
        except DealsStored as exc:
            form.add_error("replace", f"{exc} " + _("Tick the box to replace them."))
        except HandsRefused as exc:
            form.add_error("file", str(exc))
        else:
            messages.success(request, _hands_said(report))
            return redirect("tournaments:event_detail", session.event_id)
    boards = session.boards.all()
    return render(
        request,
        "tournaments/session_hands.html",
        {"session": session, "form": form, "boards": boards},
    )


def _names_forms(
    request: HttpRequest, pairs: list[Pair], individual: bool
) -> list[PairNamesForm | PlayerNameForm]:
    """One form a pair, or one a player (one name) in an individual."""
    data = request.POST or None
    forms: list[PairNamesForm | PlayerNameForm] = [
        PlayerNameForm(data, prefix=f"p{p.pk}", initial=player_initial(p))
        if individual
        else PairNamesForm(data, prefix=f"p{p.pk}", initial=initial_of(p))
        for p in pairs
    ]
    return forms


@login_required
@require_http_methods(["GET", "POST"])
def section_pairs(request: HttpRequest, section_id: int) -> HttpResponse:
    """The section's pair names (an individual's: one name a player), typed or
    found on the club's roster as they are typed; in a handicapped event, their
    handicaps too."""
    section = section_for(request.user, section_id, DIRECTOR)
    individual = section.session.event.individual
    handicaps = section.session.event.handicapped and not individual
    pairs = list(
        section.pairs.order_by("-direction", "number").prefetch_related("players")
    )  # NS first, as the event page lists them
    forms = _names_forms(request, pairs, individual)
    if request.method == "POST" and all(f.is_valid() for f in forms):
        entries = {p.pk: f.entry() for p, f in zip(pairs, forms, strict=True)}
        try:
            section_pairs_set(
                section=section, entries=entries, handicaps=handicaps, user=request.user
            )
        except ValidationError as exc:
            messages.error(request, " ".join(exc.messages))
        else:
            saved = _("Player names saved.") if individual else _("Pair names saved.")
            messages.success(request, saved)
            return redirect("tournaments:event_detail", section.session.event_id)
    template = "section_players" if individual else "section_pairs"
    return render(
        request,
        f"tournaments/{template}.html",
        {
            "section": section,
            "handicaps": handicaps,
            "rows": list(zip(pairs, forms, strict=True)),
            "missing": _missing_pair(section),
        },
    )


def _missing_pair(section: Section) -> str:
    """The pair the section's movement has as missing (its phantom), if any:
    a late pair takes its place from the names page."""
    movement = stored_movement(section)
    phantom = movement.phantom if movement is not None else None
    return "" if phantom is None else str(phantom)


@login_required
@require_POST
def swiss_pairs_draw(request: HttpRequest, event_id: int) -> HttpResponse:
    """Draw the next round of a Swiss pairs event from its standings."""
    event = event_for(
        request.user, event_id, DIRECTOR, scoring=Event.Scoring.SWISS_PAIRS
    )
    try:
        swiss_pairs_next_round(event=event, user=request.user)
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    else:
        messages.success(request, _("The next round is drawn."))
    return redirect("tournaments:event_detail", event.pk)


@login_required
@require_http_methods(["GET", "POST"])
def club_members(request: HttpRequest, club_id: int) -> HttpResponse:
    """A club administrator names the club's directors and scorers."""
    club = get_for(request.user, Club.objects.all(), "", ADMIN, pk=club_id)
    form = MemberForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            added = member_add(by=request.user, club=club, **form.cleaned_data)
        except ValidationError as exc:
            form.add_error(None, exc)
        else:
            messages.success(request, _member_saved(added))
            return redirect("tournaments:club_members", club.pk)
    members = MemberTable(club.members.select_related("user"))
    invited = club.invitations.select_related("user")
    return render(
        request,
        "tournaments/club_members.html",
        {"club": club, "form": form, "members": members, "invited": invited},
    )


def _member_saved(added: object) -> str:
    if isinstance(added, Invitation):
        return _(
            "%(username)s already has an account: they are invited, and become "
            "a member when they accept on their account page."
        ) % {"username": added.user.get_username()}
    return _("Member saved.")


@login_required
@require_POST
def notation(request: HttpRequest) -> HttpResponse:
    """The language a user types results in (their own choice, in the header)."""
    language = request.POST.get("language", "")
    if language in dict(settings.LANGUAGES):
        Director.objects.update_or_create(
            user_id=request.user.pk, defaults={"language": language}
        )
    back = request.POST.get("next", "")
    here = url_has_allowed_host_and_scheme(back, allowed_hosts={request.get_host()})
    if not (here and back.startswith("/")):  # a path of this site, not a word
        back = reverse("tournaments:event_list")
    return redirect(back)
