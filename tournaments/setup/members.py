"""Club members: a user given a role in a club (created when new)."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.models import Club, Director, Membership

__all__ = ["member_set"]


@transaction.atomic
def member_set(
    *, username: str, club: str, role: str, password: str | None = None
) -> Membership:
    """Give ``username`` the ``role`` in ``club`` (both created when new); a new
    user needs a password, an existing one keeps theirs unless one is given."""
    username, club = username.strip(), club.strip()
    if not username or not club:
        raise ValidationError(_("Give a user name and a club."))
    if role not in Membership.Role.values:
        raise ValidationError(_("%(role)s is not a role.") % {"role": role})
    users = get_user_model()
    user = users.objects.filter(username=username).first()
    if user is None and not password:
        raise ValidationError(_("A new user needs a password."))
    if password:
        validate_password(password, user)
    if user is None:
        user = users.objects.create_user(username=username, password=password)
    elif password:
        user.set_password(password)
        user.save(update_fields=["password"])
    Director.objects.get_or_create(user=user)
    membership, _created = Membership.objects.update_or_create(
        user=user,
        club=Club.objects.get_or_create(name=club)[0],
        defaults={"role": role},
    )
    return membership
