"""Input shape for traveller lines and adjustments; parsing via the engine."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from scoring.engine.notation import Entry, Language, NotationError, parse_entry
from scoring.engine.numbers import typed_whole
from scoring.engine.weights import parse_weighted
from scoring.models import Artificial, AssignedScore
from tournaments.models import Pair, Section

from .messages import notation_message


def language_of(user: object) -> Language:
    director = getattr(user, "director", None)
    return Language(director.language) if director else Language.EN


def parse_entry_field(text: str, language: Language) -> Entry:
    """The typed result, or a ValidationError in the director's words."""
    try:
        return parse_entry(text, language)
    except NotationError as exc:
        raise ValidationError(notation_message(exc)) from None


class TravellerEntryForm(forms.Form):
    ns = forms.CharField(label=_("NS"), max_length=6)
    ew = forms.CharField(label=_("EW"), max_length=6)
    entry = forms.CharField(
        label=_("result"),
        max_length=40,
        help_text=_(
            "Contract, declarer, result, lead: 4SX N 10 HK, 3NT S +1, pass. "
            "If the sign of the score is wrong, the declarer was entered on the "
            "wrong side."
        ),
    )
    table = forms.IntegerField(label=_("table"), min_value=1, required=False)
    round_no = forms.IntegerField(label=_("round"), min_value=1, required=False)

    def __init__(
        self, *args: Any, section: Section, language: Language, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.section, self.language = section, language

    @property
    def seat_fields(self) -> list[forms.BoundField]:
        return [self["ns"], self["ew"]]

    def _pair(self, field: str, direction: str) -> Pair:
        text = self.cleaned_data[field].strip().upper().removesuffix(direction)
        number = typed_whole(text)
        pairs = None if number is None else self.section.pairs.filter(number=number)
        pair = pairs and (
            pairs.filter(direction=direction).first()
            or pairs.filter(direction="").first()
        )
        if not pair:
            raise ValidationError(
                {
                    field: _("There is no pair %(pair)s %(dir)s in section %(s)s.")
                    % {"pair": text, "dir": direction, "s": self.section.letter}
                }
            )
        return pair

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        if self.errors:
            return data
        data["ns_pair"] = self._pair("ns", "NS")
        data["ew_pair"] = self._pair("ew", "EW")
        data["parsed"] = parse_entry_field(data["entry"], self.language)
        return data


class ArtificialForm(forms.Form):
    ns = forms.ChoiceField(label=_("NS"), choices=Artificial.choices, required=False)
    ew = forms.ChoiceField(label=_("EW"), choices=Artificial.choices, required=False)


class AssignedForm(forms.Form):
    """One or several weighted results: '40% 4H N = ; 60% 4H N -1'."""

    side = forms.ChoiceField(
        label=_("for"), choices=AssignedScore.Side.choices, required=False
    )
    results = forms.CharField(
        label=_("assigned results"),
        max_length=200,
        help_text=_("One result, or weighted results: 40% 4H N = ; 60% 4H N -1"),
    )

    def __init__(self, *args: Any, language: Language, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.language = language

    def clean_results(self) -> list[tuple[Decimal, Entry]]:
        try:
            return parse_weighted(self.cleaned_data["results"], self.language)
        except NotationError as exc:
            raise ValidationError(notation_message(exc)) from None


class VersionForm(forms.Form):
    version = forms.CharField(
        label=_("deal version"),
        max_length=8,
        required=False,
        help_text=_(
            "Fouled board: the version of the deal this table played "
            "(empty: the normal deal)."
        ),
    )
