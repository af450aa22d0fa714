"""Write side for events, sections and pairs."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from .models import Club, Event, Pair, Player, Section, Session

MITCHELL, HOWELL = "mitchell", "howell"


def _pair_slots(tables: int, kind: str) -> list[tuple[int, str, str]]:
    if kind == MITCHELL:
        return [
            (n, direction, f"{n}{direction}")
            for direction in ("NS", "EW")
            for n in range(1, tables + 1)
        ]
    return [(n, "", str(n)) for n in range(1, 2 * tables + 1)]


@transaction.atomic
def section_create(
    *, session: Session, letter: str, tables: int, kind: str = MITCHELL
) -> Section:
    """A section with its pairs numbered the usual way for its movement."""
    if not 1 <= tables <= 60:
        raise ValidationError(_("A section has 1 to 60 tables."))
    if session.sections.filter(letter=letter).exists():
        raise ValidationError(
            _("Section %(letter)s exists already.") % {"letter": letter}
        )
    section = Section.objects.create(session=session, letter=letter, tables=tables)
    Pair.objects.bulk_create(
        Pair(section=section, number=n, direction=d, label=label)
        for n, d, label in _pair_slots(tables, kind)
    )
    return section


@transaction.atomic
def event_create(
    *,
    name: str,
    tables: int,
    kind: str = MITCHELL,
    club: str = "",
    day: date | None = None,
    **options: object,
) -> Event:
    """An event with one session and section A; options are Event fields."""
    event = Event(
        name=name,
        date=day,
        club=Club.objects.get_or_create(name=club)[0] if club else None,
        two_winners=kind == MITCHELL,
        **options,
    )
    event.full_clean()
    event.save()
    session = Session.objects.create(event=event, number=1, date=day)
    section_create(session=session, letter="A", tables=tables, kind=kind)
    return event


@transaction.atomic
def pair_name(*, pair: Pair, names: Sequence[str], ids: Sequence[str] = ()) -> Pair:
    """Set the players of a pair, in seat order; blank names are dropped."""
    pair.players.all().delete()
    members = list(ids) + [""] * (len(names) - len(ids))
    Player.objects.bulk_create(
        Player(pair=pair, seat=seat, name=name.strip(), national_id=member)
        for seat, (name, member) in enumerate(zip(names, members, strict=True), 1)
        if name.strip()
    )
    return pair
