"""Live parts of pages rendered once for every server process."""

from __future__ import annotations

from django.db import models


class RenderedPart(models.Model):
    """The last rendering of a page's live part (the room display's standings),
    shared by every server process: when a change comes, the room's displays all
    ask within the same second, and one process renders it for all of them.
    ``key`` names what the part depends on besides the results (address,
    language, what the public may see); ``change`` is the last change it shows,
    ``etag`` the results' version it was rendered from. ``claimed``: when a
    process began rendering it again (the others wait for that rendering)."""

    key = models.CharField(max_length=32, unique=True)
    change = models.BigIntegerField(default=0)
    etag = models.CharField(max_length=32, blank=True)
    content = models.BinaryField(default=b"")
    content_type = models.CharField(max_length=100, blank=True)
    rendered = models.FloatField(default=0)  # seconds since the epoch
    claimed = models.FloatField(null=True, blank=True)

    def __str__(self) -> str:
        return f"{self.key} at change {self.change}"
