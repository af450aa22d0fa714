"""The change feed: long polling on an event's change log.

``GET results/events/<id>/changes?after=N`` answers ``{"change": M}`` as soon
as the event's last change M is after N, else ``304 Not Modified`` after at
most 20 seconds (``wait`` shortens it). Pages showing results (the room
display, live standings, the control room) keep one request waiting and read
themselves again when it answers.

A waiting request holds one of the server's threads: each process lets at most
``LIVE_WAITS`` wait at once (`make serve` adds as many threads to each worker);
beyond that the feed answers at once and the page asks again a little later.

A change is answered on the next whole second of the clock: every display of
the room then reads the page at the same moment, and one rendering serves them
all (``rendered``). Only a request that waited is held till then: one answered
at once must not keep a thread that the tables' phones need.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable

from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
    HttpResponseNotModified,
    JsonResponse,
)
from django.views.decorators.http import require_GET

from scoring.standings.changes import last_change, wait_change, waits_allowed
from tournaments.models import Event

WAIT_SECONDS = 20.0

View = Callable[..., HttpResponse]

_slots_lock = threading.Lock()
_slots: dict[int, threading.Semaphore] = {}


def _waiting_slots() -> threading.Semaphore:
    allowed = waits_allowed()
    with _slots_lock:
        return _slots.setdefault(allowed, threading.Semaphore(allowed))


def _number(text: str | None, default: float) -> float:
    """A non-negative number from the query, else ``default`` (also for
    'nan' and 'inf', which float() reads)."""
    try:
        value = float(text or default)
    except ValueError:
        return default
    return max(value, 0.0) if math.isfinite(value) else default


def _waits_for_changes(view: View) -> View:
    """Marks a view that waits: it takes no working place (config.working)."""
    view.waits_for_changes = True  # type: ignore[attr-defined]
    return view


@_waits_for_changes
@require_GET
def changes(request: HttpRequest, event_id: int) -> HttpResponse:
    last = last_change(event_id)
    if not last and not Event.objects.filter(pk=event_id).exists():
        raise Http404
    after = int(_number(request.GET.get("after"), 0))
    seconds = min(_number(request.GET.get("wait"), WAIT_SECONDS), WAIT_SECONDS)
    slots = _waiting_slots()
    waiting = slots.acquire(blocking=False)
    try:
        if waiting and last <= after:
            last = wait_change(event_id, after, seconds)
        if waiting and last > after:
            now = time.time()
            time.sleep(math.ceil(now) - now)
    finally:
        if waiting:
            slots.release()
    response: HttpResponse
    if last <= after:
        response = HttpResponseNotModified()
    else:
        response = JsonResponse({"change": last})
    response["ETag"] = f'"{last}"'
    response["Cache-Control"] = "no-store"
    return response
