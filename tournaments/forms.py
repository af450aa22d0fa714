"""Input shape for events and pairs."""

from __future__ import annotations

from django import forms
from django.db import models
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
            "scoring",
            "factoring",
            "mp_presentation",
            "section_scoring",
            "avg_plus_uses_session_pct",
            "butler_drop",
            "datum_tie",
            "datum_source",
            "ximp_divisor",
            "vp_scale",
            "bam_units",
            "boards_per_match",
        ]
        widgets = {"date": forms.DateInput(attrs={"type": "date"})}

    def __init__(self, *args, **kwargs):  # noqa: ANN002, ANN003
        super().__init__(*args, **kwargs)
        for name in self._defaulted():
            self.fields[name].required = False  # left blank: the model's default

    @classmethod
    def _defaulted(cls) -> list[str]:
        """Event settings with a default, other than yes/no boxes."""
        return [
            name
            for name in cls.Meta.fields
            if Event._meta.get_field(name).has_default()
            and not isinstance(Event._meta.get_field(name), models.BooleanField)
        ]

    def clean(self) -> dict:
        data = super().clean()
        for name in self._defaulted():
            if data.get(name) in (None, ""):
                data[name] = Event._meta.get_field(name).get_default()
        return data


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
