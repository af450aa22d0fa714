"""The stored schedule of a section: its movement and one row per table and round.

What a schedule means (who meets whom, which boards) is decided in
``movements.engine``; ``movements.adapters`` converts these rows to and from it.
"""

from __future__ import annotations

from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from tournaments.models import Pair, Section


class SectionMovement(models.Model):
    """Which movement a section plays, and from which round it was last changed."""

    class Kind(models.TextChoices):
        MITCHELL = "mitchell", _("Mitchell")
        HOWELL = "howell", _("Howell")
        INDIVIDUAL = "individual", _("Individual")
        RAINBOW = "rainbow", _("Rainbow individual")

    class Variant(models.TextChoices):
        BASIC = "basic", _("Mitchell")
        SKIP = "skip", _("Skip Mitchell")
        RELAY = "relay", _("Share-and-relay Mitchell")
        COMPLETE = "complete", _("Complete Howell")
        THREE_QUARTER = "three-quarter", _("3/4 Howell")
        CUSTOM = "custom", _("Custom grid")
        WEB = "web", _("Web Mitchell")
        CYCLIC = "cyclic", _("Complete individual")

    section = models.OneToOneField(
        Section, related_name="movement", on_delete=models.CASCADE
    )
    kind = models.CharField(_("movement"), max_length=10, choices=Kind)
    variant = models.CharField(_("variant"), max_length=16, choices=Variant)
    tables = models.PositiveSmallIntegerField(_("tables"))
    boards_per_round = models.PositiveSmallIntegerField(_("boards per round"))
    sets = models.PositiveSmallIntegerField(_("board sets"))
    rounds = models.PositiveSmallIntegerField(_("rounds"))
    complete = models.BooleanField(_("every round of the movement"), default=True)
    phantom = models.CharField(
        _("phantom pair"), max_length=8, blank=True, help_text=_("e.g. 7NS")
    )
    changed_from_round = models.PositiveSmallIntegerField(
        _("changed from round"), null=True, blank=True
    )
    # Every table plays the same set in a round, one copy of it each
    # (individual-and-social.md §2); the seating stays the variant's.
    barometer = models.BooleanField(_("barometer boards"), default=False)

    class Meta:
        verbose_name = _("movement")
        verbose_name_plural = _("movements")
        constraints = [
            models.CheckConstraint(
                condition=Q(tables__gte=1, boards_per_round__gte=1, sets__gte=1)
                & Q(rounds__gte=1),
                name="movement_sizes_positive",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_variant_display()} · {self.tables} · {self.rounds}"


class Seating(models.Model):
    """One table in one round. A null pair is the phantom: the other pair sits out.

    In an individual each pair is one player (``Event.individual``): ``ns_pair`` is
    North, ``ew_pair`` East, ``south`` and ``west`` their partners; a table with an
    empty seat is a sit-out table (two phantoms may hold both North and East)."""

    section = models.ForeignKey(
        Section, related_name="seatings", on_delete=models.CASCADE
    )
    round = models.PositiveSmallIntegerField(_("round"))
    table = models.PositiveSmallIntegerField(_("table"))
    ns_pair = models.ForeignKey(
        Pair,
        related_name="ns_seatings",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        verbose_name=_("NS"),
    )
    ew_pair = models.ForeignKey(
        Pair,
        related_name="ew_seatings",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        verbose_name=_("EW"),
    )
    south = models.ForeignKey(
        Pair,
        related_name="south_seatings",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        verbose_name=_("South"),
    )
    west = models.ForeignKey(
        Pair,
        related_name="west_seatings",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        verbose_name=_("West"),
    )
    board_set = models.PositiveSmallIntegerField(_("board set"))
    first_board = models.PositiveSmallIntegerField(_("first board"))
    last_board = models.PositiveSmallIntegerField(_("last board"))
    rotation = models.PositiveSmallIntegerField(_("starts with board"), default=0)
    arrow_switched = models.BooleanField(_("arrow-switched"), default=False)

    class Meta:
        ordering = ["round", "table"]
        constraints = [
            models.UniqueConstraint(
                fields=["section", "round", "table"], name="seating_table_once"
            ),
            models.UniqueConstraint(
                fields=["section", "round", "ns_pair"], name="seating_ns_once"
            ),
            models.UniqueConstraint(
                fields=["section", "round", "ew_pair"], name="seating_ew_once"
            ),
            models.CheckConstraint(
                condition=Q(round__gte=1, table__gte=1, board_set__gte=1)
                & Q(first_board__gte=1, last_board__gte=F("first_board")),
                name="seating_numbers_valid",
            ),
            models.CheckConstraint(
                condition=~Q(ns_pair=F("ew_pair")), name="seating_pair_not_own_opponent"
            ),
            models.CheckConstraint(
                condition=Q(ns_pair__isnull=False)
                | Q(ew_pair__isnull=False)
                | Q(south__isnull=False)
                | Q(west__isnull=False),
                name="seating_has_a_pair",
            ),
            models.UniqueConstraint(
                fields=["section", "round", "south"], name="seating_south_once"
            ),
            models.UniqueConstraint(
                fields=["section", "round", "west"], name="seating_west_once"
            ),
        ]

    def __str__(self) -> str:
        return f"R{self.round} T{self.table}"

    @property
    def boards(self) -> range:
        return range(self.first_board, self.last_board + 1)
