"""Clubs and their events: sessions and sections (their boards: ``boards``)."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext_lazy as _

from scoring.engine.vp_tables import shipped_scales

# The shipped scales' titles, translated (a file's own title is shown otherwise).
VP_SCALE_TITLES = {
    "acbl_20vp": _("ACBL Swiss 20-VP (6–11 boards)"),
    "acbl_30vp": _("ACBL Swiss 30-VP (6–11 boards)"),
}


def vp_scale_choices() -> list[tuple[str, str]]:
    """The WBF 2013 continuous scale, then every scale shipped as a data file."""
    return [
        ("wbf2013_continuous", str(_("WBF 2013 continuous 20-VP"))),
        *(
            (key, str(VP_SCALE_TITLES.get(key, table.title)))
            for key, table in shipped_scales().items()
        ),
    ]


class Club(models.Model):
    name = models.CharField(_("name"), max_length=120, unique=True)
    number = models.CharField(
        _("club number"),
        max_length=20,
        blank=True,
        help_text=_("The federation's number for the club, kept in results files."),
    )
    publish_players = models.BooleanField(
        _("publish player pages"),
        default=False,
        help_text=_("Anyone may read a player's events and percentages."),
    )
    # The club's usual choices at set-up, remembered from its last new event of
    # each kind: {"kind": last kind, kind: {field: value}} (tournaments.setup.wizard).
    setup_defaults = models.JSONField(_("set-up defaults"), default=dict, blank=True)

    class Meta:
        ordering = ["name"]
        verbose_name = _("club")
        verbose_name_plural = _("clubs")

    def __str__(self) -> str:
        return self.name


class Event(models.Model):
    class Scoring(models.TextChoices):
        MATCHPOINTS = "mp", _("Matchpoints")
        BUTLER = "butler", _("Butler pairs (IMPs against a datum)")
        CROSS_IMPS = "cross_imps", _("Cross-IMP pairs")
        TEAMS = "teams", _("Teams of four (IMPs to VPs)")
        BAM = "bam", _("Board-a-match teams")
        SWISS = "swiss", _("Swiss teams")
        SWISS_PAIRS = "swiss_pairs", _("Swiss pairs (IMPs against the datum to VPs)")

    TEAM_KINDS = (Scoring.TEAMS, Scoring.BAM, Scoring.SWISS)

    class DatumTie(models.TextChoices):
        EVEN = "even", _("An exact …5 to the even ten (425 → 420)")
        AWAY_FROM_ZERO = "away_from_zero", _("An exact …5 away from zero (425 → 430)")

    class DatumSource(models.TextChoices):
        FIELD = "field", _("Mean of the field")
        PAR = "par", _("Par of the deal (Butler against par)")
        MEDIAN = "median", _("Median of the field (JFR)")

    class XimpDivisor(models.TextChoices):
        N_MINUS_1 = "n_minus_1", _("Average over the other results (n − 1)")
        N = "n", _("Divided by the number of results (n)")
        NONE = "none", _("Total IMPs (not divided)")

    class VpScale(models.TextChoices):
        """The scale computed by formula; the discrete ones come from data
        files (``vp_scale_choices``)."""

        WBF2013_CONTINUOUS = "wbf2013_continuous", _("WBF 2013 continuous 20-VP")

    class BamUnits(models.TextChoices):
        ONE_HALF_ZERO = "1-half-0", _("1 / ½ / 0 per board")
        TWO_ONE_ZERO = "2-1-0", _("2 / 1 / 0 per board (point-a-board)")

    class Factoring(models.TextChoices):
        NONE = "none", _("No factoring")
        NEUBERG_EBU = "neuberg_ebu", _("Neuberg (EBU: nearest 0.1)")
        NEUBERG_ACBL = "neuberg_acbl", _("Neuberg (ACBL: nearest 0.01)")
        NEUBERG_EXACT = "neuberg_exact", _("Neuberg (exact)")

    class Presentation(models.TextChoices):
        EUROPEAN = "european", _("2 / 1 / 0 per comparison")
        ACBL = "acbl", _("1 / ½ / 0 per comparison")

    class CombinedBy(models.TextChoices):
        SUM = "sum", _("Sum of the session scores")
        AVERAGE = "average", _("Average of the session percentages")

    class HandicapRule(models.TextChoices):
        AVERAGE = "average", _("Average of the players' handicaps")
        SUM = "sum", _("Sum of the players' handicaps")

    class HandicapShare(models.TextChoices):
        WHOLE = "1", _("The percentage plus the handicap")
        HALF = "1/2", _("The percentage plus half the handicap (NZ Scorer)")

    class SectionScoring(models.TextChoices):
        SECTION = "section", _("Within each section")
        ACROSS_FIELD = "across_field", _("Across the field")

    class MatchScoreShown(models.TextChoices):
        """What a team table's phones show of their match's score."""

        LIVE = "live", _("The match score as the boards are completed")
        AT_END = "at_end", _("The match score only once the match ends")
        NOTHING = "nothing", _("Nothing of the match score")

    class SingleBoards(models.TextChoices):
        # The engine's names (scoring.engine.once_played): the JSON's values too.
        AVERAGE = "average", _("Counted as 50 % for both sides")
        OMITTED = "omitted", _("Left out of both sides' totals")

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
    individual = models.BooleanField(
        _("individual (partners change every round, each player ranked alone)"),
        default=False,
        help_text=_(
            "Each pair of the event's sections is then one player, as on "
            "Bridgemate: a line's NS and EW are North and East, its south and "
            "west the partners."
        ),
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
    sims_percentage = models.BooleanField(
        _("simultaneous percentage (MP + 1) / (2n)"),
        default=False,
        help_text=_(
            "Each pair ranked on the mean of its boards' (MP + 1) / (2n), as "
            "simultaneous pairs and the PBN standard's reference file score it."
        ),
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
    butler_drop = models.PositiveSmallIntegerField(
        _("Butler: results dropped at each end"),
        null=True,
        blank=True,
        help_text=_("Leave empty for none up to 3 results, else one at each end."),
    )
    datum_tie = models.CharField(
        _("Butler: datum rounding"),
        max_length=16,
        choices=DatumTie,
        default=DatumTie.EVEN,
    )
    datum_source = models.CharField(
        _("Butler: datum"), max_length=8, choices=DatumSource, default=DatumSource.FIELD
    )
    ximp_divisor = models.CharField(
        _("cross-IMPs: divisor"),
        max_length=10,
        choices=XimpDivisor,
        default=XimpDivisor.N_MINUS_1,
    )
    vp_scale = models.CharField(
        _("victory point scale"),
        max_length=20,
        choices=vp_scale_choices,
        default=VpScale.WBF2013_CONTINUOUS,
    )
    bam_units = models.CharField(
        _("board-a-match units"),
        max_length=10,
        choices=BamUnits,
        default=BamUnits.ONE_HALF_ZERO,
    )
    boards_per_match = models.PositiveSmallIntegerField(
        _("boards per match"), null=True, blank=True
    )
    combined_by = models.CharField(
        _("ranking over the sessions"),
        max_length=8,
        choices=CombinedBy,
        default=CombinedBy.SUM,
        help_text=_(
            "A session an entry did not play counts nothing; a carry-over "
            "counts as one more session in an average."
        ),
    )
    rounds = models.PositiveSmallIntegerField(
        _("rounds (Swiss pairs)"), null=True, blank=True
    )
    handicapped = models.BooleanField(
        _("handicapped pairs (ranked on percentage plus handicap)"),
        default=False,
        help_text=_("Matchpoint pairs only: handicaps are typed on the pairs page."),
    )
    handicap_rule = models.CharField(
        _("a pair's handicap"),
        max_length=8,
        choices=HandicapRule,
        default=HandicapRule.AVERAGE,
        help_text=_("Used when the pair has no handicap of its own."),
    )
    handicap_share = models.CharField(
        _("handicapped percentage"),
        max_length=3,
        choices=HandicapShare,
        default=HandicapShare.WHOLE,
    )
    file_event_type = models.CharField(
        _("event type of the imported file"),
        max_length=40,
        blank=True,
        help_text=_(
            "USEBIO's EVENT_TYPE as the file wrote it; written back on export."
        ),
    )
    published = models.BooleanField(_("published"), default=False)
    hide_current_round = models.BooleanField(
        _("live standings hide the round in play (barometer)"), default=False
    )
    single_boards = models.CharField(
        _("boards played only once"),
        max_length=8,
        choices=SingleBoards,
        default=SingleBoards.AVERAGE,
        help_text=_(
            "A board with a single result cannot be compared: 50 % to both "
            "sides, or left out so that each percentage is over the boards "
            "that can be compared."
        ),
    )
    table_match_score = models.CharField(
        _("team tables' phones show"),
        max_length=8,
        choices=MatchScoreShown,
        default=MatchScoreShown.LIVE,
        help_text=_("A knockout match hides its score until it ends by default."),
    )
    source = models.CharField(_("imported from"), max_length=200, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-date", "-id"]
        verbose_name = _("event")
        verbose_name_plural = _("events")

    def __str__(self) -> str:
        return self.name

    @property
    def is_teams(self) -> bool:
        return self.scoring in self.TEAM_KINDS

    def clean(self) -> None:
        errors = {}
        if self.handicapped and self.scoring != self.Scoring.MATCHPOINTS:
            errors["handicapped"] = _("Only matchpoint pairs are handicapped.")
        average = self.combined_by == self.CombinedBy.AVERAGE
        if average and self.scoring != self.Scoring.MATCHPOINTS:
            errors["combined_by"] = _(
                "Only matchpoint sessions have percentages to average: "
                "IMP sessions are added up."
            )
        if self.individual and self.scoring != self.Scoring.MATCHPOINTS:
            errors["individual"] = _("Individuals are scored in matchpoints.")
        if errors:
            raise ValidationError(errors)


class Session(models.Model):
    event = models.ForeignKey(Event, related_name="sessions", on_delete=models.CASCADE)
    number = models.PositiveSmallIntegerField(_("session"), default=1)
    date = models.DateField(_("date"), null=True, blank=True)
    released = models.BooleanField(
        _("results released"),
        default=False,
        help_text=_(
            "Until then the public sees a board's results and deal only once "
            "every table scheduled to play it has played it."
        ),
    )

    # Play at the tables: the round the director has called, whether the
    # tables' phones may sign in, and what they show and ask.
    class TableShows(models.TextChoices):
        NOTHING = "nothing", _("Nothing")
        TRAVELLER = "traveller", _("The board's traveller so far")
        PERCENTAGE = "percentage", _("The board's score for each side (barometer)")

    round_called = models.PositiveSmallIntegerField(_("round called"), default=1)
    tables_open = models.BooleanField(_("tables may sign in"), default=True)
    table_shows = models.CharField(
        _("after a board the table sees"),
        max_length=10,
        choices=TableShows,
        default=TableShows.PERCENTAGE,
    )
    table_leads = models.BooleanField(_("tables enter the opening lead"), default=True)
    table_players = models.BooleanField(
        _("players sign in with their member numbers"), default=False
    )

    class TableConfirm(models.TextChoices):
        SCORER = "scorer", _("On the scorer's phone")
        OWN = "own", _("On their own phone")

    table_confirm = models.CharField(
        _("the opponents confirm a result"),
        max_length=6,
        choices=TableConfirm,
        default=TableConfirm.SCORER,
    )

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
