"""Who may touch what: every director page finds its objects through here.

Clubs own events; a user acts in a club with a role (scorer < director <
administrator). An object of a club the user has no such role in is a 404, as
if it did not exist. Site operators (superusers) reach every club; an event with
no club belongs to them only.
"""

from __future__ import annotations

from typing import Any, TypeVar

from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.models import AnonymousUser
from django.db.models import Model, QuerySet
from django.http import Http404

from .models import Club, Event, Match, Membership, Pair, Section, Session

__all__ = [
    "ADMIN",
    "DIRECTOR",
    "SCORER",
    "allowed",
    "clubs_of",
    "event_for",
    "events_of",
    "get_for",
    "match_for",
    "operator",
    "pair_for",
    "section_for",
    "session_for",
]

Role = Membership.Role
SCORER, DIRECTOR, ADMIN = Role.SCORER, Role.DIRECTOR, Role.ADMIN
# Each role may do what the roles before it may.
RANK = {SCORER: 0, DIRECTOR: 1, ADMIN: 2}

User = AbstractBaseUser | AnonymousUser
M = TypeVar("M", bound=Model)


def _operator(user: User) -> bool:
    return bool(getattr(user, "is_superuser", False))


def operator(user: User) -> bool:
    """A site operator: every club, and adds existing users to any club."""
    return _operator(user)


def _roles_at_least(role: Role) -> list[str]:
    return [r for r, rank in RANK.items() if rank >= RANK[role]]


def clubs_of(user: User, role: Role = SCORER) -> QuerySet[Club]:
    """The clubs where the user has at least ``role``."""
    if not user.is_authenticated:
        return Club.objects.none()
    if _operator(user):
        return Club.objects.all()
    return Club.objects.filter(
        members__user_id=user.pk, members__role__in=_roles_at_least(role)
    )


def events_of(user: User, role: Role = SCORER) -> QuerySet[Event]:
    if _operator(user):
        return Event.objects.all()
    return Event.objects.filter(club__in=clubs_of(user, role))


def allowed(user: User, club_id: int | None, role: Role = SCORER) -> bool:
    if _operator(user):
        return True
    if club_id is None or not user.is_authenticated:
        return False
    return clubs_of(user, role).filter(pk=club_id).exists()


def get_for(
    user: User,
    queryset: QuerySet[M],
    club_path: str,
    role: Role = SCORER,
    **lookup: Any,
) -> M:
    """The object of ``queryset`` matching ``lookup`` whose club (reached by
    ``club_path``, e.g. "session__event__club"; "" for a club itself) the user
    has ``role`` in, or 404."""
    key = f"{club_path}__in" if club_path else "pk__in"
    scoped = (
        queryset if _operator(user) else queryset.filter(**{key: clubs_of(user, role)})
    )
    found = scoped.filter(**lookup).first()
    if found is None:
        raise Http404
    return found


def event_for(user: User, event_id: int, role: Role = SCORER, **lookup: Any) -> Event:
    events = Event.objects.select_related("club")
    return get_for(user, events, "club", role, pk=event_id, **lookup)


def session_for(user: User, session_id: int, role: Role = SCORER) -> Session:
    sessions = Session.objects.select_related("event__club")
    return get_for(user, sessions, "event__club", role, pk=session_id)


def section_for(user: User, section_id: int, role: Role = SCORER) -> Section:
    sections = Section.objects.select_related("session__event__club")
    return get_for(user, sections, "session__event__club", role, pk=section_id)


def pair_for(user: User, pair_id: int, role: Role = SCORER) -> Pair:
    pairs = Pair.objects.select_related("section__session__event__club")
    return get_for(user, pairs, "section__session__event__club", role, pk=pair_id)


def match_for(user: User, match_id: int, role: Role = SCORER) -> Match:
    matches = Match.objects.select_related("session__event", "home", "away")
    return get_for(user, matches, "session__event__club", role, pk=match_id)
