"""The movements that suit a session: the director gives tables and boards a round."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from movements import engine
from movements.engine.balance import balance, sit_outs

Builder = Callable[[int, int, bool], engine.Movement]

# key -> (label, builder(tables, boards per round, phantom)); the key is what a
# director's choice posts back, so the movement can be rebuilt exactly.
BUILDERS: Final[dict[str, tuple[object, Builder]]] = {
    "mitchell": (
        gettext_lazy("Mitchell"),
        lambda t, b, ph: engine.mitchell(t, boards_per_round=b, phantom=ph),
    ),
    "mitchell-skip": (
        gettext_lazy("Skip Mitchell"),
        lambda t, b, ph: engine.mitchell(
            t, boards_per_round=b, even="skip", phantom=ph
        ),
    ),
    "mitchell-relay": (
        gettext_lazy("Share-and-relay Mitchell"),
        lambda t, b, ph: engine.mitchell(
            t, boards_per_round=b, even="relay", phantom=ph
        ),
    ),
    "howell": (
        gettext_lazy("Complete Howell"),
        lambda t, b, ph: engine.howell(t, boards_per_round=b, phantom=ph),
    ),
    "howell-3/4": (
        gettext_lazy("3/4 Howell"),
        lambda t, b, ph: engine.three_quarter_howell(t, boards_per_round=b, phantom=ph),
    ),
}


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


def _tables(tables: int, half_table: bool) -> int:
    return tables + 1 if half_table else tables


def proposal_build(
    *, key: str, tables: int, half_table: bool, boards_per_round: int
) -> Proposal:
    """One proposal by key; ValidationError when it cannot be built."""
    if key not in BUILDERS:
        raise ValidationError(_("Unknown movement %(key)s.") % {"key": key})
    label, build = BUILDERS[key]
    try:
        movement = build(_tables(tables, half_table), boards_per_round, half_table)
    except engine.MovementError as exc:
        raise ValidationError(
            _("%(movement)s: %(reason)s") % {"movement": label, "reason": exc}
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
