"""Election night: a simultaneous' overall ranking on the public site, after
its release time only (before then the page says when), filterable by club
(``?club=``), with each board's frequencies across the whole field. Its live
part (``?part=live``) is read again by the live pages' script (``room.js``)
when the change feed tells of a heat's change; its ETag is the heats' results'
stamps, read in one query, so a poll costs a 304 until a result arrives; the
live part is rendered once for every viewer of every process (``shared_part``)."""

from __future__ import annotations

import time
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import get_language
from django.views.decorators.http import condition, require_GET

from scoring.live.changes import last_change
from scoring.live.rendered import Part, shared_part
from scoring.live.results_cache import version_tag
from scoring.public.caching import live_caching
from scoring.queries.stamps import simultaneous_stamps
from scoring.reports.overall import overall_page
from scoring.standings.secrecy import overall_released, public_overall
from tournaments.models import Simultaneous

__all__ = ["overall"]

# The rows of each ranking the page shows (``?all=1``: every pair's): 4,800
# pairs are 1.3 MB, written every few seconds on election night.
LEADERS = 100

# The change feed (``scoring.live.feed``) follows every heat once released: a
# result reads the live part again at once. Besides, it is read every so many
# seconds (a 304 most times): the release time passing writes no change.
READ_SECONDS = 30


def _simultaneous(event_id: int) -> Simultaneous:
    return get_object_or_404(
        Simultaneous.objects.select_related("event"),
        event_id=event_id,
        event__published=True,
    )


def _overall_etag(request: HttpRequest, event_id: int) -> str | None:
    """Every heat's results' stamps (one query, ``simultaneous_stamps``), the
    language and the address; none before the release."""
    found = Simultaneous.objects.filter(event_id=event_id, event__published=True)
    simultaneous = found.first()
    if simultaneous is None or not overall_released(simultaneous):
        return None
    stamps = simultaneous_stamps(event_id)
    return version_tag((stamps, get_language(), request.get_full_path()))


def _followed(simultaneous: Simultaneous) -> tuple[int, ...]:
    """The events whose changes the page's feed follows (``feed._followed``)."""
    heats = simultaneous.heats.values_list("session__event_id", flat=True)
    return (simultaneous.event_id, *heats)


@require_GET
@live_caching(shared=True)
@condition(etag_func=_overall_etag)
def overall(request: HttpRequest, event_id: int) -> HttpResponse:
    simultaneous = _simultaneous(event_id)
    if request.GET.get("part") == "live":
        return _live_part(request, simultaneous)
    return _rendered(request, simultaneous, "public/overall.html")


def _rendered(
    request: HttpRequest, simultaneous: Simultaneous, template: str
) -> HttpResponse:
    return render(request, template, _context(request, simultaneous))


def _context(request: HttpRequest, simultaneous: Simultaneous) -> dict[str, Any]:
    event = simultaneous.event
    released = overall_released(simultaneous)
    # Read before the scoring: a change during it is told again by the feed.
    change = last_change(_followed(simultaneous) if released else event.pk)
    shown = public_overall(simultaneous)  # None before the release: nothing
    every = _every(request)
    club = request.GET.get("club", "")
    page = shown and overall_page(shown, event, club, None if every else LEADERS)
    return {
        "event": event,
        "simultaneous": simultaneous,
        "page": page,
        "change": change,
        "every": READ_SECONDS,
        "all_pairs": every,
    }


def _every(request: HttpRequest) -> bool:
    """Every pair's row asked for (``?all=1``), not the leaders alone."""
    return request.GET.get("all") == "1"


def _live_part(request: HttpRequest, simultaneous: Simultaneous) -> HttpResponse:
    """The live part, rendered once for every viewer (``shared_part``): a
    heat's change brings every viewer's page to ask for it at once, and the
    whole field is scored for it. ``?change=N`` (the change the feed told of)
    takes a copy showing N or later, else the copy of the heats' stamps now."""
    told = request.GET.get("change", "")
    club = request.GET.get("club", "")
    released = overall_released(simultaneous)
    every = _every(request)
    key = version_tag(
        ("overall", simultaneous.event_id, club, every, get_language(), released)
    )
    stamps = "" if told.isdigit() else _stamps_tag(simultaneous)

    def wanted(part: Part) -> bool:
        if not told.isdigit():
            return part.etag == stamps
        return part.change >= int(told) and part.fresh()

    def make() -> Part:
        tag = stamps or _stamps_tag(simultaneous)  # read first: a later is new
        context = _context(request, simultaneous)
        response = render(request, "public/_overall_part.html", context)
        content_type = response["Content-Type"]
        return Part(context["change"], tag, response.content, content_type, time.time())

    part = shared_part(key, wanted, make)
    return HttpResponse(part.content, content_type=part.content_type)


def _stamps_tag(simultaneous: Simultaneous) -> str:
    return version_tag(simultaneous_stamps(simultaneous.event_id))
