"""Input shape for events and pairs."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from .models import Event
from .services import HOWELL, MITCHELL


class EventForm(forms.ModelForm):
    club_name = forms.CharField(label=_("club"), max_length=120, required=False)
    tables = forms.IntegerField(label=_("tables"), min_value=1, max_value=60, initial=7)
    kind = forms.ChoiceField(
        label=_("movement"),
        choices=[(MITCHELL, _("Mitchell (NS and EW)")), (HOWELL, _("Howell"))],
    )

    class Meta:
        model = Event
        fields = [
            "name",
            "date",
            "factoring",
            "mp_presentation",
            "section_scoring",
            "avg_plus_uses_session_pct",
        ]
        widgets = {"date": forms.DateInput(attrs={"type": "date"})}


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
    first = forms.CharField(label=_("player"), max_length=120, required=False)
    second = forms.CharField(label=_("partner"), max_length=120, required=False)
