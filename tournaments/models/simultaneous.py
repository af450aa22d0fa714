"""A simultaneous pairs across clubs: one deal set, many clubs' heats, one
overall ranking released at a set time."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from .boards import DealSet
from .events import Club, Event, Session


class Simultaneous(models.Model):
    """The organiser's event (its name, organising club and winners) made a
    simultaneous: the set's boards, its deals and its release time."""

    event = models.OneToOneField(
        Event, related_name="simultaneous", on_delete=models.CASCADE
    )
    boards = models.PositiveSmallIntegerField(_("boards"))
    deal_set = models.ForeignKey(
        DealSet, null=True, blank=True, on_delete=models.SET_NULL
    )
    release_at = models.DateTimeField(_("results released at"), null=True, blank=True)
    sims_percentage = models.BooleanField(
        _("simultaneous percentage (MP + 1) / (2n)"), default=False
    )

    class Meta:
        verbose_name = _("simultaneous")
        verbose_name_plural = _("simultaneous")
        constraints = [
            models.CheckConstraint(
                condition=models.Q(boards__gte=1), name="simultaneous_boards_ge_1"
            )
        ]

    def __str__(self) -> str:
        return str(self.event)


class Heat(models.Model):
    """A club's session of the simultaneous: its own event, session and ranking,
    the set's boards by number."""

    simultaneous = models.ForeignKey(
        Simultaneous, related_name="heats", on_delete=models.CASCADE
    )
    club = models.ForeignKey(Club, related_name="heats", on_delete=models.PROTECT)
    session = models.OneToOneField(
        Session, related_name="heat", on_delete=models.CASCADE
    )

    class Meta:
        ordering = ["pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["simultaneous", "club"], name="heat_club_unique"
            )
        ]

    def __str__(self) -> str:
        return f"{self.simultaneous} · {self.club}"


class Commentary(models.Model):
    """The organiser's commentary on a board of the set: plain text, printed
    beneath the deal in each club's booklet (the heat's hand records), shown
    only where the deal is."""

    simultaneous = models.ForeignKey(
        Simultaneous, related_name="commentaries", on_delete=models.CASCADE
    )
    board = models.PositiveSmallIntegerField(_("board"))
    text = models.TextField(_("commentary"), max_length=4000)

    class Meta:
        ordering = ["board"]
        constraints = [
            models.UniqueConstraint(
                fields=["simultaneous", "board"], name="commentary_board_unique"
            )
        ]

    def __str__(self) -> str:
        return f"{self.simultaneous} · {self.board}"
