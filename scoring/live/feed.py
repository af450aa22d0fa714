"""The change feed: long polling on an event's change log.

``GET results/events/<id>/changes?after=N`` answers ``{"change": M}`` as soon
as the event's last change M is after N, else ``304 Not Modified`` after at
most 20 seconds (``wait`` shortens it). Pages showing results (the room
display, live standings, the control room) keep one request waiting and read
themselves again when it answers. A published event's feed is anyone's; an
unpublished one's is its club's members' and its room displays' (``?key=``, the
display's signed key): nobody else learns that it exists or when it changes.

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
from django.utils import timezone
from django.views.decorators.http import require_GET

from scoring.engine.secrecy import released_by
from scoring.live.changes import Events, last_change, wait_change, waits_allowed
from scoring.live.displays import session_of_key
from tournaments.access import allowed
from tournaments.models import Event, Heat, Session

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


def _followed(request: HttpRequest, event_id: int) -> Events | None:
    """The events the feed follows, or None: a published event's feed is
    anyone's; another's is its club members' and its room displays' (``key``:
    the display's signed key). A simultaneous' follows its heats' events too
    once released (before, nobody learns when a heat changes)."""
    event = Event.objects.filter(pk=event_id).values_list(
        "published", "club_id", "simultaneous", "simultaneous__release_at"
    )
    found = event.first()
    if found is None:
        return None
    published, club_id, simultaneous, release_at = found
    if published or allowed(request.user, club_id):
        if simultaneous and released_by(release_at, timezone.now()):
            heats = Heat.objects.filter(simultaneous=simultaneous)
            return (event_id, *heats.values_list("session__event_id", flat=True))
        return event_id
    session_id = session_of_key(request.GET.get("key", ""))
    if session_id is None:
        return None
    keyed = Session.objects.filter(pk=session_id, event_id=event_id).exists()
    return event_id if keyed else None


@_waits_for_changes
@require_GET
def changes(request: HttpRequest, event_id: int) -> HttpResponse:
    events = _followed(request, event_id)
    if events is None:
        raise Http404
    last = last_change(events)
    after = int(_number(request.GET.get("after"), 0))
    seconds = min(_number(request.GET.get("wait"), WAIT_SECONDS), WAIT_SECONDS)
    slots = _waiting_slots()
    waiting = slots.acquire(blocking=False)
    try:
        if waiting and last <= after:
            last = wait_change(events, after, seconds)
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
