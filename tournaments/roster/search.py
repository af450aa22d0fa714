"""Search-as-you-type over one club's roster: by name or member number."""

from __future__ import annotations

from django.db.models import Q, QuerySet

from scoring.engine.names import folded
from tournaments.models import Person

__all__ = ["MAX_FOUND", "roster_search"]

MAX_FOUND = 10


def _named(club_id: int, words: list[str], limit: int) -> list[int]:
    """The first ``limit`` people, by name, whose name holds every word.

    Compared folded in Python because neither SQLite nor PostgreSQL without
    the unaccent extension can ignore accents: "Lop" must offer "López", or
    the director adds the same player twice."""
    wanted = [folded(word) for word in words]
    named = Person.objects.filter(club_id=club_id).values_list("pk", "name")
    found = sorted(
        (name, pk) for pk, name in named if all(word in folded(name) for word in wanted)
    )
    return [pk for _name, pk in found[:limit]]


def roster_search(club_id: int, text: str, limit: int = MAX_FOUND) -> QuerySet[Person]:
    """The club's people whose member number starts with ``text``, or whose
    name holds every word of it, accents and letter case aside ("ana ruiz"
    finds "Ruiz, Ana"; "lop" finds "López")."""
    words = text.split()
    if not words:
        return Person.objects.none()
    by_name = Q(pk__in=_named(club_id, words, limit))
    match = by_name | Q(national_id__istartswith=text.strip())
    return Person.objects.filter(match, club_id=club_id).order_by("name", "pk")[:limit]
