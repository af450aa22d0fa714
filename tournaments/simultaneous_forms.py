"""The forms of a simultaneous' pages: the organiser's event (as ``new_event
--simultaneous``) and a club's heat (as ``new_event --heat``), and a heat's
USEBIO or PBN file uploaded by its director."""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.db.models import QuerySet
from django.utils.translation import gettext_lazy as _

from .models import Club
from .setup.events import HOWELL, MITCHELL
from .setup.simultaneous import MAX_BOARDS

__all__ = ["HeatAddForm", "HeatUploadForm", "SimultaneousForm"]


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
    """The heat's results as a USEBIO or PBN file."""

    MAX_BYTES = 5_000_000  # a big heat's file with its deals

    file = forms.FileField(label=_("Results (USEBIO XML or PBN file)"))

    def clean_file(self) -> object:
        upload = self.cleaned_data["file"]
        if upload.size > self.MAX_BYTES:
            raise ValidationError(_("The file is larger than 5 MB."))
        return upload


class SimultaneousForm(forms.Form):
    """The organiser's simultaneous: its club among those the user administers
    (an operator's may be none), its boards, release time and deal set."""

    DEALT, FILE, LATER = "dealt", "file", "later"

    name = forms.CharField(label=_("name"), max_length=200)
    club = forms.ModelChoiceField(
        label=_("Club"), queryset=Club.objects.none(), required=False
    )
    boards = forms.IntegerField(label=_("boards"), min_value=1, max_value=MAX_BOARDS)
    release_at = forms.DateTimeField(
        label=_("results released at"),
        required=False,
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}),
    )
    one_winner = forms.BooleanField(label=_("One winner"), required=False)
    sims_percentage = forms.BooleanField(
        label=_("simultaneous percentage (MP + 1) / (2n)"), required=False
    )
    deals = forms.ChoiceField(
        label=_("Deals"),
        choices=[(DEALT, _("Dealt by the program")),
                 (FILE, _("Imported from a file")), (LATER, _("Given later"))],
        initial=DEALT,
        widget=forms.RadioSelect,
    )  # fmt: skip
    file = forms.FileField(
        label=_("Hand records (PBN, .dlm or .dup file)"), required=False
    )

    def __init__(
        self, *args: Any, clubs: QuerySet[Club], operator: bool, **kw: Any
    ) -> None:
        super().__init__(*args, **kw)
        field = self.fields["club"]
        assert isinstance(field, forms.ModelChoiceField)
        field.queryset = clubs
        field.required = not operator

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if data.get("deals") == self.FILE and not data.get("file"):
            self.add_error("file", _("Choose the hand-record file."))
        return data
