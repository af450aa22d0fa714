"""The user name django-axes records for a login attempt (``AXES_USERNAME_CALLABLE``).

Django's login form does not hold a typed name to the user model's length
before it tries it, so a failed login may carry any text: axes' records keep
the name in a ``varchar(255)``, which PostgreSQL refuses to overflow. The name is
read where axes reads it (the credentials, else the form) and cut to that
column; no user's name is longer, so a cut name never locks anyone else out.
"""

from __future__ import annotations

from typing import Any

from axes.models import AccessAttempt  # type: ignore[import-untyped]
from django.conf import settings
from django.http import HttpRequest

__all__ = ["attempt_username"]


def attempt_username(request: HttpRequest, credentials: Any = None) -> str | None:
    field = getattr(settings, "AXES_USERNAME_FORM_FIELD", "username")  # axes sets it
    given = credentials if credentials else getattr(request, "data", request.POST)
    name = given.get(field)
    if name is None:
        return None
    longest = AccessAttempt._meta.get_field("username").max_length
    return str(name)[:longest]
