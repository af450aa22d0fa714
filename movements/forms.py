"""Input shape for the session set-up, movement changes and custom grids."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from .proposals import BUILDERS, Extras

KINDS = [("mitchell", _("Mitchell")), ("howell", _("Howell"))]


class SetupForm(forms.Form):
    tables = forms.IntegerField(label=_("full tables"), min_value=1, max_value=30)
    half_table = forms.BooleanField(label=_("and a half table"), required=False)
    boards_per_round = forms.IntegerField(
        label=_("boards per round"), min_value=1, max_value=8, initial=3
    )
    preferred = forms.ChoiceField(label=_("preferred movement"), choices=KINDS)


class RoundsField(forms.Field):
    """Round numbers ticked in a list of checkboxes."""

    widget = forms.MultipleHiddenInput

    def to_python(self, value: Any) -> tuple[int, ...]:
        items = [str(v).strip() for v in value or ()]
        bad = [v for v in items if not v.isdigit()]
        if bad:
            raise forms.ValidationError(
                _("Round numbers are whole numbers, not %(bad)s.")
                % {"bad": ", ".join(bad)}
            )
        return tuple(sorted({int(v) for v in items}))


class ChooseForm(SetupForm):
    key = forms.ChoiceField(
        choices=[(k, k) for k in BUILDERS], widget=forms.HiddenInput
    )
    arrow_switch = forms.BooleanField(
        label=_("Arrow switch: one winner"), required=False
    )
    switch_rounds = RoundsField(label=_("rounds to arrow-switch"), required=False)
    barometer = forms.BooleanField(label=_("barometer boards"), required=False)
    sets = forms.IntegerField(
        label=_("board sets"), min_value=1, max_value=30, required=False
    )

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        if data.get("arrow_switch") and not data.get("switch_rounds"):
            self.add_error("switch_rounds", _("Tick the rounds to arrow-switch."))
        sets = data.get("sets")
        if sets is not None and sets % 2 == 0:
            self.add_error(
                "sets",
                _(
                    "A Web Mitchell needs an odd number of board sets, not "
                    "%(sets)s: with an even number some EW pairs would replay a set."
                )
                % {"sets": sets},
            )
        return data

    def extras(self) -> Extras:
        """The director's extras for the chosen movement (a valid form)."""
        data = self.cleaned_data
        switched = data["switch_rounds"] if data["arrow_switch"] else ()
        if data["sets"] is None:
            return Extras(arrow_switch=switched, barometer=data["barometer"])
        return Extras(switched, data["barometer"], data["sets"])


class ChangeForm(forms.Form):
    LEAVES, ARRIVES = "leaves", "arrives"
    action = forms.ChoiceField(
        label=_("change"),
        choices=[
            (LEAVES, _("a pair leaves (its opponents sit out)")),
            (ARRIVES, _("a late pair takes the missing pair's place")),
        ],
    )
    pair = forms.CharField(
        label=_("pair"), max_length=8, required=False, help_text=_("e.g. 3EW")
    )
    from_round = forms.IntegerField(label=_("from round"), min_value=1)

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        if data.get("action") == self.LEAVES and not data.get("pair"):
            self.add_error("pair", _("Say which pair leaves."))
        return data


class GridForm(forms.Form):
    grid = forms.CharField(
        label=_("grid"),
        widget=forms.Textarea(attrs={"rows": 16, "cols": 40}),
        help_text=_(
            "One seating a line: round table NS EW set, e.g. '1 1 1NS 1EW 1'; "
            "'-' for the missing pair."
        ),
    )
    boards_per_round = forms.IntegerField(
        label=_("boards per round"), min_value=1, max_value=8, initial=3
    )
    from_round = forms.IntegerField(
        label=_("from round"),
        min_value=1,
        required=False,
        help_text=_("Leave empty to replace the whole schedule."),
    )
