"""A session's boards: each deal and its double dummy analysis."""

from __future__ import annotations

from typing import Any

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from .events import Club, Session


class Board(models.Model):
    session = models.ForeignKey(
        Session, related_name="boards", on_delete=models.CASCADE
    )
    number = models.PositiveSmallIntegerField(_("board"))
    deal = models.CharField(_("deal (PBN)"), max_length=80, blank=True)
    # The deal's double dummy, null until solved (analyse_deals): {"deal": the
    # PBN deal solved, "double_dummy": {"N": {"NT": 9, "S": 7, ...}, ...} or
    # null for an incomplete deal, "par": {"score_ns", "contracts"} or null}.
    analysis = models.JSONField(_("double dummy"), null=True, blank=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["session", "number"], name="board_unique"),
            models.CheckConstraint(
                condition=Q(number__gte=1), name="board_number_ge_1"
            ),
        ]

    def __str__(self) -> str:
        return str(self.number)

    @property
    def solved(self) -> dict[str, Any] | None:
        """The analysis of the deal stored now (None when unsolved or stale)."""
        found = self.analysis
        if self.deal and isinstance(found, dict) and found.get("deal") == self.deal:
            return found
        return None

    @property
    def double_dummy_rows(self) -> list[tuple[str, list[int]]]:
        """Tricks by declarer (N, S, E, W) in NT, S, H, D, C, for a page."""
        table = (self.solved or {}).get("double_dummy") or {}
        return [
            (seat, [table[seat][strain] for strain in ("NT", "S", "H", "D", "C")])
            for seat in ("N", "S", "E", "W")
            if seat in table
        ]

    @property
    def par_text(self) -> str:
        """The par of the solved deal ("Par NS 420: 4S N, 4S S"), else ""."""
        par = (self.solved or {}).get("par")
        if not isinstance(par, dict):
            return ""
        score = int(par["score_ns"])
        side = "NS " if score > 0 else "EW " if score < 0 else ""
        return str(
            _("Par %(score)s: %(contracts)s")
            % {
                "score": f"{side}{abs(score)}",
                "contracts": ", ".join(par["contracts"]) or _("passed out"),
            }
        )


class DealSet(models.Model):
    """A set of deals dealt here or imported, kept with its fingerprint so a set
    a session of the club already played is not dealt again by mistake. A set
    dealt here keeps its seed: secret, published with the session's results;
    the commitment (the seed's SHA-256) is shown before play."""

    club = models.ForeignKey(
        Club, related_name="deal_sets", null=True, blank=True, on_delete=models.SET_NULL
    )
    session = models.ForeignKey(
        Session,
        related_name="deal_sets",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
    )
    fingerprint = models.CharField(_("fingerprint"), max_length=64, db_index=True)
    deals = models.JSONField(_("deals"))  # {"1": "N:…", …}
    seed = models.CharField(_("seed"), max_length=128, blank=True)
    commitment = models.CharField(_("commitment"), max_length=64, blank=True)
    source = models.CharField(_("source"), max_length=200, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-pk"]

    def __str__(self) -> str:
        return self.fingerprint[:12]

    @property
    def board_deals(self) -> dict[int, str]:
        return {int(number): deal for number, deal in self.deals.items()}
