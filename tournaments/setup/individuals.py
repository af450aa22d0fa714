"""Write side for individual events: the event, its section of players and the
complete or Rainbow individual they play (individual-and-social.md §1)."""

from __future__ import annotations

from datetime import date

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from movements.engine import MovementError
from movements.engine.individual import (
    IndividualMovement,
    individual,
    rainbow,
    shortened,
)
from movements.problems import refusal_told
from movements.services import individual_apply
from tournaments.models import Club, Event, Section, Session

__all__ = [
    "DEFAULT_BOARDS_PER_ROUND",
    "INDIVIDUAL",
    "RAINBOW",
    "individual_build",
    "individual_event_create",
]

INDIVIDUAL, RAINBOW = "individual", "rainbow"
# Two boards a round: a 12-player individual then plays 22 boards in 11 rounds.
DEFAULT_BOARDS_PER_ROUND = 2


def individual_build(
    *,
    kind: str,
    players: int | None = None,
    tables: int | None = None,
    boards_per_round: int | None = None,
    rounds: int | None = None,
) -> IndividualMovement:
    """The engine's individual for ``players`` (any other attendance plays the next
    complete size with phantoms), its first ``rounds`` only when given, or its
    Rainbow for ``tables``; a refusal of ``rounds`` has the code "rounds"."""
    movement = _individual_full(kind, players, tables, boards_per_round)
    if rounds is None:
        return movement
    try:
        return shortened(movement, rounds)
    except MovementError as exc:
        raise ValidationError(
            _("No such individual movement: %(reason)s.")
            % {"reason": refusal_told(exc)},
            code="rounds",
        ) from None


def _individual_full(
    kind: str, players: int | None, tables: int | None, boards_per_round: int | None
) -> IndividualMovement:
    boards = boards_per_round or DEFAULT_BOARDS_PER_ROUND
    try:
        if kind == RAINBOW:
            if tables is None:
                raise ValidationError(_("A Rainbow individual needs its tables."))
            return rainbow(tables, boards_per_round=boards)
        if kind != INDIVIDUAL:
            raise ValidationError(_("No individual movement is called %(kind)s.") % {
                "kind": kind
            })  # fmt: skip
        if players is None:
            raise ValidationError(_("An individual needs its number of players."))
        return individual(players, boards_per_round=boards)
    except MovementError as exc:
        raise ValidationError(
            _("No such individual movement: %(reason)s.")
            % {"reason": refusal_told(exc)}
        ) from None


@transaction.atomic
def individual_event_create(
    *,
    name: str,
    kind: str = INDIVIDUAL,
    players: int | None = None,
    tables: int | None = None,
    boards_per_round: int | None = None,
    club: str = "",
    day: date | None = None,
    rounds: int | None = None,
    **options: object,
) -> Event:
    """An individual event scored in matchpoints, one session and section A with
    one unnamed player per pair row (label "1" … "V") and the movement stored
    (its first ``rounds`` when given); ``options`` are further Event fields."""
    size = {"players": players, "tables": tables, "rounds": rounds}
    movement = individual_build(kind=kind, boards_per_round=boards_per_round, **size)
    options.setdefault("scoring", Event.Scoring.MATCHPOINTS)
    # A Rainbow may rank each compass line apart (two_winners=True).
    options.setdefault("two_winners", False)
    # Barometer boards: live standings stop at the last round every table finished.
    options.setdefault("hide_current_round", True)
    event = Event(
        name=name,
        date=day,
        club=Club.objects.get_or_create(name=club)[0] if club else None,
        individual=True,
        **options,
    )
    event.full_clean()
    event.save()
    session = Session.objects.create(event=event, number=1, date=day)
    section = Section.objects.create(
        session=session, letter="A", tables=movement.tables
    )
    individual_apply(section=section, movement=movement, played=())
    return event
