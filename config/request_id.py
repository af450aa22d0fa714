"""Each request's id, so that a 500 under `make serve` can be found in its log.

The id is the incoming X-Request-ID header when it is a short safe token (a
reverse proxy's own id), else a new uuid4; the response carries it back as
X-Request-ID, gunicorn's access log prints it, the 500 page shows it, and every
error of ``django.request`` is written to stderr with it, the method and the path
(``LOGGING`` in config/settings.py).
"""

from __future__ import annotations

import logging
import re
import uuid
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse, HttpResponseServerError
from django.template import loader
from django.views.decorators.csrf import requires_csrf_token

__all__ = ["HEADER", "RequestContext", "RequestId", "request_id", "server_error"]

HEADER = "X-Request-ID"
# Letters, digits, dot, dash and underscore only: nothing that could forge a log
# line or a header.
SAFE = re.compile(r"[A-Za-z0-9._-]{1,64}")
META_KEY = "bridgescore.request_id"

Handler = Callable[[HttpRequest], HttpResponse]


def request_id(request: HttpRequest) -> str:
    """The request's id, given on its first asking and kept."""
    found = request.META.get(META_KEY)
    if found is None:
        incoming = request.headers.get(HEADER, "")
        found = incoming if SAFE.fullmatch(incoming) else uuid.uuid4().hex
        request.META[META_KEY] = found
    return str(found)


class RequestId:
    """Middleware (first after the static files'): the id on the request and on
    its response."""

    def __init__(self, get_response: Handler) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        given = request_id(request)
        response = self.get_response(request)
        response[HEADER] = given
        return response


class RequestContext(logging.Filter):
    """A logging filter putting the request's id, method and path on a record
    that carries the request (``django.request`` records do), "-" otherwise."""

    def filter(self, record: logging.LogRecord) -> bool:
        request = getattr(record, "request", None)
        if isinstance(request, HttpRequest):
            record.request_id = request_id(request)
            record.method, record.path = request.method or "-", request.path
        else:
            record.request_id = record.method = record.path = "-"
        return True


@requires_csrf_token
def server_error(request: HttpRequest) -> HttpResponse:
    """The 500 page, naming the request's id for the operator's log."""
    page = loader.get_template("500.html").render({"request_id": request_id(request)})
    return HttpResponseServerError(page)
