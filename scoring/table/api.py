"""The table API: JSON over HTTP for the phone page and any other device.

A phone signs in with its table's code and then sends ``Authorization: Bearer
<token>``; a director's login is never asked or used. Every refusal is JSON
``{"error", "field"}`` with the status of ``Refused``. The contract is
described in ``openapi.json`` beside this module.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from datetime import timedelta
from functools import wraps
from pathlib import Path
from typing import Any

from django.db import OperationalError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET, require_POST

from scoring.engine.boards import vulnerability
from scoring.engine.contract import ns_score
from scoring.models import TableCode, TableEntry

from . import services
from .codes import signin as code_signin
from .codes import table_of_token, token_for
from .refusals import Refused
from .rounds import TableRound, next_moves, table_round
from .sent import members_read, result_read, sent_read
from .shown import board_shown

OPENAPI = Path(__file__).with_name("openapi.json")
SEEN_EVERY = timedelta(seconds=20)
LOCKED_RETRIES = 4

View = Callable[..., HttpResponse]


def _refusal(refused: Refused) -> JsonResponse:
    body = {"error": refused.message, "field": refused.field or None}
    return JsonResponse(body, status=refused.status)


def _body(request: HttpRequest) -> Any:
    try:
        return json.loads(request.body or b"{}")
    except (ValueError, UnicodeDecodeError):
        raise Refused(400, _("The request body is not JSON.")) from None


def _bearer(request: HttpRequest) -> TableCode:
    scheme, _sep, token = request.headers.get("Authorization", "").partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise Refused(401, _("Sign in with the table's code first."))
    code = table_of_token(token.strip())
    now = timezone.now()
    if code.last_seen is None or now - code.last_seen > SEEN_EVERY:
        TableCode.objects.filter(pk=code.pk).update(last_seen=now)
    return code


def _retrying(view: View) -> View:
    """SQLite allows one writer: a request that found the database locked beyond
    the busy timeout runs again (its transaction was rolled back)."""

    @wraps(view)
    def run(*args: Any, **kwargs: Any) -> HttpResponse:
        for attempt in range(LOCKED_RETRIES):
            try:
                return view(*args, **kwargs)
            except OperationalError as error:
                if "locked" not in str(error) or attempt == LOCKED_RETRIES - 1:
                    raise
                time.sleep(0.05 * 2**attempt)
        raise AssertionError("unreachable")

    return run


def table_view(view: Callable[..., JsonResponse]) -> View:
    """A view for a signed-in table: ``view(request, code, ...)``."""

    @csrf_exempt
    @wraps(view)
    @_retrying
    def run(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            return view(request, _bearer(request), *args, **kwargs)
        except Refused as refused:
            return _refusal(refused)

    return run


@csrf_exempt
@require_POST
def signin(request: HttpRequest) -> HttpResponse:
    try:
        data = _body(request)
        text = data.get("code", "") if isinstance(data, dict) else ""
        code = code_signin(str(text))
    except Refused as refused:
        return _refusal(refused)
    return JsonResponse(
        {"token": token_for(code), "section": code.section.letter, "table": code.table}
    )


def _contract(entry: TableEntry) -> str:
    if entry.not_played:
        return "NP"
    if entry.level is None:
        return "Pass"
    return f"{entry.level}{entry.strain}{entry.doubling}"


def _entry_json(entry: TableEntry) -> dict[str, Any]:
    return {
        "id": entry.pk,
        "board": entry.board.number,
        "status": entry.status,
        "contract": _contract(entry),
        "declarer": entry.declarer or None,
        "tricks": entry.tricks,
        "lead": entry.lead or None,
        "score_ns": entry.score_ns,
    }


def _pair_json(pair: Any) -> dict[str, Any] | None:
    return None if pair is None else {"label": pair.label, "names": pair.names}


def round_json(state: TableRound) -> dict[str, Any]:
    code, seating = state.code, state.seating
    session = code.section.session
    ns, ew = state.holding
    arrow = bool(seating and seating.arrow_switched)
    entries = {number: _entry_json(e) for number, e in state.entries.items()}
    return {
        "event": session.event.name,
        "session": session.number,
        "section": code.section.letter,
        "table": code.table,
        "round": state.round,
        "finished": state.finished,
        "sit_out": state.sit_out,
        "arrow_switch": arrow,
        "ns": ns.label if ns else None,
        "ew": ew.label if ew else None,
        "pairs": {"ns": _pair_json(ns), "ew": _pair_json(ew)},
        "boards": [
            {"number": b.number, "status": b.status, "entry": entries.get(b.number)}
            for b in state.boards
        ],
        "next": None if state.finished else next_moves(state),
        "options": {
            "lead": session.table_leads,
            "players": session.table_players,
            "shows": session.table_shows,
        },
        "called": code.called_at is not None,
    }


@require_GET
@table_view
def round_now(request: HttpRequest, code: TableCode) -> JsonResponse:
    return JsonResponse(round_json(table_round(code)))


@require_POST
@table_view
def results(request: HttpRequest, code: TableCode) -> JsonResponse:
    entry, created = services.entry_send(code, sent_read(_body(request)))
    body = {"id": entry.pk, "status": entry.status, "score_ns": entry.score_ns}
    return JsonResponse(body, status=201 if created else 200)


def _decided(code: TableCode, entry: TableEntry) -> JsonResponse:
    shown = None
    if entry.status == TableEntry.Status.ACCEPTED:
        shown = board_shown(code, entry.board.number)
    return JsonResponse({**_entry_json(entry), "shown": shown})


@require_POST
@table_view
def confirm(request: HttpRequest, code: TableCode, entry_id: int) -> JsonResponse:
    entry = services.entry_confirm(code, entry_id)
    if entry.status != TableEntry.Status.ACCEPTED:
        message = _("The director has entered this board for your table.")
        raise Refused(409, message, "board")
    return _decided(code, entry)


@require_POST
@table_view
def reject(request: HttpRequest, code: TableCode, entry_id: int) -> JsonResponse:
    return _decided(code, services.entry_reject(code, entry_id))


@require_GET
@table_view
def board(request: HttpRequest, code: TableCode, number: int) -> JsonResponse:
    return JsonResponse({"board": number, "shown": board_shown(code, number)})


@require_GET
@table_view
def score(request: HttpRequest, code: TableCode) -> JsonResponse:
    """The NS score of a result before it is sent, from the one scoring rule."""
    board, result = result_read(request.GET.dict())
    vulnerable = vulnerability(board)
    return JsonResponse(
        {"score_ns": None if result is None else ns_score(result, vulnerable)}
    )


@require_POST
@table_view
def players(request: HttpRequest, code: TableCode) -> JsonResponse:
    if not code.section.session.table_players:
        raise Refused(409, _("The director has not asked for member numbers."))
    side, members = members_read(_body(request))
    pair = services.players_sign_in(code, side, members)
    return JsonResponse({"pair": pair.label, "names": pair.names})


@require_POST
@table_view
def call(request: HttpRequest, code: TableCode) -> JsonResponse:
    services.director_call(code)
    return JsonResponse({"called": True})


@require_GET
def openapi(request: HttpRequest) -> HttpResponse:
    return HttpResponse(OPENAPI.read_bytes(), content_type="application/json")
