"""Director's pages for an event of several sessions: add the next session,
seat the entries at a session's pairs, type the entries' carry-over, seed the
finals from the ranking over the sessions."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from movements.selectors import missing_by_round
from scoring.engine.numbers import typed_whole
from scoring.entry.played import played_boards
from scoring.reports.mail import letters_sent_said
from scoring.table.disputes.dispute import disputes

from .access import DIRECTOR, event_for, session_for
from .address import site_url
from .forms import FinalsForm, SessionAddForm
from .models import Entry, Pair, Session
from .setup.finals import finals_seed
from .setup.sessions import (
    entries_ensure,
    entries_seat,
    entry_carry_over_set,
    entry_names,
    session_add,
)
from .setup.settings import event_publish, session_release


@login_required
@require_http_methods(["GET", "POST"])
def session_new(request: HttpRequest, event_id: int) -> HttpResponse:
    """The event's next session, its entries carried over."""
    event = event_for(request.user, event_id, DIRECTOR)
    form = SessionAddForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            session = session_add(
                event=event,
                kind=data["kind"],
                tables=data["tables"],
                sections=data["sections"],
                boards_per_round=data["boards_per_round"],
                user=request.user,
            )
        except ValidationError as exc:
            form.add_error(None, exc)
        else:
            messages.success(
                request,
                _("Session %(number)s added: seat the entries.")
                % {"number": session.number},
            )
            return redirect("tournaments:session_entries", session.pk)
    return render(
        request, "tournaments/session_new.html", {"event": event, "form": form}
    )


def _seats(request: HttpRequest, pairs: list[Pair]) -> dict[int, int | None]:
    """Pair id -> entry id (None: a late entry to name) from the form."""
    seats: dict[int, int | None] = {}
    for pair in pairs:
        chosen = request.POST.get(f"pair-{pair.pk}", "")
        seats[pair.pk] = typed_whole(chosen)
    return seats


@login_required
@require_http_methods(["GET", "POST"])
def session_entries(request: HttpRequest, session_id: int) -> HttpResponse:
    """Which entry sits at each of the session's pairs; who is not seated."""
    session = session_for(request.user, session_id, DIRECTOR)
    event = session.event
    pairs = list(
        Pair.objects.filter(section__session=session)
        .select_related("section")
        .order_by("section__letter", "-direction", "number")  # NS first
    )
    if request.method == "POST":
        try:
            entries_seat(
                session=session, seats=_seats(request, pairs), user=request.user
            )
        except ValidationError as exc:
            messages.error(request, " ".join(exc.messages))
        else:
            messages.success(request, _("Entries seated."))
            return redirect("tournaments:event_detail", event.pk)
    entries = list(Entry.objects.filter(event=event))
    names = entry_names(event)
    seated = {p.entry_id for p in pairs}
    return render(
        request,
        "tournaments/session_entries.html",
        {
            "session": session,
            "event": event,
            "pairs": pairs,
            "entries": [(e, names.get(e.pk, "")) for e in entries],
            "absent": [(e, names.get(e.pk, "")) for e in entries if e.pk not in seated],
        },
    )


@login_required
@require_http_methods(["GET", "POST"])
def event_entries(request: HttpRequest, event_id: int) -> HttpResponse:
    """The event's entries and their carry-over from a qualifying stage."""
    event = event_for(request.user, event_id, DIRECTOR)
    if request.method == "POST":
        try:
            values = {
                int(key.removeprefix("entry-")): Decimal(request.POST[key])
                if request.POST[key].strip()
                else None
                for key in request.POST
                if key.startswith("entry-")
            }
            entry_carry_over_set(event=event, values=values, user=request.user)
        except (ValueError, InvalidOperation):
            messages.error(request, _("A carry-over is a number, such as 56.25."))
        except ValidationError as exc:
            messages.error(request, " ".join(exc.messages))
        else:
            messages.success(request, _("Carry-over saved."))
            return redirect("tournaments:event_detail", event.pk)
    entries = entries_ensure(event)
    names = entry_names(event)
    return render(
        request,
        "tournaments/event_entries.html",
        {"event": event, "entries": [(e, names.get(e.pk, "")) for e in entries]},
    )


@login_required
@require_http_methods(["GET", "POST"])
def finals(request: HttpRequest, event_id: int) -> HttpResponse:
    """An A final (and a B final) seeded from the ranking over the sessions."""
    event = event_for(request.user, event_id, DIRECTOR)
    form = FinalsForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        bands = [("A", data["a_final"])]
        if data["b_final"]:
            bands.append(("B", data["b_final"]))
        try:
            made = finals_seed(
                event=event,
                bands=bands,
                kind=data["kind"],
                carry=data["carry"],
                user=request.user,
            )
        except ValidationError as exc:
            form.add_error(None, exc)
        else:
            names = ", ".join(final.name for final in made)
            messages.success(request, _("Finals seeded: %(names)s.") % {"names": names})
            return redirect("tournaments:event_detail", made[0].pk)
    return render(request, "tournaments/finals.html", {"event": event, "form": form})


def _missing(session: Session) -> int:
    """Results the movement expects and nobody has entered yet."""
    return sum(
        len(items)
        for section in session.sections.all()
        for _number, items in missing_by_round(section, played_boards(section))
    )


def _letters_sent(request: HttpRequest, session: Session) -> None:
    """Each player's personal results by e-mail, said to the director (or why
    none went)."""
    went, said = letters_sent_said(session, site_url(request))
    (messages.success if went else messages.error)(request, said)


@login_required
@require_http_methods(["GET", "POST"])
def session_finish(request: HttpRequest, session_id: int) -> HttpResponse:
    """Finishing the session on one page: what is missing or disputed, then
    publish and release and (when asked, as by default) e-mail each player in
    one confirmation, the federation's files."""
    session = session_for(request.user, session_id, DIRECTOR)
    event = session.event
    if request.method == "POST":
        event_publish(event=event, on=True, user=request.user)
        session_release(session=session, on=True, user=request.user)
        messages.success(request, _("Results published and released."))
        if request.POST.get("email"):  # read again: published now
            _letters_sent(request, Session.objects.get(pk=session.pk))
        return redirect("tournaments:session_finish", session.pk)
    context = {
        "session": session,
        "event": event,
        "missing": _missing(session),
        "disputed": len(disputes(session)),
        "done": event.published and session.released,
    }
    return render(request, "tournaments/session_finish.html", context)
