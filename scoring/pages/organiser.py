"""The organiser's simultaneous, looked up once for every page of theirs."""

from __future__ import annotations

from django.http import Http404, HttpRequest

from tournaments.access import ADMIN, event_for
from tournaments.models import Simultaneous

__all__ = ["organised"]


def organised(request: HttpRequest, event_id: int) -> Simultaneous:
    """The simultaneous of the event, for a club administrator of the
    organising club or a site operator; 404 for any other event."""
    event = event_for(request.user, event_id, ADMIN)
    simultaneous = Simultaneous.objects.filter(event=event).first()
    if simultaneous is None:
        raise Http404
    return simultaneous
