"""Who sat where on each board of a team match (federations' team rankings ask
for it): the players in each seat of a traveller line, kept as they were when
the table's result was accepted."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from .lines import SEATS, TravellerLine


class LineupSeat(models.Model):
    """One seat of a line's line-up: its player's name and member number."""

    line = models.ForeignKey(
        TravellerLine, related_name="lineup", on_delete=models.CASCADE
    )
    seat = models.CharField(_("seat"), max_length=1, choices=SEATS)
    name = models.CharField(_("name"), max_length=120)
    national_id = models.CharField(_("member number"), max_length=30, blank=True)

    class Meta:
        ordering = ["line", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["line", "seat"], name="lineup_seat_unique")
        ]

    def __str__(self) -> str:
        return f"{self.seat}: {self.name}"
