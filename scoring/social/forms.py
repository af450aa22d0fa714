"""The pad's forms: its set-up, and one deal as a table enters it. Shape only:
the rules are the engine's, and its refusals name the field at fault."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from scoring.engine.social.deal import Deal, Honours, HonoursHeld, ScorepadError
from scoring.engine.types import Contract, Doubling, Result, Seat, Side, Strain
from scoring.models import (
    DOUBLINGS,
    SEATS,
    STRAINS,
    SocialDeal,
    SocialPad,
    SocialSession,
)

from .pads import chicago_rules
from .refusals import refusal
from .sessions import session_chukkers

Buttons = forms.RadioSelect


def refuse(form: forms.BaseForm, error: ScorepadError) -> None:
    """Show the engine's refusal on the field it names (or the whole form)."""
    field, message = refusal(error)
    form.add_error(field or None, message)


class StartForm(forms.ModelForm):
    class Meta:
        model = SocialPad
        fields = ["north", "east", "south", "west", "kind", "style", "middle_deals",
                  "honours"]  # fmt: skip
        widgets = {"kind": Buttons, "style": Buttons, "middle_deals": Buttons}

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        if data.get("kind") == SocialPad.Kind.HOUSE and data.get("honours"):
            self.add_error("honours", _("Honours: the house rules count no honours."))
        if data.get("kind") == SocialPad.Kind.CHICAGO and "style" in data:
            try:
                chicago_rules(SocialPad(**data))
            except ScorepadError as error:
                refuse(self, error)
        return data


MOST_PLAYERS = 8


class SessionForm(forms.ModelForm):
    """A session's players, named in order (4, 5 or 8), and its Chicago."""

    class Meta:
        model = SocialSession
        fields = ["style", "middle_deals", "honours"]
        widgets = {"style": Buttons, "middle_deals": Buttons}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for number in range(1, MOST_PLAYERS + 1):
            self.fields[f"player_{number}"] = forms.CharField(
                label=_("Player %(number)s") % {"number": number},
                max_length=60, required=False,
            )  # fmt: skip

    def name_fields(self) -> list[forms.BoundField]:
        return [self[f"player_{n}"] for n in range(1, MOST_PLAYERS + 1)]

    def names(self) -> list[str]:
        """The names given, in order, blanks left out."""
        fields = (f"player_{n}" for n in range(1, MOST_PLAYERS + 1))
        return [name for f in fields if (name := self.cleaned_data.get(f, ""))]

    def _check_names(self) -> None:
        seen: set[str] = set()
        for number in range(1, MOST_PLAYERS + 1):
            name = self.cleaned_data.get(f"player_{number}", "")
            if name.casefold() in seen:
                self.add_error(
                    f"player_{number}", _("Players: two players have this name.")
                )
            if name:
                seen.add(name.casefold())

    def clean(self) -> dict[str, Any]:
        super().clean()
        self._check_names()
        try:
            session_chukkers(len(self.names()))
            if "style" in self.cleaned_data:
                chicago_rules(SocialSession(**self.cleaned_data_of_model()))
        except ScorepadError as error:
            refuse(self, error)
        return self.cleaned_data

    def cleaned_data_of_model(self) -> dict[str, Any]:
        return {f: self.cleaned_data[f] for f in self.Meta.fields
                if f in self.cleaned_data}  # fmt: skip


PASSED_OUT = "pass"


class DealForm(forms.Form):
    """One deal: the contract, declarer and tricks taken, or passed out."""

    played = forms.ChoiceField(
        label=_("Deal"),
        choices=[("played", _("played")), (PASSED_OUT, _("passed out"))],
        widget=Buttons,
        initial="played",
    )
    level = forms.TypedChoiceField(
        label=_("level"), choices=[(n, n) for n in range(1, 8)], coerce=int,
        widget=Buttons, required=False,
    )  # fmt: skip
    strain = forms.ChoiceField(
        label=_("strain"), choices=STRAINS, widget=Buttons, required=False
    )
    doubling = forms.ChoiceField(
        label=_("doubled"), choices=DOUBLINGS, widget=Buttons, required=False,
        initial="",
    )  # fmt: skip
    declarer = forms.ChoiceField(
        label=_("declarer"), choices=SEATS, widget=Buttons, required=False
    )
    tricks = forms.TypedChoiceField(
        label=_("tricks taken"), choices=[(n, n) for n in range(14)], coerce=int,
        widget=Buttons, required=False,
    )  # fmt: skip
    honours = forms.ChoiceField(
        label=_("honours"), choices=SocialDeal.HonoursKind.choices, widget=Buttons,
        required=False, initial="",
    )  # fmt: skip
    honours_side = forms.ChoiceField(
        label=_("honours held by"), choices=[("NS", _("NS")), ("EW", _("EW"))],
        widget=Buttons, required=False,
    )  # fmt: skip

    def __init__(self, *args: Any, honours: bool, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if not honours:
            del self.fields["honours"], self.fields["honours_side"]

    def _result(self, data: dict[str, Any]) -> Result | None:
        if data.get("played") == PASSED_OUT:
            return Result(None)
        missing = [f for f in ("level", "strain", "declarer", "tricks")
                   if data.get(f) in (None, "")]  # fmt: skip
        for field in missing:
            self.add_error(field, _("Choose one."))
        if missing:
            return None
        contract = Contract(
            data["level"], Strain(data["strain"]), Doubling(data.get("doubling", ""))
        )
        return Result(contract, Seat(data["declarer"]), data["tricks"])

    def _honours(self, data: dict[str, Any]) -> HonoursHeld | None:
        if not data.get("honours"):
            return None
        if not data.get("honours_side"):
            self.add_error("honours_side", _("Choose the side that held them."))
            return None
        return HonoursHeld(Honours(data["honours"]), Side(data["honours_side"]))

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        result, honours = self._result(data), self._honours(data)
        if result is not None and not self.errors:
            try:
                data["deal"] = Deal(result, honours)
            except ScorepadError as error:
                refuse(self, error)
        return data

    @classmethod
    def initial_of(cls, row: SocialDeal) -> dict[str, Any]:
        """The form's values for a stored deal, to correct it."""
        if row.level is None:
            return {"played": PASSED_OUT}
        return {
            "played": "played", "level": row.level, "strain": row.strain,
            "doubling": row.doubling, "declarer": row.declarer,
            "tricks": row.tricks, "honours": row.honours,
            "honours_side": row.honours_side,
        }  # fmt: skip
