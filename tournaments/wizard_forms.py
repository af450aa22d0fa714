"""Input shape of the new-event wizard: the kind of evening and its number
first, then the options of that kind only, the movement proposed for the
tables (tournaments.setup.wizard)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from movements.proposals import Proposal

from .forms import TeamEventForm
from .models import Club, Event
from .setup.events import DEFAULT_BOARDS_PER_ROUND, MITCHELL
from .setup.individuals import DEFAULT_BOARDS_PER_ROUND as INDIVIDUAL_BOARDS
from .setup.individuals import INDIVIDUAL, individual_build
from .setup.wizard import (
    CHAMPIONSHIP,
    INDIVIDUAL_EVENING,
    KINDS,
    PAIRS,
    SOCIAL,
    SWISS,
    TEAMS,
    individual_said,
    pairs_proposals,
    proposal_said,
)

__all__ = ["KindForm", "evening_form"]


def _club_field(clubs: QuerySet[Club]) -> forms.ModelChoiceField:
    """The clubs the user may create events in; hidden when there is one."""
    field = forms.ModelChoiceField(label=_("club"), queryset=clubs)
    if clubs.count() == 1:
        field.initial = clubs.get().pk
        field.widget = forms.HiddenInput()
    return field


class KindForm(forms.Form):
    """Page 1: the kind of evening, then how many tables (players, teams)."""

    evening = forms.ChoiceField(
        label=_("kind of evening"),
        choices=[(key, kind.label) for key, kind in KINDS.items()],
        widget=forms.RadioSelect,
    )
    count = forms.IntegerField(
        label=_("how many tables"),
        min_value=2,
        max_value=60,
        required=False,
        help_text=_(
            "Tables for pairs, Swiss pairs and a championship session; "
            "players for an individual; teams for teams."
        ),
    )

    def __init__(self, *args: Any, clubs: QuerySet[Club], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["club"] = _club_field(clubs)

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        counted = data.get("evening") not in (None, SOCIAL)
        if counted and not data.get("count") and "count" not in self.errors:
            self.add_error("count", _("Say how many tables, players or teams."))
        return data


class _Evening(forms.ModelForm):
    """Page 2's common part: the name, the date (today) and the club."""

    REMEMBERED: tuple[str, ...] = ()  # the club's defaults kept from this form
    PROPOSES = False  # proposed again for other numbers (page 2's button)

    class Meta:
        model = Event
        fields = ["name", "date"]
        widgets = {"date": forms.DateInput(attrs={"type": "date"})}

    def __init__(self, *args: Any, clubs: QuerySet[Club], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["club"] = _club_field(clubs)
        self.fields["date"].initial = timezone.localdate
        self.said = ""  # the proposal's one-line reason

    def number(self, name: str, usual: int) -> int:
        """A number the page has (posted or prefilled), else the usual one."""
        raw = self.data.get(name) if self.is_bound else self.initial.get(name)
        try:
            return int(str(raw)) if raw not in (None, "") else usual
        except (TypeError, ValueError):
            return usual

    def ticked(self, name: str) -> bool:
        """Whether a box the page has is ticked (posted or prefilled)."""
        raw = self.data.get(name) if self.is_bound else self.initial.get(name)
        return raw not in (None, "", False, "false", "off")

    def remembered(self) -> dict[str, Any]:
        return {name: self.cleaned_data.get(name) for name in self.REMEMBERED}


class PairsForm(_Evening):
    """A matchpoint pairs evening: the movement proposed for its tables."""

    PROPOSES = True

    REMEMBERED: tuple[str, ...] = ("name", "tables", "boards_per_round",
                                   "movement", "factoring", "handicapped")  # fmt: skip
    tables = forms.IntegerField(label=_("tables"), min_value=2, max_value=60)
    pair_short = forms.BooleanField(
        label=_("one pair short"),
        required=False,
        help_text=_(
            "An odd number of pairs: the last table's missing pair is a phantom "
            "and its opponents sit out each round (a late pair takes its place "
            "from the movement page)."
        ),
    )
    boards_per_round = forms.IntegerField(
        label=_("boards a round"), min_value=1, max_value=10
    )
    movement = forms.ChoiceField(label=_("movement"), widget=forms.RadioSelect)

    class Meta(_Evening.Meta):
        fields = ["name", "date", "factoring", "handicapped"]

    field_order = [
        "tables", "pair_short", "boards_per_round", "movement", "name", "date"
    ]  # fmt: skip

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["boards_per_round"].initial = DEFAULT_BOARDS_PER_ROUND[MITCHELL]
        tables = self.number("tables", 7)
        usual = self.initial.get("movement", "")
        self.proposals: list[Proposal] = []
        if 2 <= tables <= 60:
            self.proposals = pairs_proposals(
                tables=tables,
                boards_per_round=self.number("boards_per_round", 3),
                usual=usual,
                pair_short=self.ticked("pair_short"),
            )
        field = self.fields["movement"]
        assert isinstance(field, forms.ChoiceField)
        field.choices = [(p.key, proposal_said(p, tables)) for p in self.proposals]
        if self.proposals:
            self.said = proposal_said(self.proposals[0], tables)
            self.initial["movement"] = self.proposals[0].key

    def clean_movement(self) -> str:
        if not self.proposals:
            raise ValidationError(_("No movement suits these numbers."))
        return str(self.cleaned_data["movement"])


class ChampionshipForm(PairsForm):
    """A session of a championship: matchpoints, Butler or cross-IMPs, with
    the options of those scorings and the ranking over the sessions."""

    REMEMBERED = (*PairsForm.REMEMBERED, "scoring", "datum_source", "butler_drop",
                  "ximp_divisor", "combined_by")  # fmt: skip

    class Meta(PairsForm.Meta):
        fields = ["name", "date", "scoring", "factoring", "datum_source",
                  "butler_drop", "ximp_divisor", "combined_by"]  # fmt: skip

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        scoring = self.fields["scoring"]
        assert isinstance(scoring, forms.ChoiceField)
        pairs = (Event.Scoring.MATCHPOINTS, Event.Scoring.BUTLER,
                 Event.Scoring.CROSS_IMPS)  # fmt: skip
        scoring.choices = [(k.value, k.label) for k in pairs]


class IndividualForm(_Evening):
    """A complete individual for the players (the next size with phantoms)."""

    PROPOSES = True

    REMEMBERED = ("name", "players", "boards_per_round", "single_boards")
    players = forms.IntegerField(label=_("players"), min_value=5, max_value=20)
    boards_per_round = forms.IntegerField(
        label=_("boards a round"), min_value=1, max_value=10, initial=INDIVIDUAL_BOARDS
    )

    class Meta(_Evening.Meta):
        fields = ["name", "date", "single_boards"]

    field_order = ["players", "boards_per_round", "name", "date"]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        players = self.number("players", 12)
        try:
            movement = individual_build(
                kind=INDIVIDUAL,
                players=players,
                boards_per_round=self.number("boards_per_round", INDIVIDUAL_BOARDS),
            )
        except ValidationError:
            return
        self.said = individual_said(movement, players)


class SwissForm(_Evening):
    """Swiss pairs: rounds drawn one at a time, IMPs against the datum to VPs."""

    REMEMBERED = ("name", "tables", "rounds", "boards_per_match", "vp_scale")
    tables = forms.IntegerField(label=_("tables"), min_value=2, max_value=60)

    class Meta(_Evening.Meta):
        fields = ["name", "date", "rounds", "boards_per_match", "vp_scale"]

    field_order = ["tables", "rounds", "boards_per_match", "name", "date"]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["rounds"].required = True
        self.fields["boards_per_match"].required = True


class TeamsForm(TeamEventForm):
    """Teams of four, board-a-match or Swiss teams, one team a line."""

    REMEMBERED = ("name", "kind", "boards_per_match", "vp_scale")

    def __init__(self, *args: Any, clubs: QuerySet[Club], **kwargs: Any) -> None:
        super().__init__(*args, clubs=clubs, **kwargs)
        self.fields["club"] = _club_field(clubs)
        self.fields["date"].initial = timezone.localdate
        self.said = ""

    def remembered(self) -> dict[str, Any]:
        return {name: self.cleaned_data.get(name) for name in self.REMEMBERED}


FORMS: dict[str, type[_Evening] | type[TeamsForm]] = {
    PAIRS: PairsForm,
    CHAMPIONSHIP: ChampionshipForm,
    INDIVIDUAL_EVENING: IndividualForm,
    SWISS: SwissForm,
    TEAMS: TeamsForm,
}


def evening_form(
    kind: str, data: Any, *, clubs: QuerySet[Club], initial: dict[str, Any]
) -> _Evening | TeamsForm:
    """Page 2's form of that kind (no form for a social evening)."""
    return FORMS[kind](data, clubs=clubs, initial=initial)
