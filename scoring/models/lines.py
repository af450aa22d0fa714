"""Traveller lines and director's adjustments: fields and constraints only.

What a line scores is decided in ``scoring.engine``; the stored ``score_ns`` is
the Law 77 score of the table result, kept for display and for checking imports.
"""

from __future__ import annotations

from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from tournaments.models import Board, Pair, Section

STRAINS = [("C", "♣"), ("D", "♦"), ("H", "♥"), ("S", "♠"), ("NT", "NT")]
DOUBLINGS = [("", "—"), ("X", "X"), ("XX", "XX")]
SEATS = [("N", "N"), ("E", "E"), ("S", "S"), ("W", "W")]


class Artificial(models.TextChoices):
    NONE = "", _("Table result")
    PLUS = "A60", _("Average plus (A60)")
    AVERAGE = "A50", _("Average (A50)")
    MINUS = "A40", _("Average minus (A40)")


class ContractFields(models.Model):
    """A result: a contract with declarer and tricks, or passed out (level null)."""

    level = models.PositiveSmallIntegerField(_("level"), null=True, blank=True)
    strain = models.CharField(_("strain"), max_length=2, choices=STRAINS, blank=True)
    doubling = models.CharField(
        _("doubled"), max_length=2, choices=DOUBLINGS, blank=True
    )
    declarer = models.CharField(_("declarer"), max_length=1, choices=SEATS, blank=True)
    tricks = models.PositiveSmallIntegerField(_("tricks"), null=True, blank=True)
    score_ns = models.IntegerField(_("NS score"), null=True, blank=True)

    class Meta:
        abstract = True

    @classmethod
    def contract_checks(cls, prefix: str) -> list[models.CheckConstraint]:
        passed_out = Q(level__isnull=True, strain="", declarer="", tricks__isnull=True)
        played = Q(
            level__gte=1,
            level__lte=7,
            strain__in=["C", "D", "H", "S", "NT"],
            declarer__in=["N", "E", "S", "W"],
            tricks__gte=0,
            tricks__lte=13,
        )
        return [
            models.CheckConstraint(
                condition=passed_out | played, name=f"{prefix}_contract_valid"
            ),
            models.CheckConstraint(
                condition=Q(doubling__in=["", "X", "XX"]), name=f"{prefix}_doubling"
            ),
        ]


class TravellerLine(ContractFields):
    """One table's result on one board, as the traveller records it.

    In an individual (``Event.individual``) each pair is one player, as Bridgemate
    records them: ``ns_pair`` is North, ``ew_pair`` East, ``south`` and ``west``
    their partners on this board; in a pairs event those two are empty."""

    section = models.ForeignKey(Section, related_name="lines", on_delete=models.CASCADE)
    board = models.ForeignKey(Board, related_name="lines", on_delete=models.CASCADE)
    round = models.PositiveSmallIntegerField(_("round"), null=True, blank=True)
    table = models.PositiveSmallIntegerField(_("table"), null=True, blank=True)
    ns_pair = models.ForeignKey(
        Pair, related_name="ns_lines", on_delete=models.CASCADE, verbose_name=_("NS")
    )
    ew_pair = models.ForeignKey(
        Pair, related_name="ew_lines", on_delete=models.CASCADE, verbose_name=_("EW")
    )
    south = models.ForeignKey(
        Pair,
        related_name="south_lines",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        verbose_name=_("South"),
    )
    west = models.ForeignKey(
        Pair,
        related_name="west_lines",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        verbose_name=_("West"),
    )
    lead = models.CharField(_("lead"), max_length=3, blank=True)
    ns_artificial = models.CharField(
        _("NS adjusted"), max_length=3, choices=Artificial, blank=True
    )
    ew_artificial = models.CharField(
        _("EW adjusted"), max_length=3, choices=Artificial, blank=True
    )
    version = models.CharField(
        _("deal version"),
        max_length=8,
        blank=True,
        help_text=_("Fouled board: which version of the deal this table played."),
    )
    no_result = models.BooleanField(
        _("no table result"),
        default=False,
        help_text=_("Only adjusted scores: the board was not played normally."),
    )

    class Meta:
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(
                fields=["board", "ns_pair"], name="line_ns_pair_once_per_board"
            ),
            models.UniqueConstraint(
                fields=["board", "ew_pair"], name="line_ew_pair_once_per_board"
            ),
            models.UniqueConstraint(
                fields=["section", "board", "table"],
                condition=Q(table__isnull=False),
                name="line_one_result_per_table",
            ),
            models.CheckConstraint(
                condition=~Q(ns_pair=F("ew_pair")), name="line_pair_not_own_opponent"
            ),
            models.UniqueConstraint(
                fields=["board", "south"], name="line_south_once_per_board"
            ),
            models.UniqueConstraint(
                fields=["board", "west"], name="line_west_once_per_board"
            ),
            models.CheckConstraint(
                condition=Q(south__isnull=True, west__isnull=True)
                | Q(south__isnull=False, west__isnull=False)
                & ~Q(south=F("west"))
                & ~Q(south=F("ns_pair"))
                & ~Q(south=F("ew_pair"))
                & ~Q(west=F("ns_pair"))
                & ~Q(west=F("ew_pair")),
                name="line_four_players",
            ),
            models.CheckConstraint(
                condition=Q(ns_artificial__in=["", "A60", "A50", "A40"])
                & Q(ew_artificial__in=["", "A60", "A50", "A40"]),
                name="line_artificial_codes",
            ),
            *ContractFields.contract_checks("line"),
        ]

    def __str__(self) -> str:
        return f"{_('Board')} {self.board.number}: {self.ns_pair} v {self.ew_pair}"


class AssignedScore(ContractFields):
    """A director's assigned result for one side or both, possibly one of several
    weighted results (Law 12C1)."""

    class Side(models.TextChoices):
        BOTH = "", _("Both sides")
        NS = "NS", _("NS only")
        EW = "EW", _("EW only")

    line = models.ForeignKey(
        TravellerLine, related_name="assigned", on_delete=models.CASCADE
    )
    side = models.CharField(_("for"), max_length=2, choices=Side, blank=True)
    weight_percent = models.DecimalField(
        _("weight %"), max_digits=6, decimal_places=3, default=100
    )

    class Meta:
        ordering = ["id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(weight_percent__gt=0, weight_percent__lte=100),
                name="assigned_weight_range",
            ),
            *ContractFields.contract_checks("assigned"),
        ]

    def __str__(self) -> str:
        return f"{self.weight_percent}% {self.score_ns}"
