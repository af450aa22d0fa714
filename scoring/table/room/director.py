"""The director's side of play at the tables: the control room, the table
cards, and the actions on the room (rounds, opening and closing the tables,
reopening a board, answering a call, a new code for a lost phone)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse, QueryDict
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from scoring.engine.numbers import typed_whole
from scoring.live.changes import last_change
from scoring.live.displays import display_key
from scoring.models import TableCode, TravellerLine
from scoring.table.play import calling, disagreements, services
from scoring.table.play.codes import code_renew, codes_ensure
from scoring.table.room.cards import Card, card_evening, cards_pdf, qr_image
from scoring.table.room.draw import swiss_offer
from scoring.table.room.forms import TableOptionsForm
from scoring.table.room.matches import matches_progress
from scoring.table.room.state import room_state
from tournaments.access import DIRECTOR, SCORER, Role, get_for, session_for
from tournaments.address import address_context, site_link
from tournaments.models import Session
from tournaments.setup.settings import event_settings_set


def _room(session: Session) -> HttpResponse:
    return redirect("table_room:room", session.pk)


def _options_form(session: Session, data: QueryDict | None = None) -> TableOptionsForm:
    initial = {"hide_current_round": session.event.hide_current_round}
    barometer = (
        session.event.individual
        or session.sections.filter(movement__barometer=True).exists()
    )
    return TableOptionsForm(
        data, instance=session, initial=initial, barometer=barometer
    )


@login_required
@require_GET
def room(request: HttpRequest, session_id: int) -> HttpResponse:
    session = session_for(request.user, session_id, SCORER)
    key = display_key(session)
    state = room_state(session)
    context = {
        "session": session,
        "event": session.event,
        "change": last_change(session.event_id),
        "room": state,
        "matches": matches_progress(state),
        "swiss": swiss_offer(session),
        "display": reverse("public:room", args=[key]),
        "projector": reverse("public:room_projector", args=[key]),
        # the live part carries it too: the form's round follows the rounds called
        "round_next": calling.round_next(session),
    }
    if request.GET.get("part") == "live":
        return render(request, "table/_room_live.html", context)
    context["options"] = _options_form(session)
    return render(request, "table/room.html", context)


@login_required
@require_POST
def round_call(request: HttpRequest, session_id: int) -> HttpResponse:
    session = session_for(request.user, session_id, DIRECTOR)
    try:
        number = typed_whole(request.POST.get("round", "").strip())
        calling.round_call(session=session, number=number or 0, user=request.user)
    except ValidationError as error:
        text = " ".join(error.messages)
        messages.error(request, _("Round not called: %(error)s") % {"error": text})
    return _room(session)


@login_required
@require_POST
def tables_open(request: HttpRequest, session_id: int) -> HttpResponse:
    session = session_for(request.user, session_id, DIRECTOR)
    open_ = request.POST.get("open") == "1"
    services.tables_open_set(session=session, open_=open_, user=request.user)
    return _room(session)


@login_required
@require_POST
def options(request: HttpRequest, session_id: int) -> HttpResponse:
    session = session_for(request.user, session_id, DIRECTOR)
    form = _options_form(session, request.POST)
    if form.is_valid():
        changes = {n: form.cleaned_data[n] for n in services.TABLE_OPTIONS}
        services.table_options_set(session=session, changes=changes, user=request.user)
        hide = form.cleaned_data["hide_current_round"]
        event_settings_set(
            event=session.event, changes={"hide_current_round": hide}, user=request.user
        )
        messages.success(request, _("Settings saved."))
    else:
        messages.error(request, _("The settings were not saved: check the form."))
    return _room(session)


def _code(request: HttpRequest, code_id: int, role: Role) -> TableCode:
    codes = TableCode.objects.select_related("section__session__event")
    return get_for(
        request.user, codes, "section__session__event__club", role, pk=code_id
    )


@login_required
@require_POST
def call_clear(request: HttpRequest, code_id: int) -> HttpResponse:
    code = disagreements.call_clear(_code(request, code_id, SCORER))
    return _room(code.section.session)


@login_required
@require_POST
def renew(request: HttpRequest, code_id: int) -> HttpResponse:
    code = code_renew(_code(request, code_id, DIRECTOR))
    messages.success(
        request,
        _("Table %(table)s has a new code: %(code)s.")
        % {"table": f"{code.section.letter}{code.table}", "code": code.code},
    )
    return _room(code.section.session)


@login_required
@require_POST
def reopen(request: HttpRequest, line_id: int) -> HttpResponse:
    lines = TravellerLine.objects.select_related("section__session__event", "board")
    line = get_for(
        request.user, lines, "section__session__event__club", SCORER, pk=line_id
    )
    try:
        services.board_reopen(line=line, user=request.user)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    return _room(line.section.session)


def _cards(request: HttpRequest, session: Session) -> list[Card]:
    """Each table's card, with the site's public address (SITE_URL)."""
    evening = card_evening(session.event.name, session.number, session.date)
    return [
        Card(
            c.section.letter,
            c.table,
            c.code,
            site_link(request, reverse("table:code", args=[c.code])),
            evening,
        )
        for c in codes_ensure(session)
    ]


@login_required
@require_GET
def cards(request: HttpRequest, session_id: int) -> HttpResponse:
    session = session_for(request.user, session_id, DIRECTOR)
    shown = [(card, qr_image(card.url)) for card in _cards(request, session)]
    context = {"session": session, "cards": shown, **address_context(request)}
    return render(request, "table/cards.html", context)


@login_required
@require_GET
def cards_download(request: HttpRequest, session_id: int) -> HttpResponse:
    session = session_for(request.user, session_id, DIRECTOR)
    title = _("Table cards · %(event)s") % {"event": session.event.name}
    pdf = cards_pdf(_cards(request, session), title)
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="tables-{session.pk}.pdf"'
    return response
