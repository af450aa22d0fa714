"""Input shape for events (pairs and teams), sections and pairs."""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import QuerySet
from django.utils.translation import gettext_lazy as _

from .models import Club, Event, Membership, Player
from .setup.events import HOWELL, MITCHELL
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
        choices=[(MITCHELL, _("Mitchell (NS and EW)")), (HOWELL, _("Howell"))],
    )

    class Meta:
        model = Event
        fields = ["name", "date", "scoring", *SCORING_OPTIONS, "boards_per_match"]
        widgets = {"date": forms.DateInput(attrs={"type": "date"})}

    def __init__(self, *args: Any, clubs: QuerySet[Club], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        _offer(self.fields["club"], clubs)
        for name in self._defaulted():
            self.fields[name].required = False  # left blank: the model's default

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
        return data


class EventSettingsForm(forms.ModelForm):
    """What the director changes on the event page (publishing, scoring)."""

    class Meta:
        model = Event
        fields = list(SETTINGS)


class SectionForm(forms.Form):
    letter = forms.RegexField(
        label=_("section"), regex=r"^[A-Z0-9]{1,3}$", max_length=3, initial="B"
    )
    tables = forms.IntegerField(label=_("tables"), min_value=1, max_value=60)
    kind = forms.ChoiceField(
        label=_("movement"),
        choices=[(MITCHELL, _("Mitchell (NS and EW)")), (HOWELL, _("Howell"))],
    )


class PairNamesForm(forms.Form):
    """The two players' names; ``*_person`` the roster's person each was chosen
    as (blank: found by name, or new to the roster)."""

    first = forms.CharField(label=_("player"), max_length=120, required=False)
    second = forms.CharField(label=_("partner"), max_length=120, required=False)
    first_person = forms.IntegerField(required=False, widget=forms.HiddenInput)
    second_person = forms.IntegerField(required=False, widget=forms.HiddenInput)

    @classmethod
    def initial_of(cls, players: list[Player]) -> dict[str, object]:
        initial: dict[str, object] = {}
        for seat, player in zip(("first", "second"), players, strict=False):
            initial[seat] = player.name
            initial[f"{seat}_person"] = player.person_id
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
    vp_scale = forms.ChoiceField(label=_("victory point scale"), choices=Event.VpScale)
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
    """A user given a role in the club; a new user needs a password."""

    username = forms.CharField(label=_("user name"), max_length=150)
    role = forms.ChoiceField(label=_("role"), choices=Membership.Role.choices)
    password = forms.CharField(
        label=_("password"),
        required=False,
        widget=forms.PasswordInput,
        help_text=_("Only for a new user, or to set a new password."),
    )


class HandsForm(forms.Form):
    """A hand-record file for a session's boards (a dealing program's PBN)."""

    MAX_BYTES = 2_000_000  # a few hundred boards with their analyses

    file = forms.FileField(label=_("Hand records (PBN file)"))
    replace = forms.BooleanField(
        label=_("Replace deals already stored"), required=False
    )

    def clean_file(self) -> object:
        upload = self.cleaned_data["file"]
        if upload.size > self.MAX_BYTES:
            raise ValidationError(_("The file is larger than 2 MB."))
        return upload
