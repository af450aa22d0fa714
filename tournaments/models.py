"""Events, sessions, sections, pairs and players: who plays, and where."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _


class Club(models.Model):
    name = models.CharField(_("name"), max_length=120, unique=True)

    class Meta:
        ordering = ["name"]
        verbose_name = _("club")
        verbose_name_plural = _("clubs")

    def __str__(self) -> str:
        return self.name


class Event(models.Model):
    class Scoring(models.TextChoices):
        MATCHPOINTS = "mp", _("Matchpoints")

    class Factoring(models.TextChoices):
        NONE = "none", _("No factoring")
        NEUBERG_EBU = "neuberg_ebu", _("Neuberg (EBU: nearest 0.1)")
        NEUBERG_ACBL = "neuberg_acbl", _("Neuberg (ACBL: nearest 0.01)")
        NEUBERG_EXACT = "neuberg_exact", _("Neuberg (exact)")

    class Presentation(models.TextChoices):
        EUROPEAN = "european", _("2 / 1 / 0 per comparison")
        ACBL = "acbl", _("1 / ½ / 0 per comparison")

    class SectionScoring(models.TextChoices):
        SECTION = "section", _("Within each section")
        ACROSS_FIELD = "across_field", _("Across the field")

    club = models.ForeignKey(
        Club, verbose_name=_("club"), null=True, blank=True, on_delete=models.SET_NULL
    )
    name = models.CharField(_("name"), max_length=200)
    date = models.DateField(_("date"), null=True, blank=True)
    scoring = models.CharField(
        _("scoring"), max_length=16, choices=Scoring, default=Scoring.MATCHPOINTS
    )
    two_winners = models.BooleanField(
        _("two winners (NS and EW ranked separately)"), default=True
    )
    factoring = models.CharField(
        _("factoring"), max_length=16, choices=Factoring, default=Factoring.NEUBERG_EBU
    )
    mp_presentation = models.CharField(
        _("matchpoint units"),
        max_length=10,
        choices=Presentation,
        default=Presentation.EUROPEAN,
    )
    section_scoring = models.CharField(
        _("comparisons"),
        max_length=16,
        choices=SectionScoring,
        default=SectionScoring.SECTION,
    )
    avg_plus_uses_session_pct = models.BooleanField(
        _("average plus/minus use the session percentage when better (Law 12C2)"),
        default=True,
    )
    published = models.BooleanField(_("published"), default=False)
    hide_current_round = models.BooleanField(
        _("live standings hide the round in play (barometer)"), default=False
    )
    source = models.CharField(_("imported from"), max_length=200, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-date", "-id"]
        verbose_name = _("event")
        verbose_name_plural = _("events")

    def __str__(self) -> str:
        return self.name


class Session(models.Model):
    event = models.ForeignKey(Event, related_name="sessions", on_delete=models.CASCADE)
    number = models.PositiveSmallIntegerField(_("session"), default=1)
    date = models.DateField(_("date"), null=True, blank=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(
                fields=["event", "number"], name="session_number_unique"
            )
        ]

    def __str__(self) -> str:
        return f"{self.event} · {self.number}"


class Section(models.Model):
    session = models.ForeignKey(
        Session, related_name="sections", on_delete=models.CASCADE
    )
    letter = models.CharField(_("section"), max_length=8, default="A")
    colour = models.CharField(_("colour"), max_length=30, blank=True)
    tables = models.PositiveSmallIntegerField(_("tables"), default=0)
    expected_results = models.PositiveSmallIntegerField(
        _("times each board is played"),
        null=True,
        blank=True,
        help_text=_("Leave empty to use the most results entered on any board."),
    )

    class Meta:
        ordering = ["letter"]
        constraints = [
            models.UniqueConstraint(
                fields=["session", "letter"], name="section_letter_unique"
            )
        ]

    def __str__(self) -> str:
        return f"{_('Section')} {self.letter}"


class Pair(models.Model):
    class Direction(models.TextChoices):
        NS = "NS", _("North-South")
        EW = "EW", _("East-West")
        NONE = "", _("Changes direction")

    section = models.ForeignKey(Section, related_name="pairs", on_delete=models.CASCADE)
    number = models.PositiveSmallIntegerField(_("pair number"))
    direction = models.CharField(
        _("direction"), max_length=2, choices=Direction, blank=True
    )
    label = models.CharField(
        _("pair"), max_length=20, help_text=_("As written on the results, e.g. 3NS.")
    )

    class Meta:
        ordering = ["direction", "number"]
        constraints = [
            models.UniqueConstraint(
                fields=["section", "number", "direction"], name="pair_unique"
            ),
            models.UniqueConstraint(
                fields=["section", "label"], name="pair_label_unique"
            ),
        ]

    def __str__(self) -> str:
        return self.label

    @property
    def names(self) -> str:
        return " – ".join(p.name for p in self.players.all())


class Player(models.Model):
    pair = models.ForeignKey(Pair, related_name="players", on_delete=models.CASCADE)
    seat = models.PositiveSmallIntegerField(default=1)
    name = models.CharField(_("name"), max_length=120)
    national_id = models.CharField(_("member number"), max_length=30, blank=True)

    class Meta:
        ordering = ["seat"]
        constraints = [
            models.UniqueConstraint(fields=["pair", "seat"], name="player_seat_unique")
        ]

    def __str__(self) -> str:
        return self.name


class Board(models.Model):
    session = models.ForeignKey(
        Session, related_name="boards", on_delete=models.CASCADE
    )
    number = models.PositiveSmallIntegerField(_("board"))
    deal = models.CharField(_("deal (PBN)"), max_length=80, blank=True)

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
