"""Director's pages: session set-up, movement changes, guide cards, missing results."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.text import capfirst, slugify
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from movements import engine
from movements.engine.individual import validate_individual
from scoring.documents.document import Document, Table
from scoring.documents.html import html_table
from scoring.documents.pdf import render_pdf
from scoring.entry.played import played_boards
from scoring.entry.services import log_event
from tournaments.access import DIRECTOR, SCORER, Role, section_for
from tournaments.models import Section

from . import services
from .adapters import stored_individual, stored_movement
from .forms import ChangeForm, ChooseForm, GridForm, SetupForm
from .guide_cards import pair_cards, table_cards
from .individuals import (
    individual_table_cards,
    player_cards,
    player_names,
    schedule_table,
    sit_outs,
)
from .models import SectionMovement
from .problems import refusal_told
from .proposals import movement_proposals, proposal_build
from .selectors import (
    board_copies_of,
    missing_by_round,
    schedule_grid,
    switched_rounds,
)
from .tables import MissingTable, grid_table


def _section(request: HttpRequest, section_id: int, role: Role = DIRECTOR) -> Section:
    return section_for(request.user, section_id, role)


def _logged(request: HttpRequest, section: Section, text: str) -> None:
    """Movement changes go to the event's change log like results do."""
    what = f"section {section.letter}: {text}"
    log_event(section.session.event_id, request.user, "movement", what)


def _problems(section: Section) -> list[engine.Problem]:
    movement = stored_movement(section)
    stored = SectionMovement.objects.filter(section=section).first()
    if movement is None or stored is None or stored.changed_from_round:
        return []
    return engine.validate(movement)


def _schedule_context(section: Section) -> dict:
    tables_seen, grid = schedule_grid(section)
    stored = SectionMovement.objects.filter(section=section).first()
    return {
        "section": section,
        "event": section.session.event,
        "stored": stored,
        "switched": switched_rounds(section),
        "copies": board_copies_of(section) if stored and stored.barometer else 0,
        "grid": grid_table(tables_seen, grid) if grid else None,
        "problems": _problems(section),
        "has_results": bool(played_boards(section)),
        "change_form": ChangeForm(),
    }


def _individual_page(request: HttpRequest, section: Section) -> HttpResponse:
    """An individual's schedule: who sits where each round, who sits out, and
    the validator's warnings (the movement is chosen when the event is made)."""
    movement = stored_individual(section)
    names = player_names(section)
    context: dict[str, object] = {
        "section": section,
        "event": section.session.event,
        "stored": SectionMovement.objects.filter(section=section).first(),
        "schedule": None,
        "sit_outs": [],
        "problems": [],
    }
    if movement is not None:
        context.update(
            schedule=html_table(schedule_table(movement, names)),
            sit_outs=sit_outs(movement, names),
            problems=validate_individual(movement),
            players=len(movement.players),
            phantoms=", ".join(map(str, movement.phantoms)),
        )
    return render(request, "movements/individual_movement.html", context)


def _refuse_individual(request: HttpRequest, section: Section) -> bool:
    if not section.session.event.individual:
        return False
    messages.error(
        request, _("An individual's movement is chosen when the event is made.")
    )
    return True


def _form_errors(form: forms.Form) -> str:
    """Every error of a form, each after the label of its field."""
    said = []
    for name, errors in form.errors.items():
        field = form.fields.get(name)
        label = (
            f"{capfirst(field.label)}: " if field is not None and field.label else ""
        )
        said += [f"{label}{error}" for error in errors]
    return " ".join(said)


def _choice_store(request: HttpRequest, section: Section) -> None:
    """Store the proposal the director chose, with the extras ticked on it."""
    choice = ChooseForm(request.POST)
    if not choice.is_valid():
        messages.error(request, _form_errors(choice))
        return
    data = choice.cleaned_data
    try:
        proposal = proposal_build(
            key=data["key"],
            tables=data["tables"],
            half_table=data["half_table"],
            boards_per_round=data["boards_per_round"],
            extras=choice.extras(),
        )
        services.movement_apply(
            section=section, movement=proposal.movement, played=played_boards(section)
        )
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    else:
        _logged(request, section, f"movement stored: {proposal.label}")
        messages.success(request, _("Movement stored: %s") % proposal.label)


@login_required
@require_http_methods(["GET", "POST"])
def section_movement(request: HttpRequest, section_id: int) -> HttpResponse:
    """Enter tables and boards, see the proposals, choose one; see the schedule."""
    section = _section(request, section_id)
    if request.method == "GET" and section.session.event.individual:
        return _individual_page(request, section)
    if request.method == "POST":
        if _refuse_individual(request, section):
            return redirect("movements:setup", section.pk)
        _choice_store(request, section)
        return redirect("movements:setup", section.pk)
    setup = SetupForm(request.GET or None, initial={"tables": section.tables})
    proposals = []
    if setup.is_valid():
        proposals = movement_proposals(**setup.cleaned_data)
    context = _schedule_context(section)
    context.update({"setup": setup, "proposals": proposals})
    return render(request, "movements/section_movement.html", context)


def _changed(section: Section, data: dict) -> engine.Movement:
    current = stored_movement(section)
    if current is None:
        raise ValidationError(_("The section has no movement to change."))
    try:
        if data["action"] == ChangeForm.LEAVES:
            return engine.pair_leaves(current, engine.Pair.parse(data["pair"]))
        return engine.pair_arrives(current)
    except engine.MovementError as exc:
        raise ValidationError(refusal_told(exc)) from None


@login_required
@require_POST
def movement_change(request: HttpRequest, section_id: int) -> HttpResponse:
    """A pair leaves or a late pair arrives before a round starts."""
    section = _section(request, section_id)
    form = ChangeForm(request.POST)
    try:
        if not form.is_valid():
            raise ValidationError([e for errs in form.errors.values() for e in errs])
        services.movement_change(
            section=section,
            movement=_changed(section, form.cleaned_data),
            from_round=form.cleaned_data["from_round"],
            played=played_boards(section),
        )
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    else:
        _logged(
            request, section, f"changed from round {form.cleaned_data['from_round']}"
        )
        messages.success(request, _("Movement changed; every result is kept."))
    if request.POST.get("back") == "pairs":  # the late pair's names come next
        return redirect("tournaments:section_pairs", section.pk)
    return redirect("movements:setup", section.pk)


def _grid_store(section: Section, data: dict) -> list[engine.Problem]:
    """Parse and validate a typed grid; store it only when it has no error."""
    try:
        movement = engine.parse_grid(
            data["grid"], boards_per_round=data["boards_per_round"]
        )
    except engine.MovementError as exc:
        raise ValidationError(refusal_told(exc)) from None
    problems = engine.validate(movement, complete=False)
    if any(p.level == "error" for p in problems):
        return problems
    played = played_boards(section)
    if data["from_round"]:
        services.movement_change(
            section=section,
            movement=movement,
            from_round=data["from_round"],
            played=played,
        )
    else:
        services.movement_apply(section=section, movement=movement, played=played)
    return problems


@login_required
@require_http_methods(["GET", "POST"])
def movement_grid(request: HttpRequest, section_id: int) -> HttpResponse:
    """A custom movement pasted as a grid, validated before it is stored."""
    section = _section(request, section_id)
    if _refuse_individual(request, section):
        return redirect("movements:setup", section.pk)
    form = GridForm(request.POST or None)
    problems: list[engine.Problem] = []
    if request.method == "POST" and form.is_valid():
        try:
            problems = _grid_store(section, form.cleaned_data)
        except ValidationError as exc:
            form.add_error(None, exc)
        else:
            if not any(p.level == "error" for p in problems):
                _logged(request, section, "custom movement stored")
                messages.success(request, _("Custom movement stored."))
                return redirect("movements:setup", section.pk)
    return render(
        request,
        "movements/movement_grid.html",
        {"section": section, "form": form, "problems": problems},
    )


def _cards(section: Section, which: str) -> Document:
    """``which`` "pairs": the pairs' (an individual's players') cards."""
    if section.session.event.individual:
        if which == "pairs":
            return player_cards(section)
        return individual_table_cards(section)
    return pair_cards(section) if which == "pairs" else table_cards(section)


@login_required
@require_GET
def guide_cards(request: HttpRequest, section_id: int) -> HttpResponse:
    section = _section(request, section_id, SCORER)
    which = request.GET.get("cards", "tables")
    document = _cards(section, which)
    cards = [html_table(b) for b in document.blocks if isinstance(b, Table)]
    return render(
        request,
        "movements/guide_cards.html",
        {"section": section, "document": document, "cards": cards, "which": which},
    )


@login_required
@require_GET
def guide_cards_pdf(request: HttpRequest, section_id: int) -> HttpResponse:
    section = _section(request, section_id, SCORER)
    which = request.GET.get("cards", "tables")
    size = "Letter" if request.GET.get("size") == "Letter" else "A4"
    response = HttpResponse(
        render_pdf(_cards(section, which), size), content_type="application/pdf"
    )
    name = slugify(f"{section.session.event.name}-{section.letter}-{which}")
    response["Content-Disposition"] = f'attachment; filename="{name}.pdf"'
    return response


@login_required
@require_GET
def missing_results(request: HttpRequest, section_id: int) -> HttpResponse:
    section = _section(request, section_id, SCORER)
    return render(
        request,
        "movements/missing_results.html",
        {
            "section": section,
            "event": section.session.event,
            "rounds": [
                (number, len(items), MissingTable(items))
                for number, items in missing_by_round(section, played_boards(section))
            ],
            "has_movement": SectionMovement.objects.filter(section=section).exists(),
        },
    )
