"""Input shape for the roster pages: a person, a member list, a merge,
master points."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from tournaments.models import Person

MAX_BYTES = 5_000_000  # a federation's list of some tens of thousands of members


class PersonForm(forms.ModelForm):
    class Meta:
        model = Person
        fields = ["name", "national_id", "home_club", "email"]


class MembersForm(forms.Form):
    file = forms.FileField(
        label=_("Member list (CSV)"),
        help_text=_(
            "The first line names the columns: name (or first name and surname), "
            "member number, club, e-mail."
        ),
    )

    def clean_file(self) -> bytes:
        upload = self.cleaned_data["file"]
        if upload.size > MAX_BYTES:
            raise ValidationError(_("The file is larger than 5 MB."))
        return bytes(upload.read())


class AddressesForm(forms.Form):
    """Many players' e-mail addresses: lines pasted, or a CSV file chosen once."""

    lines = forms.CharField(
        label=_("Lines: name, e-mail (or member number, e-mail)"),
        required=False,
        max_length=MAX_BYTES,
        widget=forms.Textarea(attrs={"rows": 10, "spellcheck": "false"}),
        help_text=_('One player a line, e.g. "Ana López, ana@example.org".'),
    )
    file = forms.FileField(
        label=_("Or a CSV file"),
        required=False,
        help_text=_("With a first line naming its columns (name or member number, "
                    "e-mail), or lines as above."),
    )  # fmt: skip

    def clean_file(self) -> bytes:
        upload = self.cleaned_data["file"]
        if upload is None:
            return b""
        if upload.size > MAX_BYTES:
            raise ValidationError(_("The file is larger than 5 MB."))
        return bytes(upload.read())

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if not data.get("lines", "").strip() and not data.get("file"):
            raise ValidationError(_("Paste the lines or choose a file."))
        return data


class MergeForm(forms.Form):
    other = forms.ModelChoiceField(
        label=_("The same person as"), queryset=Person.objects.none()
    )

    def __init__(self, *args: Any, person: Person, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["other"]
        assert isinstance(field, forms.ModelChoiceField)
        field.queryset = Person.objects.filter(club_id=person.club_id).exclude(
            pk=person.pk
        )


def hundredths(value: Decimal | None) -> int | None:
    return None if value is None else int(value * 100)


class PointsTableForm(forms.Form):
    table = forms.RegexField(
        label=_("Points by place"),
        regex=r"^\s*\d+(\.\d{1,2})?(\s+\d+(\.\d{1,2})?)*\s*$",
        help_text=_("First place first, separated by spaces: 6 4 3 2 1.5"),
        error_messages={"invalid": _("Type numbers separated by spaces: 6 4 3 2.")},
    )

    def clean_table(self) -> list[int]:
        return [int(Decimal(n) * 100) for n in self.cleaned_data["table"].split()]


class AwardsForm(forms.Form):
    """A master-point award for each pair of the session (blank: none)."""

    def __init__(self, *args: Any, pairs: list[Any], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for pair in pairs:
            self.fields[f"pair-{pair.pk}"] = forms.DecimalField(
                label=pair.label,
                required=False,
                min_value=0,
                max_digits=8,
                decimal_places=2,
                initial=None
                if pair.master_points is None
                else Decimal(pair.master_points) / 100,
            )

    def awards(self) -> dict[int, int | None]:
        return {
            int(name.removeprefix("pair-")): hundredths(value)
            for name, value in self.cleaned_data.items()
        }
