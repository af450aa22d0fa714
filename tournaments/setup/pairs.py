"""The pairs page's write side: every pair of a section named (and, in a
handicapped event, given its handicaps) in one transaction, logged once."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from scoring.entry.services import Actor, log_event
from tournaments.models import Pair, Section

from .events import pair_name

__all__ = ["PairNames", "section_pairs_set"]

LIMIT = Decimal(50)  # a handicap is a number of percentage points


@dataclass(frozen=True)
class PairNames:
    names: Sequence[str]
    handicaps: Sequence[Decimal | None] = field(default_factory=tuple)
    own: Decimal | None = None  # the pair's handicap, instead of its players'
    people: Sequence[int | None] = ()  # the roster's people chosen, by seat


def _check(pair: Pair, entry: PairNames) -> None:
    for value in (*entry.handicaps, entry.own):
        if value is not None and not -LIMIT <= value <= LIMIT:
            raise ValidationError(
                _("Pair %(pair)s: a handicap is from -50 to 50, not %(value)s.")
                % {"pair": pair.label, "value": value}
            )


@transaction.atomic
def section_pairs_set(
    *,
    section: Section,
    entries: dict[int, PairNames],
    handicaps: bool,
    user: Actor = None,
) -> None:
    """Name the section's pairs (by pair id); with ``handicaps`` also set the
    players' and pairs' handicaps, else keep them."""
    pairs = {p.pk: p for p in section.pairs.select_for_update()}
    for pk, entry in entries.items():
        if pk not in pairs:
            raise ValidationError(_("That pair is not in this section."))
        _check(pairs[pk], entry)
    said = []
    for pk, entry in entries.items():
        pair = pairs[pk]
        pair_name(
            pair=pair,
            names=entry.names,
            handicaps=entry.handicaps if handicaps else None,
            people=entry.people,
        )
        if handicaps and pair.handicap != entry.own:
            said.append(f"{pair.label}: {pair.handicap} → {entry.own}")
            pair.handicap = entry.own
            pair.save(update_fields=["handicap"])
    if handicaps:
        # the log moves the results' version, so rankings show the handicaps
        text = "; ".join(said) or f"section {section.letter}: players' handicaps"
        log_event(section.session.event_id, user, "handicaps", text)
