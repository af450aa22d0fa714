"""The public pages read from a replica of the database (DATABASE_REPLICA_URL).

Election night's crowd reads the public site; the directors and the tables'
phones write. With a read replica (a PostgreSQL standby, settings), the
middleware ``PublicReads`` marks a request to a public page (the ``public``
URL namespace, GET or HEAD) once its view is known, and the router
``PublicReadsRouter`` sends that request's reads of the results' models there.
Everything else stays on the primary (``default``):

- every write, whatever the request (Django asks the router for a write's
  database apart, and this router names none);
- the director's pages, the phones' table API and pages, the admin, logins;
- the change feed (``public:changes``): it listens for PostgreSQL's NOTIFY,
  which a standby never delivers, and its answer must be the primary's;
- the users, sessions and login attempts read by the middleware, and the
  rendered live parts (``RenderedPart``), which the server processes share
  to render a part once: a copy read from a lagging replica would be
  rendered again and again.

A replica lags the primary by its replay delay (milliseconds on a local
network): a public page may show a result that much later, never a wrong one.
Without DATABASE_REPLICA_URL neither the middleware nor the router is
installed, and nothing changes.
"""

from __future__ import annotations

from collections.abc import Callable
from contextvars import ContextVar
from typing import Any

from django.db import DEFAULT_DB_ALIAS
from django.http import HttpRequest, HttpResponse

__all__ = ["REPLICA", "PublicReads", "PublicReadsRouter"]

REPLICA = "replica"  # the database's name in settings.DATABASES
PUBLIC_NAMESPACE = "public"
PRIMARY_VIEWS = frozenset({"changes"})  # public views that read the primary
REPLICATED_APPS = frozenset({"scoring", "tournaments", "movements"})
PRIMARY_MODELS = frozenset({"renderedpart"})  # shared by the server processes
SAFE_METHODS = frozenset({"GET", "HEAD"})

_public_request: ContextVar[bool] = ContextVar("public_request", default=False)


def public_reads(request: HttpRequest) -> bool:
    """Whether the request is a public page's, whose reads may go to the replica."""
    match = request.resolver_match
    return (
        request.method in SAFE_METHODS
        and match is not None
        and PUBLIC_NAMESPACE in match.namespaces
        and match.url_name not in PRIMARY_VIEWS
    )


class PublicReads:
    """Middleware: marks a public page's request for ``PublicReadsRouter``,
    from its view on (the middleware before it read the primary), until its
    response is made."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        try:
            return self.get_response(request)
        finally:
            _public_request.set(False)

    def process_view(
        self, request: HttpRequest, view: object, args: object, kwargs: object
    ) -> None:
        _public_request.set(public_reads(request))


class PublicReadsRouter:
    """Reads of the results' models by a public page's request: the replica;
    anything else and every write: the primary."""

    def db_for_read(self, model: type[Any], **hints: object) -> str | None:
        meta = model._meta
        if (
            _public_request.get()
            and meta.app_label in REPLICATED_APPS
            and meta.model_name not in PRIMARY_MODELS
        ):
            return REPLICA
        return None

    def db_for_write(self, model: type[Any], **hints: object) -> str:
        # Said, not left to Django: it would write a row read from the replica
        # back to the replica.
        return DEFAULT_DB_ALIAS

    def allow_relation(self, obj1: object, obj2: object, **hints: object) -> bool:
        return True  # the replica holds the primary's rows

    def allow_migrate(self, db: str, app_label: str, **hints: object) -> bool:
        return db != REPLICA  # the standby replays the primary's migrations
