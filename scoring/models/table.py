"""What the tables' phones hold: a code per table, and each result a table sends.

A sent result is a ``TableEntry``, not a traveller line: it counts nowhere until
the opponents accept it, and only then becomes (or corrects) a ``TravellerLine``
through the entry services, which log it.
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments.models import Board, Pair, Section

from .lines import ContractFields, TravellerLine


class TableCode(models.Model):
    """The short code a phone signs in with to become one table of a section."""

    section = models.ForeignKey(
        Section, related_name="table_codes", on_delete=models.CASCADE
    )
    table = models.PositiveSmallIntegerField(_("table"))
    code = models.CharField(_("code"), max_length=12, unique=True)
    last_seen = models.DateTimeField(null=True, blank=True)
    called_at = models.DateTimeField(_("called the director"), null=True, blank=True)
    # The round of the call: it is the pairs of that round's, not the next's.
    called_round = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["section__letter", "table"]
        constraints = [
            models.UniqueConstraint(
                fields=["section", "table"], name="table_code_once_per_table"
            )
        ]

    def __str__(self) -> str:
        return f"{self.section.letter}{self.table}: {self.code}"


class TableEntry(ContractFields):
    """A result as a table sent it, waiting for the opponents, or decided."""

    class Status(models.TextChoices):
        PENDING = "pending", _("waiting for the opponents")
        ACCEPTED = "accepted", _("accepted")
        REJECTED = "rejected", _("rejected")
        REPLACED = "replaced", _("replaced by a later entry")
        REOPENED = "reopened", _("reopened by the director")
        DISPUTED = "disputed", _("disputed: for the director to settle")
        SETTLED = "settled", _("settled by the director")

    table = models.ForeignKey(
        TableCode, related_name="entries", on_delete=models.CASCADE
    )
    client_id = models.CharField(max_length=64)
    round = models.PositiveSmallIntegerField(_("round"))
    board = models.ForeignKey(Board, related_name="+", on_delete=models.CASCADE)
    ns_pair = models.ForeignKey(Pair, related_name="+", on_delete=models.CASCADE)
    ew_pair = models.ForeignKey(Pair, related_name="+", on_delete=models.CASCADE)
    lead = models.CharField(_("lead"), max_length=3, blank=True)
    not_played = models.BooleanField(_("not played"), default=False)
    status = models.CharField(
        max_length=10, choices=Status, default=Status.PENDING, db_index=True
    )
    # The accepted line, or the line a reopened board's entry will correct.
    line = models.ForeignKey(
        TravellerLine,
        related_name="entries",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
    )
    sent_at = models.DateTimeField(auto_now_add=True)
    decided_at = models.DateTimeField(null=True, blank=True)
    # The seat or pair of the phone that sent it, and of the one that decided.
    seat = models.CharField(_("sent by"), max_length=2, blank=True)
    decided_by = models.CharField(_("decided by"), max_length=2, blank=True)
    # In a dispute, the opponents' version as the table API reads a result
    # ({"contract", "declarer", "tricks", "lead", "score_ns"}).
    version = models.JSONField(_("the opponents' version"), null=True, blank=True)

    class Meta:
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(
                fields=["table", "client_id"], name="table_entry_client_once"
            ),
            models.UniqueConstraint(
                fields=["table", "board"],
                condition=Q(status__in=["pending", "rejected", "reopened", "disputed"]),
                name="table_entry_one_open_per_board",
            ),
            *ContractFields.contract_checks("table_entry"),
        ]

    def __str__(self) -> str:
        return f"{self.table} · {self.board.number} · {self.status}"


class RoundConfirmation(models.Model):
    """A pair (or the table's one phone) has checked the round's scorecard."""

    table = models.ForeignKey(
        TableCode, related_name="confirmations", on_delete=models.CASCADE
    )
    round = models.PositiveSmallIntegerField(_("round"))
    side = models.CharField(_("side"), max_length=2)  # NS or EW
    seat = models.CharField(_("confirmed by"), max_length=2, blank=True)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["table", "round", "side"]
        constraints = [
            models.UniqueConstraint(
                fields=["table", "round", "side"], name="round_confirmed_once"
            )
        ]

    def __str__(self) -> str:
        return f"{self.table} · round {self.round} · {self.side}"


class PairPhone(models.Model):
    """A phone that named a seat: it belongs to the seat's holder (a pair; in an
    individual, a player) and follows it through the movement. The control
    room reads here where it is and when it was last seen."""

    holder = models.OneToOneField(Pair, related_name="phone", on_delete=models.CASCADE)
    # The code it signed in with: renewing that code voids the phone.
    signed_in = models.ForeignKey(
        TableCode, related_name="pair_phones", on_delete=models.CASCADE
    )
    table = models.PositiveSmallIntegerField(_("table"), null=True, blank=True)
    seat = models.CharField(_("seat"), max_length=2, blank=True)
    last_seen = models.DateTimeField(_("last seen"))

    class Meta:
        ordering = ["holder"]

    def __str__(self) -> str:
        return f"{self.holder} · {self.table} {self.seat}"
