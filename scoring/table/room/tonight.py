"""Where each event of the director's home stands tonight: set up, in play
(which round of how many, how many tables late), finished, or published.

Reading only: the home is a GET, it creates no table code."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date

from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from scoring.models import TravellerLine
from scoring.table.play.calling import last_round
from scoring.table.room.state import tables_late
from tournaments.models import Event, Session

__all__ = ["event_state", "events_states"]


def _in_play(session: Session) -> str:
    said = _("in play: round %(round)s of %(rounds)s") % {
        "round": session.round_called,
        "rounds": last_round(session) or "?",
    }
    late = tables_late(session)
    if late:
        text = ngettext("%(count)d table late", "%(count)d tables late", late)
        said += " · " + text % {"count": late}
    return said


def _played(sessions: Iterable[Session]) -> set[int]:
    """The sessions with at least one result, in one query."""
    lines = TravellerLine.objects.filter(board__session__in=list(sessions))
    return set(lines.values_list("board__session_id", flat=True).distinct())


def _state(event: Event, played: set[int], today: date) -> str:
    sessions = list(event.sessions.all())
    if not sessions:
        return pgettext("event", "set up")
    if event.published and all(s.released for s in sessions):
        return pgettext("event", "published")
    session = sessions[-1]
    if session.pk not in played:
        return pgettext("event", "set up")
    if session.tables_open and (event.date is None or event.date >= today):
        return _in_play(session)  # an evening gone by is over, tables open or not
    return pgettext("event", "finished")


def events_states(events: list[Event]) -> dict[int, str]:
    """Each event's line (events with their sessions prefetched): one query
    for them all, and the control room's reckoning for a session in play."""
    played = _played(s for e in events for s in e.sessions.all())
    today = timezone.localdate()
    return {e.pk: _state(e, played, today) for e in events}


def event_state(event: Event) -> str:
    """One event's line."""
    return events_states([event])[event.pk]
