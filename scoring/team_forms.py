"""Input shape of a new team event: teams typed one a line, "Name: player, …"."""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from tournaments.models import Event

from .team_services import TeamEntry


class TeamEventForm(forms.Form):
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
