"""At most ``WORKING_THREADS`` requests of a server process work at once.

`make serve` gives each worker THREADS threads for requests and LIVE_WAITS more
for pages waiting on the change feed. Without a limit a burst of phones takes
them all: dozens of threads of one process share two cores, every query of a
request waits its turn for the interpreter again, and a transaction holding a
table's row lasts the longer (measured at 120 tables on PostgreSQL: phones'
p95 0.7-1.5 s with 24 threads working, 0.2-0.3 s with 4). A request takes a
working place before its view runs, in arrival order; a view that waits on the
change feed (``waits_for_changes``) takes none, so waiting pages never keep a
phone from being answered.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse

__all__ = ["WorkingPlaces"]

Handler = Callable[[HttpRequest], HttpResponse]


class WorkingPlaces:
    """Middleware: the process's working places (no limit when 0)."""

    def __init__(self, get_response: Handler) -> None:
        self.get_response = get_response
        places = settings.WORKING_THREADS
        self.places = threading.BoundedSemaphore(places) if places > 0 else None

    def __call__(self, request: HttpRequest) -> HttpResponse:
        try:
            return self.get_response(request)
        finally:
            if getattr(request, "working_place", False):
                assert self.places is not None
                self.places.release()

    def process_view(
        self, request: HttpRequest, view: Callable[..., Any], *args: Any
    ) -> None:
        if self.places is None or getattr(view, "waits_for_changes", False):
            return
        self.places.acquire()
        request.working_place = True  # type: ignore[attr-defined]
