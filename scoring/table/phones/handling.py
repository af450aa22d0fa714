"""How the table API handles a phone's request: the methods a view allows,
its JSON body (never nested past ``MAX_DEPTH``), the phone its token names
(``signed``) and where its pair is now (``followed``), and SQLite's lock:
a request that found the database locked runs again.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from datetime import timedelta
from functools import wraps
from typing import Any

from django.db import OperationalError
from django.http import HttpRequest, HttpResponse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt

from scoring.models import TableCode
from scoring.queries.reading import one_reading
from scoring.table.play.codes import TablePhone, table_of_token
from scoring.table.play.follow import follow, phone_seen
from scoring.table.play.refusals import Refused, refusal_json

__all__ = ["Early", "allows", "read_body", "table_view"]

SEEN_EVERY = timedelta(seconds=20)
LOCKED_RETRIES = 4

# The deepest JSON a request needs: {"players": [...]} is two.
MAX_DEPTH = 8
_STRINGS = re.compile(rb'"(?:[^"\\]|\\.)*"')
_BRACKETS = re.compile(rb"[\[\]{}]")

View = Callable[..., HttpResponse]


def allows(*methods: str) -> Callable[[View], View]:
    """Django's ``require_http_methods`` with the API's JSON refusal."""

    def decorate(view: View) -> View:
        @wraps(view)
        def run(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            if request.method in methods:
                return view(request, *args, **kwargs)
            message = _("This address takes %(methods)s requests only.")
            refused = Refused(405, message % {"methods": ", ".join(methods)})
            response = refusal_json(refused)
            response["Allow"] = ", ".join(methods)
            return response

        return run

    return decorate


def _too_deep(raw: bytes) -> bool:
    """Whether the JSON nests deeper than ``MAX_DEPTH`` (Python's reader
    recurses: a hundred thousand "[" exhaust its stack)."""
    depth = 0
    for bracket in _BRACKETS.finditer(_STRINGS.sub(b"", raw)):
        depth += 1 if bracket.group() in (b"[", b"{") else -1
        if depth > MAX_DEPTH:
            return True
    return False


def read_body(request: HttpRequest) -> Any:
    raw = request.body or b"{}"
    if _too_deep(raw):
        raise Refused(400, _("The request body nests too deeply."))
    try:
        return json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        raise Refused(400, _("The request body is not JSON.")) from None


def _signed(request: HttpRequest) -> TablePhone:
    """The phone its token names, as it signed in (its pair not followed)."""
    scheme, _sep, token = request.headers.get("Authorization", "").partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise Refused(401, _("Sign in with the table's code first."))
    return table_of_token(token.strip())


def _followed(signed: TablePhone) -> TablePhone:
    """The phone where its pair is now, its table and itself seen there."""
    phone = follow(signed)
    code, now = phone.code, timezone.now()
    if code.last_seen is None or now - code.last_seen > SEEN_EVERY:
        TableCode.objects.filter(pk=code.pk).update(last_seen=now)
    phone_seen(phone, now, SEEN_EVERY)
    return phone


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


# What a view may answer from the phone as it signed in (None: the view runs).
Early = Callable[[HttpRequest, TablePhone], HttpResponse | None]


def table_view(view: Callable[..., HttpResponse], early: Early | None = None) -> View:
    """A view for a signed-in phone: ``view(request, phone, ...)``, the phone
    where its pair is now; ``early``: an answer that needs no more."""

    @csrf_exempt
    @wraps(view)
    @_retrying
    def run(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            with one_reading():
                signed = _signed(request)
                answer = early(request, signed) if early else None
                return answer or view(request, _followed(signed), *args, **kwargs)
        except Refused as refused:
            return refusal_json(refused)

    return run
