"""Roster records: saved, found for an event's players, merged.

An event's ``Player`` keeps the name and member number it was played under;
its ``person`` link is what makes the result follow the player.
"""

from __future__ import annotations

import logging

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.models import Club, Person, PersonMerge, Player

__all__ = ["member_name", "person_link", "person_merge", "person_save"]

log = logging.getLogger(__name__)
FIELDS = ("name", "national_id", "home_club", "email")


@transaction.atomic
def person_save(
    *, club: Club, values: dict[str, str], person: Person | None = None
) -> Person:
    """Add a person to the club's roster, or change one; a member number is
    the club's once."""
    person = person or Person(club=club)
    for field in FIELDS:
        setattr(person, field, values.get(field, "").strip())
    person.full_clean()
    person.save()
    return person


def member_name(club_id: int | None, member: str) -> str:
    """The roster's name for a member number ('' when the club has none)."""
    if club_id is None or not member:
        return ""
    found = Person.objects.filter(club_id=club_id, national_id=member).first()
    return found.name if found else ""


def person_link(
    *,
    club_id: int | None,
    name: str,
    member: str = "",
    chosen: int | None = None,
    kept: bool = False,
) -> Person | None:
    """The person an event's player is: the one chosen from the roster (under
    their roster name, or ``kept`` from before), else the one with this member
    number, else the only one of this name; a player no one matches joins the
    roster. Two namesakes and no number, or a "name" that is only the member
    number a table signed in with: no link."""
    if club_id is None or not name:
        return None
    people = Person.objects.filter(club_id=club_id)
    found = people.filter(pk=chosen).first() if chosen is not None else None
    if found and (kept or found.name.casefold() == name.casefold()):
        return found
    if member and (found := people.filter(national_id=member).first()):
        return found
    if name == member:
        return None
    namesakes = list(people.filter(name__iexact=name)[:2])
    if len(namesakes) == 1 and namesakes[0].national_id in ("", member):
        if member and not namesakes[0].national_id:
            namesakes[0].national_id = member
            namesakes[0].save(update_fields=["national_id"])
        return namesakes[0]
    if namesakes and not member:
        return None
    return Person.objects.create(club_id=club_id, name=name, national_id=member)


@transaction.atomic
def person_merge(*, keep: Person, gone: Person, by: str = "") -> PersonMerge:
    """Two records of one person become ``keep``: the results of both are
    its, and what it lacks (member number, club, e-mail) it takes from
    ``gone``, which is deleted. The merge is logged."""
    if keep.pk == gone.pk or keep.club_id != gone.club_id:
        raise ValidationError(_("Choose another player of the same club."))
    if keep.national_id and gone.national_id and keep.national_id != gone.national_id:
        raise ValidationError(
            _("The two players have different member numbers: %(a)s and %(b)s.")
            % {"a": keep.national_id, "b": gone.national_id}
        )
    moved = Player.objects.filter(person=gone).update(person=keep)
    record = PersonMerge(
        club_id=keep.club_id,
        kept=keep,
        gone_name=gone.name,
        gone_national_id=gone.national_id,
        results=moved,
        by=by,
    )
    taken = {f: getattr(gone, f) for f in FIELDS[1:] if not getattr(keep, f)}
    gone.delete()  # first: its member number may pass to the one kept
    for field, value in taken.items():
        setattr(keep, field, value)
    keep.save()
    record.save()
    log.info("roster merge in club %s: %s into %s", keep.club_id, gone.pk, keep.pk)
    return record
