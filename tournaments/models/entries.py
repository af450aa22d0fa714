"""Who plays: entries and their pairs in each session, players, teams and their
matches."""

from __future__ import annotations

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from .events import Event, Section, Session

# A handicap is in percentage points, added to a percentage.
HANDICAP_RANGE = [MinValueValidator(-50), MaxValueValidator(50)]
# Where a read of a whole field puts each pair's players (``Prefetch(...,
# to_attr=LOADED_PLAYERS)``): a plain list, where Django's prefetched queryset per
# pair would cost a 2,000-pair field's load about 50 ms.
LOADED_PLAYERS = "loaded_players"


class Entry(models.Model):
    """A partnership across an event's sessions: each session seats it as one of
    its pairs, whatever that pair's number or section. An entry with no pair in
    the earlier sessions came late; one with none in the later ones withdrew."""

    event = models.ForeignKey(Event, related_name="entries", on_delete=models.CASCADE)
    number = models.PositiveSmallIntegerField(_("entry"))
    carry_over = models.DecimalField(
        _("carry-over"),
        max_digits=9,
        decimal_places=4,
        null=True,
        blank=True,
        help_text=_(
            "From a qualifying stage: a percentage when the event averages "
            "percentages, a score when it adds scores."
        ),
    )

    class Meta:
        ordering = ["number"]
        verbose_name = _("entry")
        verbose_name_plural = _("entries")
        constraints = [
            models.UniqueConstraint(
                fields=["event", "number"], name="entry_number_unique"
            ),
            models.CheckConstraint(
                condition=Q(number__gte=1), name="entry_number_ge_1"
            ),
        ]

    def __str__(self) -> str:
        return f"{_('Entry')} {self.number}"


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
    team = models.ForeignKey(
        "Team",
        verbose_name=_("team"),
        related_name="pairs",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
    )
    entry = models.ForeignKey(
        Entry,
        verbose_name=_("entry"),
        related_name="pairs",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
    )
    handicap = models.DecimalField(
        _("pair handicap"),
        max_digits=5,
        decimal_places=2,
        null=True,
        blank=True,
        validators=HANDICAP_RANGE,
        help_text=_("Percentage points; leave empty to use the players' handicaps."),
    )
    master_points = models.PositiveIntegerField(
        _("master points"),
        null=True,
        blank=True,
        help_text=_("Awarded by the director, in hundredths (USEBIO's unit)."),
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
        return " – ".join(p.name for p in self.seated())

    def seated(self) -> list[Player]:
        """The pair's players by seat: as read with the pair (``LOADED_PLAYERS``),
        else read now."""
        loaded: list[Player] | None = getattr(self, LOADED_PLAYERS, None)
        return list(self.players.all()) if loaded is None else loaded


class Player(models.Model):
    pair = models.ForeignKey(Pair, related_name="players", on_delete=models.CASCADE)
    seat = models.PositiveSmallIntegerField(default=1)
    name = models.CharField(_("name"), max_length=120)
    national_id = models.CharField(_("member number"), max_length=30, blank=True)
    handicap = models.DecimalField(
        _("handicap"),
        max_digits=5,
        decimal_places=2,
        null=True,
        blank=True,
        validators=HANDICAP_RANGE,
    )
    # Where the personal results of a session are sent (send_personal_results).
    email = models.EmailField(_("e-mail address"), blank=True)
    person = models.ForeignKey(
        "Person",
        verbose_name=_("player"),
        related_name="players",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
    )

    class Meta:
        ordering = ["seat"]
        constraints = [
            models.UniqueConstraint(fields=["pair", "seat"], name="player_seat_unique")
        ]

    def __str__(self) -> str:
        return self.name


class Team(models.Model):
    """A team of a team event; it sits as pair "nNS" and pair "nEW" in each section."""

    event = models.ForeignKey(Event, related_name="teams", on_delete=models.CASCADE)
    number = models.PositiveSmallIntegerField(_("team number"))
    name = models.CharField(_("team"), max_length=120)
    players = models.TextField(_("players"), blank=True, help_text=_("One a line."))
    carry_over = models.DecimalField(
        _("carry-over VPs"), max_digits=7, decimal_places=2, default=0
    )

    class Meta:
        ordering = ["number"]
        verbose_name = _("team")
        verbose_name_plural = _("teams")
        constraints = [
            models.UniqueConstraint(
                fields=["event", "number"], name="team_number_unique"
            ),
            models.CheckConstraint(condition=Q(number__gte=1), name="team_number_ge_1"),
        ]

    def __str__(self) -> str:
        return f"{self.number} {self.name}"

    @property
    def player_names(self) -> list[str]:
        return [n.strip() for n in self.players.splitlines() if n.strip()]


class Match(models.Model):
    """Two teams over a run of boards in two rooms: in the open room (table
    ``open_table``) home sits NS, in the closed room (``closed_table``) away sits NS."""

    session = models.ForeignKey(
        Session, related_name="matches", on_delete=models.CASCADE
    )
    round = models.PositiveSmallIntegerField(_("round"))
    home = models.ForeignKey(
        Team,
        related_name="home_matches",
        on_delete=models.CASCADE,
        verbose_name=_("home"),
    )
    away = models.ForeignKey(
        Team,
        related_name="away_matches",
        on_delete=models.CASCADE,
        verbose_name=_("away"),
    )
    open_table = models.PositiveSmallIntegerField(_("open room table"))
    closed_table = models.PositiveSmallIntegerField(_("closed room table"))
    first_board = models.PositiveSmallIntegerField(_("first board"))
    last_board = models.PositiveSmallIntegerField(_("last board"))

    class Meta:
        ordering = ["round", "open_table"]
        verbose_name = _("match")
        verbose_name_plural = _("matches")
        constraints = [
            models.UniqueConstraint(
                fields=["session", "round", "home"], name="match_home_once_a_round"
            ),
            models.UniqueConstraint(
                fields=["session", "round", "away"], name="match_away_once_a_round"
            ),
            models.CheckConstraint(
                condition=~Q(home=F("away")), name="match_team_not_own_opponent"
            ),
            models.CheckConstraint(
                condition=Q(first_board__gte=1, last_board__gte=F("first_board")),
                name="match_board_range",
            ),
        ]

    def __str__(self) -> str:
        return f"{_('Round')} {self.round}: {self.home} v {self.away}"

    @property
    def board_numbers(self) -> range:
        return range(self.first_board, self.last_board + 1)

    @property
    def number(self) -> int:
        """The match's number in its round: its two tables are the number's
        pair (match 2 plays at tables 3 and 4), as the schedule seats them."""
        return (min(self.open_table, self.closed_table) + 1) // 2

    def room_of(self, table: int) -> str:
        """ "open" or "closed": the room the table is in this match."""
        return "open" if table == self.open_table else "closed"
