"""The keyboard traveller of an individual: a line names its four players.

With a stored movement the director types the table and round, or one player
(North, say): the movement seats the others. Without one, he types all four.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from movements.models import Seating
from movements.selectors import Expected, board_seating, entry_chosen
from scoring.engine.notation import Language
from scoring.engine.numbers import typed_whole
from scoring.models import TravellerLine
from tournaments.models import Pair, Section

from .forms import parse_entry_field
from .players import SEAT_FIELDS, seat_name

__all__ = [
    "IndividualEntryForm",
    "individual_initial",
    "line_initial",
    "partners_warning",
]

# The form's field of each seat.
FORM_FIELDS = {"N": "north", "E": "east", "S": "south", "W": "west"}


class IndividualEntryForm(forms.Form):
    north = forms.CharField(label=gettext_lazy("North"), max_length=4, required=False)
    east = forms.CharField(label=gettext_lazy("East"), max_length=4, required=False)
    south = forms.CharField(label=gettext_lazy("South"), max_length=4, required=False)
    west = forms.CharField(label=gettext_lazy("West"), max_length=4, required=False)
    entry = forms.CharField(
        label=gettext_lazy("result"),
        max_length=40,
        help_text=gettext_lazy(
            "Type the table and round, or one player: the movement seats the "
            "others. Contract, declarer, result, lead: 4SX N 10 HK, 3NT S +1, pass."
        ),
    )
    table = forms.IntegerField(label=gettext_lazy("table"), min_value=1, required=False)
    round_no = forms.IntegerField(
        label=gettext_lazy("round"), min_value=1, required=False
    )

    def __init__(
        self,
        *args: Any,
        section: Section,
        language: Language,
        board: int,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.section, self.language, self.board = section, language, board

    @property
    def seat_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in FORM_FIELDS.values()]

    def _typed(self) -> dict[str, Pair | None]:
        """Each seat's typed player (None: left empty or unknown, with an error)."""
        typed: dict[str, Pair | None] = {}
        for seat, field in FORM_FIELDS.items():
            text = self.cleaned_data[field].strip()
            number = typed_whole(text)
            found = (
                None
                if number is None
                else self.section.pairs.filter(number=number).first()
            )
            if text and found is None:
                message = _("There is no player %(player)s in section %(s)s.")
                self.add_error(
                    field, message % {"player": text, "s": self.section.letter}
                )
            typed[seat] = found
        return typed

    def _seating(self, typed: dict[str, Pair | None]) -> Seating | None:
        data = self.cleaned_data
        round_no, table = data.get("round_no"), data.get("table")
        if round_no is not None and table is not None:
            seating = board_seating(
                self.section, self.board, round_no=round_no, table=table
            )
            if seating is None and self.section.seatings.exists():
                message = _(
                    "By the movement, table %(table)s does not play board "
                    "%(board)s in round %(round)s."
                )
                values = {"table": table, "board": self.board, "round": round_no}
                self.add_error("table", message % values)
            return seating
        first = next((p for p in typed.values() if p is not None), None)
        if first is None:
            return None
        return board_seating(self.section, self.board, player=first.pk)

    def _seated(self, typed: dict[str, Pair | None]) -> dict[str, Pair | None]:
        """The typed players, the empty seats filled from the movement."""
        if all(typed.values()):
            return typed
        seating = self._seating(typed)
        if seating is None:
            return typed
        data = self.cleaned_data
        data["round_no"] = data.get("round_no") or seating.round
        data["table"] = data.get("table") or seating.table
        return {
            seat: typed[seat] or getattr(seating, SEAT_FIELDS[seat])
            for seat in FORM_FIELDS
        }

    def _check(self, seated: dict[str, Pair | None]) -> None:
        seen: dict[int, str] = {}
        for seat, player in seated.items():
            field = FORM_FIELDS[seat]
            if player is None:
                message = _("Type the player sitting %(seat)s.")
                self.add_error(field, message % {"seat": seat_name(seat)})
            elif player.pk in seen:
                message = _(
                    "Player %(player)s cannot sit both %(first)s and %(second)s."
                )
                self.add_error(field, message % {
                    "player": player.label,
                    "first": seat_name(seen[player.pk]),
                    "second": seat_name(seat),
                })  # fmt: skip
            else:
                seen[player.pk] = seat

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        if self.errors:
            return data
        typed = self._typed()
        if self.errors:
            return data
        seated = self._seated(typed)
        if not self.errors:
            self._check(seated)
        if self.errors:
            return data
        for seat, name in SEAT_FIELDS.items():
            data[name] = seated[seat]
        try:
            data["parsed"] = parse_entry_field(data["entry"], self.language)
        except ValidationError as exc:
            self.add_error("entry", exc)
        return data


def _numbers(seating: Seating | TravellerLine) -> dict[str, object]:
    return {
        FORM_FIELDS[seat]: getattr(getattr(seating, name), "number", "")
        for seat, name in SEAT_FIELDS.items()
    }


def individual_initial(
    expected: list[Expected], round_no: str | None, table: str | None
) -> dict[str, object]:
    """Prefill the form with the asked seating's players, else the first missing."""
    chosen = entry_chosen(expected, round_no, table)
    if chosen is None:
        return {}
    seating = chosen.seating
    return {**_numbers(seating), "round_no": seating.round, "table": seating.table}


def line_initial(line: TravellerLine) -> dict[str, object]:
    """A line's four players, table and round, for correcting it."""
    return {**_numbers(line), "table": line.table, "round_no": line.round}


def partners_warning(section: Section, line: TravellerLine) -> str:
    """A warning when the movement seats other partners with the line's North
    and East on its board ('' when it seats these, or has no say)."""
    if line.south is None or line.west is None:
        return ""
    seating = board_seating(section, line.board.number, player=line.ns_pair_id)
    if seating is None or seating.south is None or seating.west is None:
        return ""
    if (seating.south_id, seating.west_id) == (line.south_id, line.west_id):
        return ""
    return _(
        "By the movement, South and West on board %(board)s with North %(north)s "
        "and East %(east)s are %(south)s and %(west)s, not %(typed_south)s and "
        "%(typed_west)s. The result is saved: correct it if the players are wrong."
    ) % {
        "board": line.board.number,
        "north": line.ns_pair.label,
        "east": line.ew_pair.label,
        "south": seating.south.label,
        "west": seating.west.label,
        "typed_south": line.south.label,
        "typed_west": line.west.label,
    }
