"""The director's options for play at the tables of a session."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.text import capfirst

from tournaments.models import Event, Session


class TableOptionsForm(forms.ModelForm):
    """The session's table options, and the event's barometer setting."""

    hide_current_round = forms.BooleanField(required=False)

    class Meta:
        model = Session
        fields = ["table_confirm", "table_shows", "table_leads", "table_players"]
        widgets = {"table_confirm": forms.RadioSelect, "table_shows": forms.RadioSelect}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        barometer = Event._meta.get_field("hide_current_round").verbose_name
        self.fields["hide_current_round"].label = capfirst(barometer)
