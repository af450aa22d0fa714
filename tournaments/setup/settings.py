"""An event's settings changed by its director: publishing, what the public sees
during play, scoring options. Every change is written to the change log."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction

from scoring.entry.services import Actor, log_event
from tournaments.models import Event, Session, Simultaneous

from .simultaneous import two_winners_check

__all__ = [
    "SCORING_OPTIONS",
    "SETTINGS",
    "event_publish",
    "event_settings_set",
    "session_release",
]

# How an event is scored (Event fields), chosen when it is created and after.
SCORING_OPTIONS = (
    "factoring",
    "mp_presentation",
    "sims_percentage",
    "section_scoring",
    "avg_plus_uses_session_pct",
    "butler_drop",
    "datum_tie",
    "datum_source",
    "ximp_divisor",
    "vp_scale",
    "bam_units",
    "combined_by",
    "handicapped",
    "handicap_rule",
    "handicap_share",
    "single_boards",
)
# The settings a director changes on the event page (two winners: a Rainbow's
# ranking by compass line, a simultaneous' NS and EW ranked apart; a pairs
# movement sets it; what a team table's phones
# show of their match: a team event's).
SETTINGS = (
    "published", "hide_current_round", "two_winners", "table_match_score",
    *SCORING_OPTIONS,
)  # fmt: skip


@transaction.atomic
def event_settings_set(*, event: Event, changes: dict[str, Any], user: Actor) -> Event:
    """Change the named settings; the change log says what changed from what."""
    unknown = set(changes) - set(SETTINGS)
    if unknown:
        raise ValidationError(f"not a setting: {', '.join(sorted(unknown))}")
    event = Event.objects.select_for_update().get(pk=event.pk)
    said = []
    for name, value in changes.items():
        before = getattr(event, name)
        if before != value:
            setattr(event, name, value)
            said.append(f"{name}: {before} → {value}")
    if said:
        _simultaneous_check(event, changes)
        event.full_clean()
        event.save(update_fields=list(changes))
        log_event(event.pk, user, "settings", "; ".join(said))
    return event


def _simultaneous_check(event: Event, changes: dict[str, Any]) -> None:
    """A simultaneous given two winners takes Mitchell heats only."""
    simultaneous = Simultaneous.objects.filter(event=event).first()
    if simultaneous is not None and changes.get("two_winners"):
        two_winners_check(simultaneous)


@transaction.atomic
def session_release(*, session: Session, on: bool, user: Actor) -> Session:
    """Show the public every board of the session now (or hold them back again
    until each is played)."""
    if session.released != on:
        session.released = on
        session.save(update_fields=["released"])
        state = "released" if on else "held back until played"
        log_event(
            session.event_id, user, "settings", f"session {session.number}: {state}"
        )
    return session


def event_publish(*, event: Event, on: bool, user: Actor) -> Event:
    return event_settings_set(event=event, changes={"published": on}, user=user)
