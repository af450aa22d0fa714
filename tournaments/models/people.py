"""The people who run events: directors' own settings and club memberships."""

from __future__ import annotations

from django.conf import settings
from django.db import models
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
