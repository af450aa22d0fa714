"""The director's options for play at the tables of a session."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.text import capfirst
from django.utils.translation import gettext_lazy as _

from tournaments.models import Event, Session

SCORE_EACH_SIDE = _("The board's score for each side")
HIDE_ROUND = _("Live standings hide the round in play")


class TableOptionsForm(forms.ModelForm):
    """The session's table options, and the event's barometer setting."""

    hide_current_round = forms.BooleanField(required=False)

    class Meta:
        model = Session
        fields = ["table_confirm", "table_shows", "table_leads", "table_players"]
        widgets = {"table_confirm": forms.RadioSelect, "table_shows": forms.RadioSelect}

    def __init__(self, *args: Any, barometer: bool = True, **kwargs: Any) -> None:
        """``barometer``: every table plays the same boards in a round (barometer
        boards, an individual); otherwise no option is labelled a barometer's."""
        super().__init__(*args, **kwargs)
        if not barometer:
            self.fields["hide_current_round"].label = HIDE_ROUND
            shows = self.fields["table_shows"]
            assert isinstance(shows, forms.ChoiceField)
            shows.choices = [
                (
                    c.value,
                    SCORE_EACH_SIDE if c == Session.TableShows.PERCENTAGE else c.label,
                )
                for c in Session.TableShows
            ]
            return
        said = Event._meta.get_field("hide_current_round").verbose_name
        self.fields["hide_current_round"].label = capfirst(said)
