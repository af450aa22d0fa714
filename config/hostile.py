"""Requests no view can answer, refused before any view (or the session, the
CSRF check, a login's record) reads them, with a clear 400 instead of a server
error: a NUL character anywhere a view could read it (PostgreSQL refuses NUL in
text, so a query would fail), a body beyond ``DATA_UPLOAD_MAX_MEMORY_SIZE``,
and an id in the address beyond any database's integer keys. The table API's
refusals are its JSON ``{"error", "field"}``; other pages get a short page in
the visitor's language.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from functools import cache
from typing import Any

from django.core.exceptions import RequestDataTooBig
from django.http import Http404, HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring.table.play.refusals import Refused, refusal_json

__all__ = ["HostileRequests"]

Handler = Callable[[HttpRequest], HttpResponse]
FORMS = ("application/x-www-form-urlencoded", "multipart/form-data")
# A NUL character in a JSON text: the escape, not an escaped backslash before "u0000".
JSON_NUL = re.compile(rb"(?<!\\)(?:\\\\)*\\u0000", re.IGNORECASE)
NUL = gettext_lazy("The request contains a NUL character, which no field takes.")
TOO_LARGE = gettext_lazy("The request is larger than this server accepts.")
# The largest key of any database's integer columns (64 bits, signed).
LARGEST_KEY = 2**63 - 1


@cache
def _api() -> str:
    """Where the table API's addresses begin ("/api/table/")."""
    return reverse("table_api:signin").rsplit("/", 1)[0] + "/"


def _named(request: HttpRequest) -> Iterator[tuple[str, str]]:
    """What a view may read by name: the path, the headers (the cookies, the
    token), the query's and the form's fields."""
    yield "", request.path_info
    for key, value in request.META.items():
        if key.startswith("HTTP_") and isinstance(value, str):
            yield "", value
    for fields in (request.GET, request.POST) if _form(request) else (request.GET,):
        for name, values in fields.lists():
            yield name, name
            yield from ((name, value) for value in values)


def _form(request: HttpRequest) -> bool:
    """A form the view reads by field; the table API reads its body as JSON
    whatever it is sent as, so its body is checked whole (parsing it as a form
    here would leave the API no body to read)."""
    return (
        request.method == "POST"
        and request.content_type in FORMS
        and not request.path_info.startswith(_api())
    )


def _nul(request: HttpRequest) -> str | None:
    """The name of a field holding a NUL ("" when not a field), else None."""
    for name, value in _named(request):
        if "\x00" in value:
            return name
    if not _form(request) and request.method in ("POST", "PUT", "PATCH"):
        body = request.body
        if b"\x00" in body or JSON_NUL.search(body):
            return ""
    return None


class HostileRequests:
    """Middleware: placed before the session's, which reads a cookie."""

    def __init__(self, get_response: Handler) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        try:
            field = _nul(request)
        except RequestDataTooBig:
            return _refused(request, 413, TOO_LARGE)
        if field is not None:
            return _refused(request, 400, NUL, field)
        return self.get_response(request)

    def process_view(
        self, request: HttpRequest, view: Any, args: Any, kwargs: dict[str, Any]
    ) -> HttpResponse | None:
        """An id beyond every key names nothing: 404 before a query, which
        Django would send to the database unguarded (SQLite's driver cannot
        bind it)."""
        if any(isinstance(v, int) and v > LARGEST_KEY for v in kwargs.values()):
            if request.path_info.startswith(_api()):
                return refusal_json(Refused(404, _("Nothing has this number.")))
            raise Http404
        return None


def _refused(
    request: HttpRequest, status: int, message: str | Promise, field: str = ""
) -> HttpResponse:
    """The table API's JSON refusal, or a 400 page (the language middleware
    has not run yet: the visitor's language is read here)."""
    with translation.override(translation.get_language_from_request(request)):
        if request.path_info.startswith(_api()):
            return refusal_json(Refused(status, str(message), field))
        page = render_to_string("refused.html", {"message": message})
    return HttpResponse(page, status=400)
