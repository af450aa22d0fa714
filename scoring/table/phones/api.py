"""The table API: JSON over HTTP for the phone page and any other device.

A phone signs in with its table's code and then sends ``Authorization: Bearer
<token>``; a director's login is never asked or used. Every refusal is JSON
``{"error", "field"}`` with the status of ``Refused``. The contract is
described in ``openapi.json`` beside this module.
"""

from __future__ import annotations

import hashlib
import time
from pathlib import Path

from django.http import (
    HttpRequest,
    HttpResponse,
    HttpResponseNotModified,
    JsonResponse,
)
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt

from scoring.engine.boards import vulnerability
from scoring.engine.contract import ns_score
from scoring.engine.notation import Language
from scoring.engine.notation.grammar import grammar
from scoring.models import TableCode, TableEntry
from scoring.queries import entry_by_client
from scoring.queries.reading import one_reading
from scoring.table.phones.answers import entry_json, round_json
from scoring.table.phones.handling import allows, read_body, table_view
from scoring.table.phones.members import players_sign_in
from scoring.table.phones.versions import match_version, table_version
from scoring.table.play import disagreements, services
from scoring.table.play.codes import (
    TablePhone,
    seat_read,
    side_of,
    table_of_token,
    token_for,
)
from scoring.table.play.codes import signin as code_signin
from scoring.table.play.doubts import sent_warnings
from scoring.table.play.follow import (
    follower_confirm,
    phone_signed_in,
)
from scoring.table.play.refusals import Refused, refusal_json
from scoring.table.play.rounds import table_round
from scoring.table.play.scorecards import round_confirm, side_score
from scoring.table.play.sent import (
    Sent,
    board_read,
    lead_text,
    members_read,
    query_typed,
    result_read,
    sent_read,
    version_read,
)
from scoring.table.sight.rule import (
    Sight,
    may_act,
    sight,
    sight_after_line,
    sight_to_act,
    signin_holders,
)
from scoring.table.sight.shown import board_shown

OPENAPI = Path(__file__).with_name("openapi.json")
# The grammar changes only with a release: a phone may keep it an hour.
NOTATION_MAX_AGE = 3600


def _previous(token: object) -> TablePhone | None:
    """The phone a token of the table a pair's phone has left stood for."""
    if not isinstance(token, str) or not token:
        return None
    try:
        return table_of_token(token)
    except Refused:
        return None


@csrf_exempt
@allows("POST")
def signin(request: HttpRequest) -> HttpResponse:
    try:
        data = read_body(request)
        data = data if isinstance(data, dict) else {}
        seat = seat_read(data.get("seat"))
    except Refused as refused:
        return refusal_json(refused)
    with one_reading():
        try:
            code = code_signin(str(data.get("code", "")))
        except Refused as refused:
            return refusal_json(refused)
        holders = signin_holders(code, seat, _previous(data.get("previous")))
    if holders:
        phone_signed_in(code, seat, holders)
    body = {"token": token_for(code, seat, holders), "seat": seat or None}
    return JsonResponse({**body, "section": code.section.letter, "table": code.table})


def _etag(phone: TablePhone) -> str:
    """What the round's answer depends on, cheaply: the table's version (the
    director's changes and the table's own rows), the session's settings, the
    call, the table, the seat and where a pair's phone is (two tables' versions
    may read alike), the language (and the half minute, for what is not
    logged)."""
    code = phone.code
    session = code.section.session
    parts = (
        table_version(code),
        match_version(code),
        session.round_called,
        session.tables_open,
        session.table_shows,
        session.table_leads,
        session.table_players,
        session.table_confirm,
        code.pk,
        code.called_at,
        phone.seat,
        phone.holders,
        phone.place,
        get_language(),
        int(time.time() // 30),
    )
    return '"' + hashlib.sha256(repr(parts).encode()).hexdigest()[:24] + '"'


@allows("GET")
@table_view
def round_now(request: HttpRequest, phone: TablePhone) -> HttpResponse:
    """The round as this phone sees it; ``If-None-Match`` with the last ETag
    answers 304 when nothing it shows has changed."""
    etag = _etag(phone)
    if request.headers.get("If-None-Match") == etag:
        response: HttpResponse = HttpResponseNotModified()
    else:
        response = JsonResponse(round_json(table_round(phone.code), phone))
    response["ETag"] = etag
    response["Cache-Control"] = "no-cache"
    return response


def _sent(
    code: TableCode, entry: TableEntry, sent: Sent, side: str, created: bool
) -> JsonResponse:
    body = {
        "id": entry.pk,
        "status": entry.status,
        "score_ns": entry.score_ns,
        "score": side_score(entry.score_ns, side),
        "warnings": sent_warnings(code, entry, sent.result, created),
    }
    return JsonResponse(body, status=201 if created else 200)


def _repeat(request: HttpRequest, signed: TablePhone) -> HttpResponse | None:
    """A result sent again, its ``client_id`` found at the table the phone
    signed in at, answered as the first time before where its pair is now is
    worked out: nothing is done for anyone, the entry is the one the phone
    sent (scored for the side that sent it)."""
    sent = sent_read(read_body(request))
    entry = entry_by_client(signed.code.pk, sent.client_id)
    if entry is None:
        return None
    return _sent(signed.code, entry, sent, side_of(entry.seat), created=False)


def _results(request: HttpRequest, phone: TablePhone) -> JsonResponse:
    sent = sent_read(read_body(request))
    entry, created = services.entry_send(
        phone.code, sent, phone.seat, lambda state: may_act(phone, state)
    )
    return _sent(phone.code, entry, sent, phone.side, created)


results = allows("POST")(table_view(_results, early=_repeat))


def _decided(phone: TablePhone, entry: TableEntry, seen: Sight) -> JsonResponse:
    """The entry decided, with the board as the phone may see it now (``seen``:
    its sight before the decision)."""
    shown = None
    if entry.status == TableEntry.Status.ACCEPTED:
        now = sight_after_line(phone, seen)
        shown = board_shown(phone, entry.board.number, now)
    return JsonResponse({**entry_json(entry, phone.side), "shown": shown})


@allows("POST")
@table_view
def confirm(request: HttpRequest, phone: TablePhone, entry_id: int) -> JsonResponse:
    seen = sight_to_act(phone)
    entry = services.entry_confirm(phone.code, entry_id, phone.seat, seen.acting())
    if entry.status != TableEntry.Status.ACCEPTED:
        message = _("The director has entered this board for your table.")
        raise Refused(409, message, "board")
    return _decided(phone, entry, seen)


@allows("POST")
@table_view
def reject(request: HttpRequest, phone: TablePhone, entry_id: int) -> JsonResponse:
    """The opponents reject, with their version (contract, declarer, tricks,
    lead): back to the side that sent it, or a dispute (``disagreements``)."""
    seen = sight_to_act(phone)
    reads = seen.acting()
    entry = phone.code.entries.select_related("board").filter(pk=entry_id).first()
    number = entry.board.number if entry and reads(entry.board.number) else 0
    version = version_read(read_body(request), number) if number else None
    decided = disagreements.entry_reject(
        phone.code, entry_id, phone.seat, version, reads
    )
    return _decided(phone, decided, seen)


@allows("POST")
@table_view
def withdraw(request: HttpRequest, phone: TablePhone, entry_id: int) -> JsonResponse:
    """The side that sent a result takes it back while it waits."""
    seen = sight_to_act(phone)
    entry = disagreements.entry_withdraw(
        phone.code, entry_id, phone.seat, seen.acting()
    )
    return _decided(phone, entry, seen)


@allows("POST")
@table_view
def round_confirmed(
    request: HttpRequest, phone: TablePhone, number: int
) -> JsonResponse:
    if phone.holders:
        confirmed = follower_confirm(phone, number)
    else:
        confirmed = round_confirm(phone, number)
    return JsonResponse({"round": confirmed.round, "side": confirmed.side})


@allows("GET")
@table_view
def board(request: HttpRequest, phone: TablePhone, number: int) -> JsonResponse:
    return JsonResponse({"board": number, "shown": board_shown(phone, number)})


@allows("GET")
@table_view
def score(request: HttpRequest, phone: TablePhone) -> JsonResponse:
    """The score of a result before it is sent, from the one scoring rule (NS's
    and the phone's side's). Nothing here is read from the deal or from other
    tables' results: the warnings come with the result sent (``play.doubts``)."""
    data = query_typed(request.GET.dict())
    board, result = result_read(data)
    lead_text(str(data.get("lead", "")))  # a lead that is no card is still refused
    score_ns = None if result is None else ns_score(result, vulnerability(board))
    return JsonResponse(
        {
            "score_ns": score_ns,
            "score": side_score(score_ns, phone.side),
            "warnings": [],
        }
    )


@allows("POST")
@table_view
def players(request: HttpRequest, phone: TablePhone) -> JsonResponse:
    if not phone.code.section.session.table_players:
        raise Refused(409, _("The director has not asked for member numbers."))
    side, members = members_read(read_body(request))
    pair = players_sign_in(phone.code, side, members)
    return JsonResponse({"pair": pair.label, "names": pair.names})


@allows("POST")
@table_view
def call(request: HttpRequest, phone: TablePhone) -> JsonResponse:
    """The director called; about a board (``{"board": n}``) whose result
    waits, that result becomes a dispute."""
    data = read_body(request)
    named = isinstance(data, dict) and data.get("board") is not None
    board = board_read(data) if named else None
    seen = sight(phone)  # its pairs: of the scorecard it shows, if any
    entry = disagreements.director_call(
        phone.code, phone.seat, board, seen.reads_entry, seen.waiting
    )
    if board is None:
        return JsonResponse({"called": True})
    return JsonResponse(
        {"called": True, "entry": entry and entry_json(entry, phone.side)}
    )


@allows("GET")
def openapi(request: HttpRequest) -> HttpResponse:
    return HttpResponse(OPENAPI.read_bytes(), content_type="application/json")


@allows("GET")
def notation(request: HttpRequest, language: str) -> HttpResponse:
    """The tables the server parses typed results with, in ``language`` (the
    phone's script reads them; public, the same for every table)."""
    try:
        tables = grammar(Language(language))
    except ValueError:
        message = _("There is no notation in the language “%(language)s”.")
        return refusal_json(Refused(404, message % {"language": language[:8]}))
    response = JsonResponse(tables, json_dumps_params={"ensure_ascii": False})
    response["Cache-Control"] = f"public, max-age={NOTATION_MAX_AGE}"
    return response
