"""Who makes a change: a signed-in user, or nobody (a command, the demo)."""

from __future__ import annotations

from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.models import AnonymousUser

__all__ = ["Actor", "actor_id"]

Actor = AbstractBaseUser | AnonymousUser | None


def actor_id(user: Actor) -> int | None:
    """The user's id for the change log; None for nobody or a visitor."""
    if user is None or not user.is_authenticated:
        return None
    pk: int = user.pk
    return pk
