"""The movements that suit a session: the director gives tables and boards a round."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from movements import engine
from movements.engine.balance import balance, sit_outs, suggested_switch_rounds
from movements.engine.web import WEB_SETS
from movements.problems import refusal_told


@dataclass(frozen=True)
class Extras:
    """What a director adds to a pairs movement (individual-and-social.md §2):
    arrow-switched rounds (one winner), barometer boards, a Web Mitchell's sets."""

    arrow_switch: tuple[int, ...] = ()
    barometer: bool = False
    sets: int = WEB_SETS


PLAIN: Final = Extras()

Builder = Callable[[int, int, bool, Extras], engine.Movement]

# key -> (label, builder(tables, boards per round, phantom, extras)); the key is
# what a director's choice posts back, so the movement can be rebuilt exactly.
BUILDERS: Final[dict[str, tuple[object, Builder]]] = {
    "mitchell": (
        gettext_lazy("Mitchell"),
        lambda t, b, ph, x: engine.mitchell(
            t,
            boards_per_round=b,
            phantom=ph,
            arrow_switch_rounds=x.arrow_switch,
            barometer=x.barometer,
        ),
    ),
    "mitchell-skip": (
        gettext_lazy("Skip Mitchell"),
        lambda t, b, ph, x: engine.mitchell(
            t,
            boards_per_round=b,
            even="skip",
            phantom=ph,
            arrow_switch_rounds=x.arrow_switch,
        ),
    ),
    "mitchell-relay": (
        gettext_lazy("Share-and-relay Mitchell"),
        lambda t, b, ph, x: engine.mitchell(
            t,
            boards_per_round=b,
            even="relay",
            phantom=ph,
            arrow_switch_rounds=x.arrow_switch,
        ),
    ),
    "mitchell-web": (
        gettext_lazy("Web Mitchell"),
        lambda t, b, ph, x: engine.web_mitchell(
            t, sets=x.sets, boards_per_round=b, phantom=ph
        ),
    ),
    "howell": (
        gettext_lazy("Complete Howell"),
        lambda t, b, ph, x: engine.howell(t, boards_per_round=b, phantom=ph),
    ),
    "howell-3/4": (
        gettext_lazy("3/4 Howell"),
        lambda t, b, ph, x: engine.three_quarter_howell(
            t, boards_per_round=b, phantom=ph
        ),
    ),
}

# The movements whose rounds can be arrow-switched (the engine's Mitchell).
SWITCHABLE: Final = frozenset({"mitchell", "mitchell-skip", "mitchell-relay"})


@dataclass(frozen=True)
class Proposal:
    key: str
    label: str
    movement: engine.Movement
    problems: tuple[engine.Problem, ...]

    @property
    def rounds(self) -> int:
        return len(self.movement.rounds)

    @property
    def boards(self) -> int:
        return self.movement.sets * self.movement.boards_per_round

    @property
    def boards_per_pair(self) -> int:
        """Boards played by the pair that plays most."""
        return self.movement.boards_per_round * max(
            sum(1 for _r, s in self.movement.schedule() if p in (s.ns, s.ew))
            for p in self.movement.pairs
        )

    @property
    def sit_outs(self) -> int:
        return sum(len(r) for r in sit_outs(self.movement).values())

    @property
    def comparisons(self) -> str:
        got = balance(self.movement)
        return f"{got.comparisons_min}–{got.comparisons_max}"

    @property
    def usable(self) -> bool:
        return not any(p.level == "error" for p in self.problems)

    @property
    def round_numbers(self) -> range:
        return range(1, self.rounds + 1)

    @property
    def switchable(self) -> bool:
        return self.key in SWITCHABLE

    @property
    def suggested_switch(self) -> tuple[int, ...]:
        """The rounds to arrow-switch first offered: about one board in eight."""
        return suggested_switch_rounds(self.rounds) if self.switchable else ()

    @property
    def barometer_copies(self) -> int:
        """Copies of each board the movement needs with barometer boards."""
        try:
            return engine.board_copies(engine.barometer(self.movement))
        except engine.MovementError:
            return 0


def _tables(tables: int, half_table: bool) -> int:
    return tables + 1 if half_table else tables


def _check_extras(key: str, label: object, extras: Extras) -> None:
    if extras.arrow_switch and key not in SWITCHABLE:
        raise ValidationError(
            _("%(movement)s cannot be arrow-switched: only a Mitchell can.")
            % {"movement": label}
        )
    if extras.sets != WEB_SETS and key != "mitchell-web":
        raise ValidationError(_("Board sets are chosen only for a Web Mitchell."))


def proposal_build(
    *,
    key: str,
    tables: int,
    half_table: bool,
    boards_per_round: int,
    extras: Extras = PLAIN,
) -> Proposal:
    """One proposal by key; ValidationError when it cannot be built."""
    if key not in BUILDERS:
        raise ValidationError(_("Unknown movement %(key)s.") % {"key": key})
    label, build = BUILDERS[key]
    _check_extras(key, label, extras)
    try:
        movement = build(
            _tables(tables, half_table), boards_per_round, half_table, extras
        )
        if extras.barometer:
            movement = engine.barometer(movement)
    except engine.MovementError as exc:
        raise ValidationError(
            _("%(movement)s: %(reason)s")
            % {"movement": label, "reason": refusal_told(exc)}
        ) from None
    return Proposal(key, str(label), movement, tuple(engine.validate(movement)))


def movement_proposals(
    *, tables: int, half_table: bool, boards_per_round: int, preferred: str = ""
) -> list[Proposal]:
    """Every movement that can be built for the session, `preferred` kind first."""
    found = []
    for key in BUILDERS:
        try:
            proposal = proposal_build(
                key=key,
                tables=tables,
                half_table=half_table,
                boards_per_round=boards_per_round,
            )
        except ValidationError:
            continue
        if proposal.usable:
            found.append(proposal)
    return sorted(found, key=lambda p: p.movement.kind.value != preferred)
