"""Calling the rounds: the director calls one, and the room moves on by itself
once every table has finished the round called."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from scoring.entry.actors import Actor
from scoring.entry.services import log_event
from scoring.models import TableCode
from scoring.queries.rounds import round_progress
from scoring.table.play.rounds import room_rounds
from tournaments.models import Session

__all__ = ["last_round", "room_moves_on", "round_call", "round_next"]


def _round_may_be_over(session: Session, called: int) -> bool:
    """False when the called round still lacks lines (one read; most
    acceptances stop here, so the room is read only at a round's end)."""
    scheduled, entered = round_progress(session.pk, called, session.event.individual)
    return entered >= scheduled


def room_moves_on(session: Session) -> None:
    """Call the next round once every table has finished the called one."""
    if not _round_may_be_over(session, session.round_called):
        return
    session = Session.objects.select_for_update().get(pk=session.pk)
    codes = list(TableCode.objects.filter(section__session=session))
    states = room_rounds(session, codes)
    called = session.round_called
    if not states or any(
        s.round is not None and s.round <= called and not s.sit_out and not s.finished
        for s in states
    ):
        return
    if all(s.finished for s in states):
        return
    session.round_called = called + 1
    session.save(update_fields=["round_called"])


def _sections_rounds(session: Session) -> list[tuple[str, int | None]]:
    return list(session.sections.values_list("letter", "movement__rounds"))


def _last_round(rounds: list[tuple[str, int | None]]) -> int:
    return max((last or 0 for _letter, last in rounds), default=0)


def last_round(session: Session) -> int:
    """The session's last round (its longest section's), 0 before a movement."""
    return _last_round(_sections_rounds(session))


def round_next(session: Session) -> int:
    """The round the director will most likely call next: the one after the
    round called, never past the movement's last (a 7-round session offers 7,
    not 8, once round 7 is called)."""
    last = last_round(session) or 1
    return min(session.round_called + 1, last)


@transaction.atomic
def round_call(*, session: Session, number: int, user: Actor) -> Session:
    """Move the room to round ``number``: late tables leave their missing boards
    to the director."""
    rounds = _sections_rounds(session)
    unset = sorted(letter for letter, last in rounds if last is None)
    if unset:
        message = _("Section %(letters)s has no movement yet: set one up first.")
        raise ValidationError(message % {"letters": ", ".join(unset)})
    last = _last_round(rounds)
    if not 1 <= number <= (last or 1):
        raise ValidationError(
            _("Call a round from 1 to %(last)s.") % {"last": last or 1}
        )
    session.round_called = number
    session.save(update_fields=["round_called"])
    text = _("round %(round)s called") % {"round": number}
    log_event(session.event_id, user, "round", text)
    return session
