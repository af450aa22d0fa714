"""Write side for a simultaneous pairs: the organiser's event and the clubs'
heats, each heat's boards the set's by number."""

from __future__ import annotations

from datetime import datetime

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.models import Club, Event, Heat, Pair, Session, Simultaneous
from tournaments.setup.events import (
    DEFAULT_BOARDS_PER_ROUND,
    MITCHELL,
    default_movement_apply,
    event_create,
    section_create,
)

MAX_BOARDS = 36


@transaction.atomic
def simultaneous_create(
    *,
    name: str,
    boards: int,
    club: str = "",
    release_at: datetime | None = None,
    two_winners: bool = True,
    sims_percentage: bool = False,
) -> Simultaneous:
    """The organiser's event, which plays nothing itself: its heats do."""
    if not 1 <= boards <= MAX_BOARDS:
        raise ValidationError(
            _("A simultaneous has 1 to %(n)s boards.") % {"n": MAX_BOARDS}
        )
    event = Event(
        name=name,
        club=Club.objects.get_or_create(name=club)[0] if club else None,
        two_winners=two_winners,
    )
    event.full_clean()
    event.save()
    return Simultaneous.objects.create(
        event=event,
        boards=boards,
        release_at=release_at,
        sims_percentage=sims_percentage,
    )


def set_deal(simultaneous: Simultaneous, number: int) -> str:
    """The set's deal of board ``number`` ("" while the set has none): the one
    place a heat learns a deal, whether dealt here or imported."""
    if simultaneous.deal_set is None:
        return ""
    return simultaneous.deal_set.board_deals.get(number, "")


@transaction.atomic
def heat_add(
    *,
    simultaneous: Simultaneous,
    club: str,
    tables: int,
    kind: str = MITCHELL,
    sections: int = 1,
) -> Session:
    """A club's heat: its event and session of S sections whose movement plays
    as many of the set's boards as it can, never more; nothing on a refusal."""
    if simultaneous.heats.filter(club__name=club).exists():
        raise ValidationError(
            _("%(club)s has a heat of this simultaneous already.") % {"club": club}
        )
    for per_round in range(DEFAULT_BOARDS_PER_ROUND[kind] + 1, 0, -1):
        with transaction.atomic():
            session = _heat_session(simultaneous, club, tables, kind, per_round)
            if _fits(session, sections, kind, per_round, simultaneous.boards):
                return heat_link(simultaneous, session)
            transaction.set_rollback(True)
    raise ValidationError(
        _("No %(kind)s movement for %(tables)s tables fits %(boards)s boards.")
        % {"kind": kind, "tables": tables, "boards": simultaneous.boards}
    )


def _heat_session(
    simultaneous: Simultaneous, club: str, tables: int, kind: str, per_round: int
) -> Session:
    event = event_create(
        name=f"{simultaneous.event.name} · {club}",
        tables=tables,
        kind=kind,
        club=club,
        boards_per_round=per_round,
    )
    if event.two_winners and not simultaneous.event.two_winners:
        event.two_winners = False
        event.save(update_fields=["two_winners"])
    return event.sessions.get()


def _fits(
    session: Session, sections: int, kind: str, per_round: int, boards: int
) -> bool:
    """Every section has a movement and the session no more boards than the set."""
    first = session.sections.get()
    if not first.seatings.exists() or session.boards.count() > boards:
        return False
    for letter in "BCDEFGHIJKLMNOPQRSTUVWXYZ"[: sections - 1]:
        section = section_create(
            session=session, letter=letter, tables=first.tables, kind=kind
        )
        default_movement_apply(section, kind, per_round)
    return session.boards.count() <= boards


def heat_link(simultaneous: Simultaneous, session: Session) -> Session:
    """The club's session made a heat, its boards given the set's deals (a
    board the set has no deal for keeps its own); a Howell heat refused when
    the simultaneous has two winners."""
    club = Club.objects.get(event__sessions=session)
    if simultaneous.event.two_winners:
        _check_directions(session, club)
    for board in session.boards.all():
        deal = set_deal(simultaneous, board.number)
        if deal and board.deal != deal:
            board.deal = deal
            board.save(update_fields=["deal"])
    Heat.objects.create(simultaneous=simultaneous, club=club, session=session)
    return session


def two_winners_check(simultaneous: Simultaneous) -> None:
    """Two winners for the simultaneous as its heats stand: refused (naming
    the first) when one is a Howell."""
    for heat in simultaneous.heats.select_related("club", "session"):
        _check_directions(heat.session, heat.club)


def _check_directions(session: Session, club: Club) -> None:
    """Two winners rank NS and EW apart across the field, which a pair that
    changes direction (a Howell's) cannot join: the heat is refused, naming it
    (``by_direction`` ranks such a field as one list all the same)."""
    if Pair.objects.filter(section__session=session, direction="").exists():
        raise ValidationError(
            _(
                "The heat of %(club)s is a Howell (its pairs change direction): "
                "a simultaneous with two winners ranks North-South and East-West "
                "apart, so every heat must be a Mitchell. Play a Mitchell, or "
                "make the simultaneous one winner."
            )
            % {"club": club.name}
        )
