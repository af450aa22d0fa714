"""The people of a club: directors' own settings, club memberships, and the
roster of players whose results follow them from event to event."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from .events import Club


class Director(models.Model):
    """A director's own settings: the language results are typed in."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, related_name="director", on_delete=models.CASCADE
    )
    language = models.CharField(
        _("notation language"), max_length=5, choices=settings.LANGUAGES, default="en"
    )

    def __str__(self) -> str:
        return str(self.user)


class Membership(models.Model):
    """A user's role in a club: administrator, director or scorer."""

    class Role(models.TextChoices):
        ADMIN = "admin", _("Club administrator")
        DIRECTOR = "director", _("Director")
        SCORER = "scorer", _("Scorer")

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, related_name="memberships", on_delete=models.CASCADE
    )
    club = models.ForeignKey(Club, related_name="members", on_delete=models.CASCADE)
    role = models.CharField(_("role"), max_length=10, choices=Role)

    class Meta:
        ordering = ["club", "user"]
        verbose_name = _("membership")
        verbose_name_plural = _("memberships")
        constraints = [
            models.UniqueConstraint(fields=["user", "club"], name="membership_once"),
            models.CheckConstraint(
                condition=models.Q(role__in=["admin", "director", "scorer"]),
                name="membership_role",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user} · {self.club} · {self.get_role_display()}"


class Invitation(models.Model):
    """A club's offer of a role to a user who already has an account: the
    user accepts it (then a Membership) or declines it on their own page."""

    club = models.ForeignKey(Club, related_name="invitations", on_delete=models.CASCADE)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, related_name="invitations", on_delete=models.CASCADE
    )
    role = models.CharField(_("role"), max_length=10, choices=Membership.Role)
    invited_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        related_name="+",
        null=True,
        on_delete=models.SET_NULL,
    )
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-at", "pk"]
        verbose_name = _("invitation")
        verbose_name_plural = _("invitations")
        constraints = [
            models.UniqueConstraint(fields=["user", "club"], name="invitation_once"),
            models.CheckConstraint(
                condition=models.Q(role__in=["admin", "director", "scorer"]),
                name="invitation_role",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user} · {self.club} · {self.get_role_display()}"


class Person(models.Model):
    """A player on a club's roster. A ``Player`` of an event links to one, so
    every result follows the person; the event keeps the name it was played
    under."""

    club = models.ForeignKey(Club, related_name="people", on_delete=models.CASCADE)
    name = models.CharField(_("name"), max_length=120)
    national_id = models.CharField(_("member number"), max_length=30, blank=True)
    home_club = models.CharField(_("home club"), max_length=120, blank=True)
    email = models.EmailField(_("e-mail"), blank=True)

    class Meta:
        ordering = ["name", "pk"]
        verbose_name = _("player")
        verbose_name_plural = _("players")
        constraints = [
            models.UniqueConstraint(
                fields=["club", "national_id"],
                condition=~Q(national_id=""),
                name="person_member_number_once",
                violation_error_message=_(
                    "A player of the club already has this member number."
                ),
            ),
            models.CheckConstraint(condition=~Q(name=""), name="person_named"),
        ]
        indexes = [models.Index(fields=["club", "name"], name="person_club_name")]

    def __str__(self) -> str:
        return f"{self.name} ({self.national_id})" if self.national_id else self.name


class PersonMerge(models.Model):
    """The log of two roster records found to be one person: what the record
    that went away said, and how many results moved to the one kept."""

    club = models.ForeignKey(Club, related_name="merges", on_delete=models.CASCADE)
    kept = models.ForeignKey(
        Person, related_name="merges", null=True, on_delete=models.SET_NULL
    )
    gone_name = models.CharField(max_length=120)
    gone_national_id = models.CharField(max_length=30, blank=True)
    results = models.PositiveIntegerField()
    by = models.CharField(max_length=150, blank=True)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-at"]

    def __str__(self) -> str:
        return f"{self.gone_name} → {self.kept}"
