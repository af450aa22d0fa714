"""Search-as-you-type over one club's roster: by name or member number."""

from __future__ import annotations

from django.db.models import Q, QuerySet

from tournaments.models import Person

__all__ = ["MAX_FOUND", "roster_search"]

MAX_FOUND = 10


def roster_search(club_id: int, text: str, limit: int = MAX_FOUND) -> QuerySet[Person]:
    """The club's people whose member number starts with ``text``, or whose
    name holds every word of it ("ana ruiz" finds "Ruiz, Ana")."""
    words = text.split()
    if not words:
        return Person.objects.none()
    by_name = Q()
    for word in words:
        by_name &= Q(name__icontains=word)
    match = by_name | Q(national_id__istartswith=text.strip())
    return Person.objects.filter(match, club_id=club_id).order_by("name", "pk")[:limit]
