"""The new-event wizard's rules: the kinds of evening it starts, the movement it
proposes for a number of tables with the validator's one-line reason, and a
club's usual choices remembered as its defaults (``Club.setup_defaults``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from movements.engine.individual import IndividualMovement, validate_individual
from movements.problems import problem_told
from movements.proposals import Proposal, movement_proposals
from tournaments.models import Club

from .events import MITCHELL

__all__ = [
    "CHAMPIONSHIP",
    "INDIVIDUAL_EVENING",
    "KINDS",
    "PAIRS",
    "SOCIAL",
    "SWISS",
    "TEAMS",
    "defaults_of",
    "defaults_remember",
    "individual_said",
    "last_kind",
    "pairs_proposals",
    "proposal_said",
]

PAIRS, INDIVIDUAL_EVENING, TEAMS = "pairs", "individual", "teams"
SWISS, SOCIAL, CHAMPIONSHIP = "swiss", "social", "championship"


@dataclass(frozen=True)
class Kind:
    """A kind of evening: its name, what its number counts, and that number's
    usual value (a club that has not chosen yet)."""

    label: object
    counts: object
    usual: int


KINDS: Final[dict[str, Kind]] = {
    PAIRS: Kind(gettext_lazy("Pairs"), gettext_lazy("tables"), 7),
    INDIVIDUAL_EVENING: Kind(gettext_lazy("Individual"), gettext_lazy("players"), 12),
    TEAMS: Kind(gettext_lazy("Teams"), gettext_lazy("teams"), 4),
    SWISS: Kind(gettext_lazy("Swiss pairs"), gettext_lazy("tables"), 8),
    SOCIAL: Kind(gettext_lazy("Social (Chicago)"), gettext_lazy("players"), 4),
    CHAMPIONSHIP: Kind(
        gettext_lazy("Championship session (IMPs or matchpoints)"),
        gettext_lazy("tables"),
        7,
    ),
}


def pairs_proposals(
    *, tables: int, boards_per_round: int, usual: str = "", pair_short: bool = False
) -> list[Proposal]:
    """Every usable movement for the tables, the proposed one first: the
    club's usual movement when it suits them, else a Mitchell's.
    ``pair_short``: an odd number of pairs, the last table's missing pair a
    phantom (the movements' half table)."""
    found = movement_proposals(
        tables=tables - 1 if pair_short else tables,
        half_table=pair_short,
        boards_per_round=boards_per_round,
        preferred=MITCHELL,
    )
    return sorted(found, key=lambda p: p.key != usual)


def proposal_said(proposal: Proposal, tables: int) -> str:
    """The one-line reason of a proposal: "7 tables: Mitchell, 3 boards a
    round, 21 boards", and the validator's first warning when it has one."""
    said = ngettext(
        "%(tables)s table: %(movement)s, %(per_round)s boards a round, "
        "%(boards)s boards",
        "%(tables)s tables: %(movement)s, %(per_round)s boards a round, "
        "%(boards)s boards",
        tables,
    ) % {
        "tables": tables,
        "movement": proposal.label,
        "per_round": proposal.movement.boards_per_round,
        "boards": proposal.boards,
    }
    phantom = proposal.movement.phantom
    if phantom is not None:
        missing = _("pair %(pair)s missing: its opponents sit out")
        said = f"{said}, {missing % {'pair': phantom}}"
    return _warned(
        said, [problem_told(p) for p in proposal.problems if p.level != "info"]
    )


def individual_said(movement: IndividualMovement, players: int) -> str:
    """The one-line reason of an individual: "12 players: complete individual,
    11 rounds, 2 boards a round, 22 boards"."""
    said = _(
        "%(players)s players: complete individual, %(rounds)s rounds, "
        "%(per_round)s boards a round, %(boards)s boards"
    ) % {
        "players": players,
        "rounds": len(movement.rounds),
        "per_round": movement.boards_per_round,
        "boards": movement.sets * movement.boards_per_round,
    }
    problems = validate_individual(movement)
    return _warned(said, [problem_told(p) for p in problems if p.level != "info"])


def _warned(said: str, warnings: list[str]) -> str:
    return f"{said} ({warnings[0]})" if warnings else said


def last_kind(club: Club | None) -> str:
    """The kind of the club's last new event (pairs for a new club)."""
    kind = club.setup_defaults.get("kind") if club else None
    return kind if kind in KINDS else PAIRS


def defaults_of(club: Club | None, kind: str) -> dict[str, Any]:
    """The club's choices at its last new event of that kind."""
    if club is None:
        return {}
    chosen = club.setup_defaults.get(kind)
    return dict(chosen) if isinstance(chosen, dict) else {}


@transaction.atomic
def defaults_remember(club: Club, kind: str, choices: dict[str, Any]) -> None:
    """Keep the choices (plain JSON values) as the club's defaults of that kind."""
    if kind not in KINDS:
        raise ValueError(f"not a kind of evening: {kind}")
    locked = Club.objects.select_for_update().get(pk=club.pk)
    defaults = dict(locked.setup_defaults)
    defaults.update({"kind": kind, kind: choices})
    locked.setup_defaults = defaults
    locked.save(update_fields=["setup_defaults"])
    club.setup_defaults = defaults
