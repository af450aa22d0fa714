"""The director's options for play at the tables of a session."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.models import Session


class TableOptionsForm(forms.ModelForm):
    hide_current_round = forms.BooleanField(
        label=_("live standings hide the round in play (barometer)"), required=False
    )

    class Meta:
        model = Session
        fields = ["table_shows", "table_leads", "table_players"]
        widgets = {"table_shows": forms.RadioSelect}
