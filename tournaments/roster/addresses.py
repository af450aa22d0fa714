"""Many players' e-mail addresses at once: lines "name, e-mail" or "member
number, e-mail" pasted, or a members file (CSV with a header), matched to
the club's roster. Every line is checked first: one line at fault and
nothing is written."""

from __future__ import annotations

import re
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction
from django.utils.translation import gettext as _

from scoring.engine.names import folded
from tournaments.models import Club, Person

from .members_file import MAX_LENGTH, file_text, read_members

__all__ = ["Address", "addresses_file", "addresses_read", "addresses_set"]

SEPARATOR = re.compile(r"[,;\t](?=[^,;\t]*$)")  # the last comma, semicolon or tab


@dataclass(frozen=True)
class Address:
    line: int
    who: str  # a member number or a name, as the line gives it
    email: str
    name: str = ""  # a file's name beside its member number: tried second


def _line(number: int, text: str) -> Address:
    parts = SEPARATOR.split(text.strip(), maxsplit=1)
    if len(parts) != 2 or not parts[0].strip(" ,;\t"):
        raise ValidationError(
            _('Line %(line)s: write "name, e-mail" or "member number, e-mail".')
            % {"line": number}
        )
    who, email = parts[0].strip(" ,;\t"), parts[1].strip()
    return Address(number, who, email)


def addresses_read(text: str) -> list[Address]:
    """The pasted lines (blank ones skipped); refused at the first bad line."""
    return [
        _line(number, line)
        for number, line in enumerate(text.splitlines(), start=1)
        if line.strip()
    ]


def addresses_file(raw: bytes) -> list[Address]:
    """A CSV file: with a header naming its columns (a members file, read by
    ``members_file``), else lines as pasted."""
    read = read_members(raw)
    if read.problems and read.problems[0][0] == 1 and not read.members:
        return addresses_read(file_text(raw))  # no header: plain lines
    if read.problems:
        line, why = read.problems[0]
        raise ValidationError(_("Line %(line)s: %(why)s") % {"line": line, "why": why})
    return [
        Address(m.line, m.national_id or m.name, m.email, m.name) for m in read.members
    ]


def _check_email(address: Address) -> None:
    if not address.email:
        message = _("Line %(line)s: no e-mail address.")
        raise ValidationError(message % {"line": address.line})
    try:
        if len(address.email) > MAX_LENGTH["email"]:
            raise ValidationError("too long")
        validate_email(address.email)
    except ValidationError:
        raise ValidationError(
            _("Line %(line)s: not an e-mail address: %(email)s")
            % {"line": address.line, "email": address.email}
        ) from None


def _person(
    address: Address, numbers: dict[str, Person], names: dict[str, list[Person]]
) -> Person:
    """The roster's player the line names: by member number, else by name
    (accents and letter case aside), and only one player of that name."""
    if address.who in numbers:
        return numbers[address.who]
    found = names.get(folded(address.who)) or [
        p  # a namesake with another member number is another player
        for p in names.get(folded(address.name), [])
        if p.national_id in ("", address.who)
    ]
    said = {"line": address.line, "who": address.who}
    if not found:
        raise ValidationError(_("Line %(line)s: %(who)s is not on the roster.") % said)
    if len(found) > 1:
        message = _(
            "Line %(line)s: %(who)s is on the roster twice: use the member number."
        )
        raise ValidationError(message % said)
    return found[0]


def _matched(club: Club, addresses: list[Address]) -> list[Person]:
    people = list(Person.objects.filter(club=club))
    numbers = {p.national_id: p for p in people if p.national_id}
    names: dict[str, list[Person]] = {}
    for p in people:
        names.setdefault(folded(p.name), []).append(p)
    first: dict[int, int] = {}
    matched = []
    for address in addresses:
        _check_email(address)
        person = _person(address, numbers, names)
        if person.pk in first:
            message = _("Line %(line)s: %(who)s already on line %(first)s.")
            said = {"line": address.line, "who": address.who}
            raise ValidationError(message % (said | {"first": first[person.pk]}))
        first[person.pk] = address.line
        person.email = address.email
        matched.append(person)
    return matched


def addresses_set(*, club: Club, addresses: list[Address]) -> int:
    """Set every line's address, all or none; how many players were set."""
    if not addresses:
        raise ValidationError(_("No line to read."))
    with transaction.atomic():
        people = _matched(club, addresses)
        Person.objects.bulk_update(people, ["email"], batch_size=500)
    return len(people)
