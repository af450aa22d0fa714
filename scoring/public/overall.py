"""Election night: a simultaneous' overall ranking on the public site, after
its release time only (before then the page says when), filterable by club
(``?club=``), with each board's frequencies across the whole field. Its live
part (``?part=live``) is read again by the live pages' script (``room.js``)
when the change feed tells of a heat's change; its ETag is the heats' results'
stamps, read in one query, so a poll costs a 304 until a result arrives."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import get_language
from django.views.decorators.http import condition, require_GET

from scoring.live.changes import last_change
from scoring.live.results_cache import version_tag
from scoring.public.caching import live_caching
from scoring.queries.stamps import simultaneous_stamps
from scoring.reports.overall import overall_page
from scoring.standings.secrecy import overall_released, public_overall
from tournaments.models import Simultaneous

__all__ = ["overall"]

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
    shown = public_overall(simultaneous)  # None before the release: nothing
    event = simultaneous.event
    page = shown and overall_page(shown, event, request.GET.get("club", ""))
    context = {
        "event": event,
        "simultaneous": simultaneous,
        "page": page,
        "change": last_change(_followed(simultaneous) if shown else event.pk),
        "every": READ_SECONDS,
    }
    part = request.GET.get("part") == "live"
    template = "public/_overall_part.html" if part else "public/overall.html"
    return render(request, template, context)
