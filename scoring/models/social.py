"""A social table's scorepad (individual-and-social.md §3): fields only.

What a pad scores is worked out by ``scoring.engine.social`` from its deals each
time it is shown. No login: whoever holds the pad's key (in its link) may enter.
"""

from __future__ import annotations

import secrets

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from .lines import ContractFields


def new_pad_key() -> str:
    """An unguessable key for the pad's link (128 random bits)."""
    return secrets.token_urlsafe(16)


class ChicagoGame(models.Model):
    """The game a pad (or a whole session's pads) is scored by."""

    class Style(models.TextChoices):
        STANDARD = "standard", _("standard")
        DUPLICATE = "duplicate-style", _("duplicate-style")

    class MiddleDeals(models.TextChoices):
        DEALERS_SIDE = "dealer's side", _("the dealer's side")
        DEALERS_OPPONENTS = "dealer's opponents", _("the dealer's opponents")

    key = models.CharField(max_length=32, unique=True, default=new_pad_key)
    style = models.CharField(
        _("scoring"), max_length=16, choices=Style, default=Style.STANDARD
    )
    middle_deals = models.CharField(
        _("vulnerable on deals 2 and 3"),
        max_length=20,
        choices=MiddleDeals,
        default=MiddleDeals.DEALERS_SIDE,
    )
    honours = models.BooleanField(_("honours count"), default=False)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        abstract = True


class SocialSession(ChicagoGame):
    """An evening of Chicago at one or two tables, partners rotating after each
    chukker (§3.1): its pads are created with it, one per table and chukker."""

    def __str__(self) -> str:
        return f"{self.key[:6]}: {self.players.count()} players"


class SocialPlayer(models.Model):
    """A player of a social session, by his number in the rotation."""

    session = models.ForeignKey(
        SocialSession, related_name="players", on_delete=models.CASCADE
    )
    number = models.PositiveSmallIntegerField(_("player"))
    name = models.CharField(_("name"), max_length=60)

    class Meta:
        ordering = ["session", "number"]
        constraints = [
            models.UniqueConstraint(
                fields=["session", "number"], name="social_player_once"
            ),
            models.UniqueConstraint(
                fields=["session", "name"], name="social_player_name_once"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.number} {self.name}"


SEAT_NUMBERS = ("north_player", "east_player", "south_player", "west_player")


class SocialPad(ChicagoGame):
    """The scorepad of one social table: a Chicago chukker, a rubber, or the
    club's house-rules game; a chukker of a session knows its players' numbers."""

    class Kind(models.TextChoices):
        CHICAGO = "chicago", _("Chicago")
        RUBBER = "rubber", _("Rubber")
        HOUSE = "house", _("House rules: the club's four-player game")

    kind = models.CharField(_("game"), max_length=8, choices=Kind, default=Kind.CHICAGO)
    north = models.CharField(_("North"), max_length=60)
    east = models.CharField(_("East"), max_length=60)
    south = models.CharField(_("South"), max_length=60)
    west = models.CharField(_("West"), max_length=60)
    session = models.ForeignKey(
        SocialSession, related_name="pads", on_delete=models.CASCADE, null=True,
        blank=True,
    )  # fmt: skip
    chukker = models.PositiveSmallIntegerField(_("chukker"), null=True, blank=True)
    table = models.PositiveSmallIntegerField(_("table"), null=True, blank=True)
    north_player = models.PositiveSmallIntegerField(null=True, blank=True)
    east_player = models.PositiveSmallIntegerField(null=True, blank=True)
    south_player = models.PositiveSmallIntegerField(null=True, blank=True)
    west_player = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["session", "chukker", "table", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["session", "chukker", "table"], name="social_pad_once"
            ),
            models.CheckConstraint(
                condition=Q(
                    session__isnull=True,
                    chukker__isnull=True,
                    table__isnull=True,
                    **{f"{seat}__isnull": True for seat in SEAT_NUMBERS},
                )
                | Q(
                    session__isnull=False,
                    chukker__isnull=False,
                    table__isnull=False,
                    kind="chicago",
                    **{f"{seat}__isnull": False for seat in SEAT_NUMBERS},
                ),
                name="social_pad_session_seats",
            ),  # fmt: skip
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()}: {self.north}, {self.east}, ..."


class SocialDeal(ContractFields):
    """One entry of a pad, in the order dealt: a result and the honours held."""

    class HonoursKind(models.TextChoices):
        NONE = "", _("no honours")
        FOUR_TRUMP = "four trump honours", _("four trump honours")
        FIVE_TRUMP = "five trump honours", _("five trump honours")
        FOUR_ACES = "four aces at no trump", _("four aces at no trump")

    pad = models.ForeignKey(SocialPad, related_name="deals", on_delete=models.CASCADE)
    number = models.PositiveSmallIntegerField(_("entry"))
    honours = models.CharField(
        _("honours"), max_length=24, choices=HonoursKind, blank=True
    )
    honours_side = models.CharField(
        _("honours held by"), max_length=2, choices=[("NS", "NS"), ("EW", "EW")],
        blank=True,
    )  # fmt: skip

    class Meta:
        ordering = ["pad", "number"]
        constraints = [
            *ContractFields.contract_checks("social_deal"),
            models.UniqueConstraint(
                fields=["pad", "number"], name="social_deal_once_per_entry"
            ),
            models.CheckConstraint(
                condition=Q(honours="", honours_side="")
                | (~Q(honours="") & Q(honours_side__in=["NS", "EW"])),
                name="social_deal_honours_side",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.pad_id} #{self.number}"
