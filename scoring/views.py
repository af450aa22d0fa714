"""Director's pages for travellers, rankings and scorecards."""

from __future__ import annotations

from collections.abc import Callable

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_tables2 import RequestConfig

from movements.selectors import board_expected, entry_initial, schedule_warning
from scoring.engine.boards import vulnerability
from scoring.engine.contract import ns_score
from scoring.engine.notation import Language, NotationError, format_lead, parse_entry
from tournaments.models import Pair, Section, Session

from . import reports, services
from .forms import ArtificialForm, AssignedForm, TravellerEntryForm, language_of
from .models import TravellerLine
from .notation_messages import notation_message
from .selectors import session_results
from .tables import RankingTable, ScorecardTable, TravellerTable


def _lead(entry) -> str:  # noqa: ANN001
    return format_lead(entry.lead, Language.EN) if entry.lead else ""


def _record(request: HttpRequest, form: TravellerEntryForm, board: int, line=None):  # noqa: ANN001, ANN202
    data = form.cleaned_data
    return services.line_record(
        section=form.section,
        board_number=board,
        ns_pair=data["ns_pair"],
        ew_pair=data["ew_pair"],
        result=data["parsed"].result,
        lead=_lead(data["parsed"]),
        round_no=data.get("round_no"),
        table=data.get("table"),
        line=line,
        user=request.user,
    )


def _warn_off_schedule(
    request: HttpRequest, section: Section, board: int, line: TravellerLine
) -> None:
    warning = schedule_warning(section, board, line)
    if warning:
        messages.warning(request, warning)


def _mark_off_schedule(rows: list[dict], expected: list) -> None:  # type: ignore[type-arg]
    """Flag traveller rows whose pairs the schedule does not seat on this board."""
    seated = {e.line.pk for e in expected if e.line is not None}
    for row in rows:
        row["off_schedule"] = bool(expected) and row["line"].pk not in seated


@login_required
@require_http_methods(["GET", "POST"])
def board_entry(request: HttpRequest, section_id: int, board: int) -> HttpResponse:
    """The keyboard traveller: type a line, Enter, next line."""
    section = get_object_or_404(
        Section.objects.select_related("session__event"), pk=section_id
    )
    expected = board_expected(section, board)
    form = TravellerEntryForm(
        request.POST or None,
        section=section,
        language=language_of(request.user),
        initial=entry_initial(
            expected, request.GET.get("round"), request.GET.get("table")
        ),
    )
    if request.method == "POST" and form.is_valid():
        try:
            line = _record(request, form, board)
        except ValidationError as exc:
            form.add_error(None, exc)
        else:
            _warn_off_schedule(request, section, board, line)
            return redirect("scoring:board_entry", section.pk, board)
    results = session_results(section.session)
    scored = next(
        (
            b
            for b in results.boards
            if b.number == board and b.section in (None, section)
        ),
        None,
    )
    rows = reports.traveller_rows(scored, results) if scored else []
    for row in rows:
        row["edit_url"] = reverse("scoring:line_edit", args=[row["line"].pk])
    _mark_off_schedule(rows, expected)
    context = {
        "expected": expected,
        "missing": [e for e in expected if e.line is None],
        "section": section,
        "event": section.session.event,
        "board": board,
        "vulnerability": vulnerability(board),
        "form": form,
        "rows": rows,
        "table": TravellerTable(rows),
        "board_numbers": sorted({b.number for b in results.boards} | {board}),
    }
    return render(request, "scoring/board_entry.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def line_edit(request: HttpRequest, line_id: int) -> HttpResponse:
    line = get_object_or_404(
        TravellerLine.objects.select_related(
            "section__session__event", "board", "ns_pair", "ew_pair"
        ),
        pk=line_id,
    )
    language = language_of(request.user)
    initial = {
        "ns": line.ns_pair.number,
        "ew": line.ew_pair.number,
        "table": line.table,
        "round_no": line.round,
        "entry": services.line_entry_text(line, language),
    }
    form = TravellerEntryForm(
        request.POST or None, section=line.section, language=language, initial=initial
    )
    artificial = ArtificialForm(
        initial={"ns": line.ns_artificial, "ew": line.ew_artificial}
    )
    assigned = AssignedForm(language=language)
    if request.method == "POST" and form.is_valid():
        try:
            _record(request, form, line.board.number, line)
        except ValidationError as exc:
            form.add_error(None, exc)
        else:
            messages.success(request, _("Result corrected; the session is re-scored."))
            return redirect("scoring:board_entry", line.section_id, line.board.number)
    return render(
        request,
        "scoring/line_edit.html",
        {"line": line, "form": form, "artificial": artificial, "assigned": assigned},
    )


@login_required
@require_POST
def line_delete(request: HttpRequest, line_id: int) -> HttpResponse:
    line = get_object_or_404(TravellerLine.objects.select_related("board"), pk=line_id)
    section_id, board = line.section_id, line.board.number
    services.line_delete(line=line, user=request.user)
    messages.success(request, _("Result deleted."))
    return redirect("scoring:board_entry", section_id, board)


def _adjust(
    request: HttpRequest,
    line_id: int,
    form: forms.Form,
    apply: Callable[[TravellerLine, dict], object],
    done: str,
) -> HttpResponse:
    """Validate an adjustment form, apply it, and go back to the traveller."""
    line = get_object_or_404(TravellerLine.objects.select_related("board"), pk=line_id)
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
    def apply(line: TravellerLine, data: dict) -> object:
        return services.artificial_set(
            line=line, ns=data["ns"], ew=data["ew"], user=request.user
        )

    form = ArtificialForm(request.POST)
    return _adjust(request, line_id, form, apply, _("Adjusted score saved."))


@login_required
@require_POST
def line_assigned(request: HttpRequest, line_id: int) -> HttpResponse:
    def apply(line: TravellerLine, data: dict) -> object:
        parts = [(weight, entry.result) for weight, entry in data["results"]]
        return services.assigned_set(
            line=line, side=data["side"], parts=parts, user=request.user
        )

    form = AssignedForm(request.POST, language=language_of(request.user))
    return _adjust(request, line_id, form, apply, _("Assigned score saved."))


@login_required
@require_GET
def ranking(request: HttpRequest, session_id: int) -> HttpResponse:
    session = get_object_or_404(Session.objects.select_related("event"), pk=session_id)
    if session.event.scoring != "mp":  # IMP and team events have their own page
        return redirect("imps:ranking", session.pk)
    results = session_results(session)
    groups = []
    for title, rows in reports.ranking_groups(results):
        for row in rows:
            row["pair_url"] = reverse("scoring:scorecard", args=[row["pair"].pk])
        groups.append((title, RankingTable(rows, prefix=f"g{len(groups)}-")))
    for _title, table in groups:
        table.paginate = False
        tables_config(request, table)
    return render(
        request,
        "scoring/ranking.html",
        {
            "session": session,
            "event": session.event,
            "groups": groups,
            "results": results,
        },
    )


def tables_config(request: HttpRequest, table) -> None:  # noqa: ANN001
    RequestConfig(request, paginate=False).configure(table)


@login_required
@require_GET
def scorecard(request: HttpRequest, pair_id: int) -> HttpResponse:
    pair = get_object_or_404(
        Pair.objects.select_related("section__session__event"), pk=pair_id
    )
    if pair.section.session.event.scoring != "mp":  # IMP and team events
        return redirect("imps:scorecard", pair.pk)
    results = session_results(pair.section.session)
    standing = next((s for s in results.standings if s.pair.pk == pair.pk), None)
    rows = reports.scorecard_rows(pair.pk, results)
    table = ScorecardTable(rows)
    tables_config(request, table)
    return render(
        request,
        "scoring/scorecard.html",
        {
            "pair": pair,
            "event": pair.section.session.event,
            "standing": standing,
            "table": table,
            "session": pair.section.session,
        },
    )


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
