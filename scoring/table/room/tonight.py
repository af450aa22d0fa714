"""Where each event of the director's home stands tonight: set up, in play
(which round of how many, how many tables late), finished, or published."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from scoring.models import TravellerLine
from scoring.table.room.state import room_state
from tournaments.models import Event, Session

__all__ = ["event_state"]


def _last_round(session: Session) -> int:
    rounds = session.sections.values_list("movement__rounds", flat=True)
    return max((r or 0 for r in rounds), default=0)


def _in_play(session: Session) -> str:
    said = _("in play: round %(round)s of %(rounds)s") % {
        "round": session.round_called,
        "rounds": _last_round(session) or "?",
    }
    late = sum(1 for t in room_state(session).tables if t.late)
    if late:
        text = ngettext("%(count)d table late", "%(count)d tables late", late)
        said += " · " + text % {"count": late}
    return said


def event_state(event: Event) -> str:
    """One line for the event's row; a session in play costs the control
    room's own reckoning, the others one query each."""
    sessions = list(event.sessions.all())
    if not sessions:
        return pgettext("event", "set up")
    if event.published and all(s.released for s in sessions):
        return pgettext("event", "published")
    session = sessions[-1]
    played = TravellerLine.objects.filter(board__session=session).exists()
    if not played:
        return pgettext("event", "set up")
    if session.tables_open:
        return _in_play(session)
    return pgettext("event", "finished")
