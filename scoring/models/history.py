"""The change log: every change to a result or a setting, and who made it."""

from __future__ import annotations

from django.conf import settings
from django.core.serializers.json import DjangoJSONEncoder
from django.db import models

from tournaments.models import Event, Session


class ChangeLog(models.Model):
    """Every change to a result or a setting, so a correction after publication
    is visible; a result's change keeps the line before and after, to undo it."""

    event = models.ForeignKey(Event, related_name="changes", on_delete=models.CASCADE)
    session = models.ForeignKey(
        Session, null=True, blank=True, related_name="changes", on_delete=models.CASCADE
    )
    board = models.PositiveSmallIntegerField(null=True, blank=True)
    line_id = models.BigIntegerField(null=True, blank=True)  # kept after a delete
    before = models.JSONField(null=True, blank=True, encoder=DjangoJSONEncoder)
    after = models.JSONField(null=True, blank=True, encoder=DjangoJSONEncoder)
    undone = models.BooleanField(default=False)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    device = models.CharField(max_length=40, blank=True)  # a table's phone
    at = models.DateTimeField(auto_now_add=True)
    action = models.CharField(max_length=20)
    description = models.TextField()

    class Meta:
        ordering = ["-at", "-id"]
        indexes = [
            # The director's last change of an event, read by every table's
            # poll (scoring.table.phones.versions) among thousands by the phones.
            models.Index(
                fields=["event", "id"],
                condition=models.Q(device=""),
                name="changelog_director",
            )
        ]

    def __str__(self) -> str:
        return f"{self.at:%Y-%m-%d %H:%M} {self.action}: {self.description}"
