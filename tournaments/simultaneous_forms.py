"""The forms of a simultaneous' pages: a club's heat added by the organiser
(as ``new_event --heat``), and a heat's USEBIO file uploaded by its director."""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from .setup.events import HOWELL, MITCHELL

__all__ = ["HeatAddForm", "HeatUploadForm"]


class HeatAddForm(forms.Form):
    club = forms.CharField(label=_("Club"), max_length=120)
    tables = forms.IntegerField(label=_("tables a section"), min_value=1, max_value=60)
    kind = forms.ChoiceField(
        label=_("movement"),
        choices=[(MITCHELL, _("Mitchell (NS and EW)")), (HOWELL, _("Howell"))],
    )
    sections = forms.IntegerField(
        label=_("sections"), min_value=1, max_value=26, initial=1
    )


class HeatUploadForm(forms.Form):
    """The heat's results as a USEBIO file."""

    MAX_BYTES = 5_000_000  # a big heat's file with its deals

    file = forms.FileField(label=_("Results (USEBIO XML file)"))

    def clean_file(self) -> object:
        upload = self.cleaned_data["file"]
        if upload.size > self.MAX_BYTES:
            raise ValidationError(_("The file is larger than 5 MB."))
        return upload
