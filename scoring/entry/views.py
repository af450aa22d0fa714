"""The keyboard traveller: type a line, Enter, next line; correct, delete and
adjust a line; the score of a typed entry while it is typed."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from movements.selectors import (
    Expected,
    board_expected,
    entry_initial,
    schedule_warning,
)
from scoring.documents.html import html_table
from scoring.engine.boards import vulnerability
from scoring.engine.contract import ns_score
from scoring.engine.notation import (
    Entry,
    Language,
    NotationError,
    format_lead,
    parse_entry,
)
from scoring.models import TravellerLine
from scoring.reports.layout import traveller_table
from scoring.reports.rows import TravellerRow, traveller_rows
from scoring.standings import session_results
from tournaments.access import DIRECTOR, SCORER, Role, get_for, section_for
from tournaments.models import Section

from . import services
from .forms import (
    ArtificialForm,
    AssignedForm,
    TravellerEntryForm,
    VersionForm,
    language_of,
)
from .individuals import (
    IndividualEntryForm,
    individual_initial,
    line_initial,
    partners_warning,
)
from .messages import notation_message
from .played import played_board, played_boards
from .tables import ExpectedTable, IndividualExpectedTable

EntryForm = TravellerEntryForm | IndividualEntryForm


def _lead(entry: Entry) -> str:
    return format_lead(entry.lead, Language.EN) if entry.lead else ""


def _entry_form(
    request: HttpRequest, section: Section, board: int, initial: dict[str, object]
) -> EntryForm:
    """The pairs' traveller form, or an individual's with its four players."""
    data, language = request.POST or None, language_of(request.user)
    if section.session.event.individual:
        return IndividualEntryForm(
            data, section=section, language=language, board=board, initial=initial
        )
    return TravellerEntryForm(data, section=section, language=language, initial=initial)


def _record(
    request: HttpRequest,
    form: EntryForm,
    board: int,
    line: TravellerLine | None = None,
) -> TravellerLine:
    data = form.cleaned_data
    return services.line_record(
        section=form.section,
        board_number=board,
        ns_pair=data["ns_pair"],
        ew_pair=data["ew_pair"],
        south=data.get("south"),
        west=data.get("west"),
        result=data["parsed"].result,
        lead=_lead(data["parsed"]),
        round_no=data.get("round_no"),
        table=data.get("table"),
        line=line,
        user=request.user,
    )


def _line(request: HttpRequest, line_id: int, role: Role) -> TravellerLine:
    lines = TravellerLine.objects.select_related(
        "section__session__event", "board", "ns_pair", "ew_pair", "south", "west"
    )
    club = "section__session__event__club"
    return get_for(request.user, lines, club, role, pk=line_id)


def _warn_off_schedule(
    request: HttpRequest, section: Section, line: TravellerLine
) -> None:
    warning = schedule_warning(section, played_board(line))
    if not warning and section.session.event.individual:
        warning = partners_warning(section, line)
    if warning:
        messages.warning(request, warning)


@dataclass(frozen=True)
class _Entered:
    """A traveller row with its correction link and whether the schedule seats it."""

    row: TravellerRow
    edit_url: str
    off_schedule: bool

    @property
    def ns(self) -> str:
        return self.row.ns

    @property
    def ew(self) -> str:
        return self.row.ew


def _entered(rows: Sequence[TravellerRow], expected: list[Expected]) -> list[_Entered]:
    """Each row with its link, flagged when the schedule does not seat its pairs."""
    seated = {e.line.key for e in expected if e.line is not None}
    return [
        _Entered(
            row,
            reverse("scoring:line_edit", args=[row.scored.line.pk]),
            bool(expected) and played_board(row.scored.line).key not in seated,
        )
        for row in rows
    ]


@login_required
@require_http_methods(["GET", "POST"])
def board_entry(request: HttpRequest, section_id: int, board: int) -> HttpResponse:
    """The keyboard traveller: type a line, Enter, next line."""
    section = section_for(request.user, section_id)
    expected = board_expected(section, board, played_boards(section))
    asked = (expected, request.GET.get("round"), request.GET.get("table"))
    individual = section.session.event.individual
    initial = individual_initial(*asked) if individual else entry_initial(*asked)
    form = _entry_form(request, section, board, initial)
    if request.method == "POST" and form.is_valid():
        try:
            line = _record(request, form, board)
        except ValidationError as exc:
            form.add_error(None, exc)
        else:
            _warn_off_schedule(request, section, line)
            return redirect("scoring:board_entry", section.pk, board)
    return render(
        request,
        "scoring/board_entry.html",
        {**_traveller_context(section, board, expected), "form": form},
    )


def _traveller_context(
    section: Section, board: int, expected: list[Expected]
) -> dict[str, Any]:
    results = session_results(section.session)
    table_class = (
        IndividualExpectedTable if section.session.event.individual else ExpectedTable
    )
    scored = next(
        (
            b
            for b in results.boards
            if b.number == board and b.section in (None, section)
        ),
        None,
    )
    return {
        "expected": expected,
        "expected_table": table_class(expected),
        "missing": [e for e in expected if e.line is None],
        "section": section,
        "event": section.session.event,
        "board": board,
        "vulnerability": vulnerability(board),
        "rows": _entered(traveller_rows(scored, results), expected) if scored else [],
        "table": html_table(traveller_table(scored, results)) if scored else None,
        "board_numbers": sorted({b.number for b in results.boards} | {board}),
    }


@login_required
@require_http_methods(["GET", "POST"])
def line_edit(request: HttpRequest, line_id: int) -> HttpResponse:
    line = _line(request, line_id, SCORER)
    language = language_of(request.user)
    initial = {
        **(line_initial(line) if line.section.session.event.individual else {}),
        "ns": line.ns_pair.number,
        "ew": line.ew_pair.number,
        "table": line.table,
        "round_no": line.round,
        "entry": services.line_entry_text(line, language),
    }
    form = _entry_form(request, line.section, line.board.number, initial)
    artificial = ArtificialForm(
        initial={"ns": line.ns_artificial, "ew": line.ew_artificial}
    )
    assigned = AssignedForm(language=language)
    version = VersionForm(initial={"version": line.version})
    if request.method == "POST" and form.is_valid():
        try:
            line = _record(request, form, line.board.number, line)
        except ValidationError as exc:
            form.add_error(None, exc)
        else:
            messages.success(request, _("Result corrected; the session is re-scored."))
            _warn_off_schedule(request, line.section, line)
            return redirect("scoring:board_entry", line.section_id, line.board.number)
    return render(
        request,
        "scoring/line_edit.html",
        {
            "line": line,
            "form": form,
            "artificial": artificial,
            "assigned": assigned,
            "version": version,
        },
    )


@login_required
@require_POST
def line_delete(request: HttpRequest, line_id: int) -> HttpResponse:
    line = _line(request, line_id, DIRECTOR)
    section_id, board = line.section_id, line.board.number
    services.line_delete(line=line, user=request.user)
    messages.success(request, _("Result deleted."))
    return redirect("scoring:board_entry", section_id, board)


def _adjust(
    request: HttpRequest,
    line_id: int,
    form: forms.Form,
    apply: Callable[[TravellerLine, dict[str, Any]], object],
    done: str,
) -> HttpResponse:
    """Validate an adjustment form, apply it, and go back to the traveller."""
    line = _line(request, line_id, DIRECTOR)
    try:
        if not form.is_valid():
            raise ValidationError([e for errs in form.errors.values() for e in errs])
        apply(line, form.cleaned_data)
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
        return redirect("scoring:line_edit", line.pk)
    messages.success(request, done)
    return redirect("scoring:board_entry", line.section_id, line.board.number)


@login_required
@require_POST
def line_artificial(request: HttpRequest, line_id: int) -> HttpResponse:
    def apply(line: TravellerLine, data: dict[str, Any]) -> object:
        return services.artificial_set(
            line=line, ns=data["ns"], ew=data["ew"], user=request.user
        )

    form = ArtificialForm(request.POST)
    return _adjust(request, line_id, form, apply, _("Adjusted score saved."))


@login_required
@require_POST
def line_version(request: HttpRequest, line_id: int) -> HttpResponse:
    def apply(line: TravellerLine, data: dict[str, Any]) -> object:
        return services.version_set(
            line=line, version=data["version"], user=request.user
        )

    form = VersionForm(request.POST)
    return _adjust(request, line_id, form, apply, _("Deal version saved."))


@login_required
@require_POST
def line_assigned(request: HttpRequest, line_id: int) -> HttpResponse:
    def apply(line: TravellerLine, data: dict[str, Any]) -> object:
        parts = [(weight, entry.result) for weight, entry in data["results"]]
        return services.assigned_set(
            line=line, side=data["side"], parts=parts, user=request.user
        )

    form = AssignedForm(request.POST, language=language_of(request.user))
    return _adjust(request, line_id, form, apply, _("Assigned score saved."))


@login_required
@require_GET
def preview(request: HttpRequest, board: int) -> JsonResponse:
    """The score of a typed entry, shown while the director types."""
    try:
        entry = parse_entry(request.GET.get("entry", ""), language_of(request.user))
    except NotationError as exc:
        return JsonResponse({"ok": False, "message": notation_message(exc)})
    score = ns_score(entry.result, vulnerability(board))
    return JsonResponse({"ok": True, "score_ns": score})
