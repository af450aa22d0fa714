"""A federation's member list into the club's roster, whole or not at all:
members are matched by member number (by name when the file has no numbers),
updated when their details changed, added when new."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db import transaction

from tournaments.models import Club, Person

from .members_file import Member, read_members

__all__ = ["MembersImport", "members_import"]

DETAILS = ("name", "national_id", "home_club", "email")


@dataclass
class MembersImport:
    """What an import did (or, refused or tried, would do)."""

    added: int = 0
    updated: int = 0
    unchanged: int = 0
    problems: list[tuple[int, str]] = field(default_factory=list)
    done: bool = False

    @property
    def rows(self) -> int:
        return self.added + self.updated + self.unchanged


def members_import(*, club: Club, raw: bytes, commit: bool = True) -> MembersImport:
    """Read the file; with no problem in any row and ``commit``, write every
    member in one transaction. A file with problems writes nothing."""
    read = read_members(raw)
    report = MembersImport(problems=read.problems)
    with transaction.atomic():
        known = _known(club, read.numbered)
        changes = [_change(club, m, known, read.numbered) for m in read.members]
        for _person, state in changes:
            setattr(report, state, getattr(report, state) + 1)
        if commit and not report.problems:
            _write(changes)
            report.done = True
    return report


def _write(changes: list[tuple[Person, str]]) -> None:
    """Each row was checked by the reader (lengths, e-mail); the database's
    constraints have the last word."""
    Person.objects.bulk_create(p for p, state in changes if state == "added")
    updated = [p for p, state in changes if state == "updated"]
    Person.objects.bulk_update(updated, DETAILS, batch_size=500)


def _known(club: Club, numbered: bool) -> dict[str, Person]:
    """People by member number (and, still without one, by name: a player
    added on the fly gets the number the federation's list gives), or by name."""
    people = Person.objects.filter(club=club)
    by_name = {
        p.name.casefold(): p for p in people if not numbered or not p.national_id
    }
    if numbered:
        by_number = {p.national_id: p for p in people if p.national_id}
        return by_name | by_number
    return by_name


def _change(
    club: Club, member: Member, known: dict[str, Person], numbered: bool
) -> tuple[Person, str]:
    key = member.national_id if numbered else member.name.casefold()
    person = known.get(key) or known.pop(member.name.casefold(), None)
    if person is not None and numbered and person.national_id not in ("", key):
        person = None  # a namesake with another number
    if person is None:
        person = Person(club=club)
        state = "added"
    else:
        state = "updated"
    values = {f: getattr(member, f) for f in DETAILS}
    if not numbered:
        values["national_id"] = person.national_id  # a list without numbers keeps them
    if state == "updated" and all(
        not v or getattr(person, f) == v for f, v in values.items()
    ):
        return person, "unchanged"
    for name, value in values.items():
        if value:
            setattr(person, name, value)
    known[key] = person
    return person, state
