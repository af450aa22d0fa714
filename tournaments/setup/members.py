"""Club members: a user given a role in a club.

A password or an e-mail address is only ever given to a user created here: an
existing user's are their own (they change them on their account page, or an
operator in the admin). A club administrator adds an existing user to the club
only by an invitation the user accepts (a member's role in the club they may
change); a site operator (the Members page, ``create_director``) adds them
directly.
"""

from __future__ import annotations

from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.models import AnonymousUser, User
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.access import operator
from tournaments.models import Club, Director, Invitation, Membership

__all__ = [
    "invitation_accept",
    "invitation_decline",
    "member_add",
    "member_set",
]


@transaction.atomic
def member_set(
    *,
    username: str,
    club: str,
    role: str,
    password: str | None = None,
    email: str = "",
) -> Membership:
    """Give ``username`` the ``role`` in ``club`` (both created when new); a new
    user needs a password; an existing one keeps theirs (one given is refused)."""
    username, club = username.strip(), club.strip()
    if not username or not club:
        raise ValidationError(_("Give a user name and a club."))
    _check_role(role)
    user = _existing(username)
    if user is not None:
        _refuse_credentials(user, password, email)
    elif not password:
        raise ValidationError({"password": _("A new user needs a password.")})
    else:
        validate_password(password, User(username=username, email=email))
        user = User.objects.create_user(
            username=username, password=password, email=email
        )
    Director.objects.get_or_create(user=user)
    membership, _created = Membership.objects.update_or_create(
        user=user,
        club=Club.objects.get_or_create(name=club)[0],
        defaults={"role": role},
    )
    # A member has nothing left to accept: the role given now is the one.
    Invitation.objects.filter(user=user, club=membership.club).delete()
    return membership


@transaction.atomic
def member_add(
    *,
    by: AbstractBaseUser | AnonymousUser,
    club: Club,
    username: str,
    role: str,
    password: str | None = None,
    email: str = "",
) -> Membership | Invitation:
    """The Members page: a new user is created with the role, a member of the
    club gets the new role, an operator adds anyone; any other existing user is
    invited (the Membership waits for their acceptance)."""
    user = _existing(username.strip())
    if user is None or operator(by) or club.members.filter(user=user).exists():
        return member_set(
            username=username, club=club.name, role=role, password=password, email=email
        )
    _check_role(role)
    _refuse_credentials(user, password, email)
    invitation, _created = Invitation.objects.update_or_create(
        user=user, club=club, defaults={"role": role, "invited_by_id": by.pk}
    )
    return invitation


@transaction.atomic
def invitation_accept(*, invitation: Invitation) -> Membership:
    """The invited user takes the role the invitation offers."""
    Director.objects.get_or_create(user=invitation.user)
    membership, _created = Membership.objects.update_or_create(
        user=invitation.user, club=invitation.club, defaults={"role": invitation.role}
    )
    invitation.delete()
    return membership


@transaction.atomic
def invitation_decline(*, invitation: Invitation) -> None:
    invitation.delete()


def _existing(username: str) -> User | None:
    return User.objects.filter(username=username).first()


def _check_role(role: str) -> None:
    if role not in Membership.Role.values:
        raise ValidationError(_("%(role)s is not a role.") % {"role": role})


def _refuse_credentials(user: User, password: str | None, email: str) -> None:
    """An existing user's password and e-mail address are theirs alone."""
    name = {"username": user.get_username()}
    errors = {}
    if password:
        errors["password"] = (
            _(
                "%(username)s already has an account: their password is their own "
                "and is not changed here."
            )
            % name
        )
    if email:
        errors["email"] = (
            _(
                "%(username)s already has an account: their e-mail address is their "
                "own and is not changed here."
            )
            % name
        )
    if errors:
        raise ValidationError(errors)
