"""Input shape for events (pairs and teams), sections and pairs."""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from movements.selectors import plays_rainbow

from .models import Club, Event, Membership, Pair, Simultaneous
from .models.events import vp_scale_choices
from .setup.events import HOWELL, MITCHELL
from .setup.individuals import INDIVIDUAL, RAINBOW
from .setup.pairs import PairNames
from .setup.settings import SCORING_OPTIONS, SETTINGS
from .setup.teams import TeamEntry


def _offer(field: forms.Field, clubs: QuerySet[Club]) -> None:
    """The clubs the user may create events in; the only one is chosen already."""
    assert isinstance(field, forms.ModelChoiceField)
    field.queryset = clubs
    if clubs.count() == 1:
        field.initial = clubs.get()


def _field(name: str) -> models.Field[Any, Any]:
    field = Event._meta.get_field(name)
    assert isinstance(field, models.Field)
    return field


class EventForm(forms.ModelForm):
    club = forms.ModelChoiceField(label=_("club"), queryset=Club.objects.none())
    tables = forms.IntegerField(label=_("tables"), min_value=1, max_value=60, initial=7)
    kind = forms.ChoiceField(
        label=_("movement"),
        choices=[
            (MITCHELL, _("Mitchell (NS and EW)")),
            (HOWELL, _("Howell")),
            (INDIVIDUAL, _("Individual: partners change every round (players)")),
            (RAINBOW, _("Rainbow individual: four compass lines (tables)")),
        ],
    )
    players = forms.IntegerField(
        label=_("players (individual)"),
        min_value=5,
        max_value=20,
        required=False,
        help_text=_(
            "5 to 20: 5, 8, 9, 12, 13, 16, 17 and 20 play a complete individual; "
            "any other number plays the next one with phantoms, whose tables sit out."
        ),
    )
    boards_per_round = forms.IntegerField(
        label=_("boards a round"),
        min_value=1,
        max_value=10,
        required=False,
        help_text=_("Leave empty for the movement's usual number."),
    )

    class Meta:
        model = Event
        fields = [
            "name", "date", "scoring", *SCORING_OPTIONS, "boards_per_match", "rounds",
        ]  # fmt: skip
        widgets = {"date": forms.DateInput(attrs={"type": "date"})}

    # what a pairs evening needs, first; the other kinds' options fold away
    MAIN = ("kind", "tables", "players", "boards_per_round", "club", "name", "date")

    def __init__(self, *args: Any, clubs: QuerySet[Club], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        _offer(self.fields["club"], clubs)
        self.fields["date"].initial = timezone.localdate
        for name in self._defaulted():
            self.fields[name].required = False  # left blank: the model's default

    def main_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.MAIN]

    def more_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.fields if name not in self.MAIN]

    @classmethod
    def _defaulted(cls) -> list[str]:
        """Event settings with a default, other than yes/no boxes."""
        return [
            name
            for name in cls.Meta.fields
            if _field(name).has_default()
            and not isinstance(_field(name), models.BooleanField)
        ]

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        for name in self._defaulted():
            if data.get(name) in (None, ""):
                data[name] = _field(name).get_default()
        if data.get("kind") in (INDIVIDUAL, RAINBOW):
            self._clean_individual(data)
        return data

    def _clean_individual(self, data: dict[str, Any]) -> None:
        if data.get("kind") == INDIVIDUAL and not data.get("players"):
            self.add_error("players", _("Say how many players play the individual."))
        if data.get("scoring") != Event.Scoring.MATCHPOINTS:
            self.add_error("scoring", _("An individual is scored in matchpoints."))


class EventSettingsForm(forms.ModelForm):
    """What the director changes on the event page (publishing, scoring; a
    Rainbow individual's or a simultaneous' ranking by direction)."""

    class Meta:
        model = Event
        fields = list(SETTINGS)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if not self.instance.is_teams:
            del self.fields["table_match_score"]
        if Simultaneous.objects.filter(event=self.instance).exists():
            self.fields["two_winners"].label = _(
                "two winners: North-South and East-West ranked apart across the "
                "field (Mitchell heats only)"
            )
            return
        if not plays_rainbow(self.instance):
            del self.fields["two_winners"]
            return
        self.fields["two_winners"].label = _(
            "rank each compass line apart (North, East, South and West players)"
        )


class SectionForm(forms.Form):
    """A new section of one of the event's sessions (the session is asked only
    when the event has more than one)."""

    session = forms.TypedChoiceField(label=_("session"), coerce=int)
    letter = forms.RegexField(
        label=_("section"), regex=r"^[A-Z0-9]{1,3}$", max_length=3, initial="B"
    )
    tables = forms.IntegerField(label=_("tables"), min_value=1, max_value=60)
    kind = forms.ChoiceField(
        label=_("movement"),
        choices=[(MITCHELL, _("Mitchell (NS and EW)")), (HOWELL, _("Howell"))],
    )

    def __init__(self, *args: Any, numbers: list[int], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["session"]
        assert isinstance(field, forms.TypedChoiceField)
        field.choices = [(n, str(n)) for n in numbers]
        field.initial = numbers[-1] if numbers else 1
        if len(numbers) < 2:
            field.widget = forms.HiddenInput()


def _handicap(label: Any) -> forms.DecimalField:
    return forms.DecimalField(
        label=label,
        required=False,
        max_digits=5,
        decimal_places=2,
        min_value=-50,
        max_value=50,
        widget=forms.NumberInput(attrs={"step": "0.01", "class": "handicap"}),
    )


class PairNamesForm(forms.Form):
    """The two players' names; ``*_person`` the roster's person each was chosen
    as (blank: found by name, or new to the roster)."""

    first = forms.CharField(label=_("player"), max_length=120, required=False)
    second = forms.CharField(label=_("partner"), max_length=120, required=False)
    first_person = forms.IntegerField(required=False, widget=forms.HiddenInput)
    second_person = forms.IntegerField(required=False, widget=forms.HiddenInput)
    first_handicap = _handicap(_("player's handicap"))
    second_handicap = _handicap(_("partner's handicap"))
    pair_handicap = _handicap(_("pair handicap"))

    def entry(self) -> PairNames:
        data = self.cleaned_data
        return PairNames(
            names=[data["first"], data["second"]],
            handicaps=[data["first_handicap"], data["second_handicap"]],
            own=data["pair_handicap"],
            people=[data["first_person"], data["second_person"]],
        )


class PlayerNameForm(forms.Form):
    """An individual's player: one name; ``person`` the roster's person he was
    chosen as (blank: found by name, or new to the roster)."""

    name = forms.CharField(label=_("player"), max_length=120, required=False)
    person = forms.IntegerField(required=False, widget=forms.HiddenInput)

    def entry(self) -> PairNames:
        data = self.cleaned_data
        return PairNames(names=[data["name"]], people=[data["person"]])


def player_initial(pair: Pair) -> dict[str, object]:
    """An individual's player (seat 1 of his row) as his form shows him."""
    player = next(iter(pair.players.all()), None)
    if player is None:
        return {}
    return {"name": player.name, "person": player.person_id}


def initial_of(pair: Pair) -> dict[str, object]:
    """A pair's names, roster links and handicaps as its form shows them."""
    initial: dict[str, object] = {"pair_handicap": pair.handicap}
    for key, player in zip(("first", "second"), pair.players.all(), strict=False):
        initial[key] = player.name
        initial[f"{key}_person"] = player.person_id
        initial[f"{key}_handicap"] = player.handicap
    return initial


class TeamEventForm(forms.Form):
    club = forms.ModelChoiceField(label=_("club"), queryset=Club.objects.none())
    name = forms.CharField(label=_("name"), max_length=200)
    date = forms.DateField(
        label=_("date"), required=False, widget=forms.DateInput(attrs={"type": "date"})
    )
    kind = forms.ChoiceField(
        label=_("scoring"),
        choices=[
            (k.value, k.label)
            for k in (Event.Scoring.TEAMS, Event.Scoring.BAM, Event.Scoring.SWISS)
        ],
    )
    boards_per_match = forms.IntegerField(
        label=_("boards per match"), min_value=1, max_value=64, initial=8
    )
    vp_scale = forms.ChoiceField(
        label=_("victory point scale"), choices=vp_scale_choices
    )
    teams = forms.CharField(
        label=_("teams"),
        widget=forms.Textarea(attrs={"rows": 8}),
        help_text=_(
            "One team a line: name, a colon, then the players: Aces: Ann, Bob, Cy, Di"
        ),
    )

    def __init__(self, *args: Any, clubs: QuerySet[Club], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        _offer(self.fields["club"], clubs)

    def clean_teams(self) -> list[TeamEntry]:
        entries = []
        lines = [x.strip() for x in self.cleaned_data["teams"].splitlines()]
        for number, line in enumerate((x for x in lines if x), start=1):
            name, _colon, players = line.partition(":")
            if not name.strip():
                raise ValidationError(
                    _("Line %(number)s has no team name.") % {"number": number}
                )
            entries.append(
                TeamEntry(name.strip(), [p.strip() for p in players.split(",")])
            )
        if len(entries) < 2:
            raise ValidationError(_("Type at least two teams, one a line."))
        return entries


class MemberForm(forms.Form):
    """A user given a role in the club; a new user needs a password (an
    existing user keeps their own and is invited)."""

    username = forms.CharField(label=_("user name"), max_length=150)
    role = forms.ChoiceField(label=_("role"), choices=Membership.Role.choices)
    password = forms.CharField(
        label=_("password"),
        required=False,
        widget=forms.PasswordInput,
        help_text=_(
            "Only for a new user. A user who already has an account keeps "
            "their password and is sent an invitation to accept."
        ),
    )
    email = forms.EmailField(
        label=_("e-mail"),
        required=False,
        help_text=_("Only for a new user: where a forgotten password is reset."),
    )


class HandsForm(forms.Form):
    """A hand-record file for a session's boards: PBN, or a dealing machine's
    .dlm or .dup."""

    MAX_BYTES = 2_000_000  # a few hundred boards with their analyses

    file = forms.FileField(label=_("Hand records (PBN, .dlm or .dup file)"))
    replace = forms.BooleanField(
        label=_("Replace deals already stored"), required=False
    )

    def clean_file(self) -> object:
        upload = self.cleaned_data["file"]
        if upload.size > self.MAX_BYTES:
            raise ValidationError(_("The file is larger than 2 MB."))
        return upload


class SessionAddForm(forms.Form):
    """The next session of an event: its movement; the entries carry over."""

    kind = forms.ChoiceField(
        label=_("movement"),
        choices=[(MITCHELL, _("Mitchell (NS and EW)")), (HOWELL, _("Howell"))],
    )
    sections = forms.IntegerField(
        label=_("sections"), min_value=1, max_value=26, initial=1
    )
    tables = forms.IntegerField(
        label=_("tables a section"),
        min_value=1,
        max_value=60,
        required=False,
        help_text=_("Leave empty for enough tables for the last session's entries."),
    )
    boards_per_round = forms.IntegerField(
        label=_("boards a round"), min_value=1, max_value=10, required=False
    )


class FinalsForm(forms.Form):
    """Finals seeded from the ranking over the sessions, by bands of places."""

    a_final = forms.IntegerField(label=_("entries in the A final"), min_value=2)
    b_final = forms.IntegerField(
        label=_("entries in the B final"),
        min_value=2,
        required=False,
        help_text=_("The places after the A final's; leave empty for no B final."),
    )
    kind = forms.ChoiceField(
        label=_("movement"),
        choices=[(MITCHELL, _("Mitchell (NS and EW)")), (HOWELL, _("Howell"))],
    )
    carry = forms.BooleanField(
        label=_("carry the qualifying result over"), required=False, initial=True
    )
