"""Finals seeded from a qualifying ranking: the director cuts the ranking over
the qualifying event's sessions into bands (the top 10 to the A final, the next
10 to the B final …); each band becomes an event of its own, scored as the
qualifying event is, its entries seated in ranking order with their players
and, when chosen, their qualifying result as carry-over (a score when the event
adds scores, a percentage when it averages percentages).

With two winners in the qualifying (NS and EW ranked apart), the two lists are
taken in turn: first NS, first EW, second NS …
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from scoring.engine.combined import CombinedBy
from scoring.entry.services import Actor, log_event
from scoring.standings.combined import EventRow, combined_by, event_ranking
from scoring.standings.families import event_results
from tournaments.models import Entry, Event, Session

from .events import default_movement_apply, section_create
from .sessions import Seated, entries_ensure, entry_players, players_copy

__all__ = ["finals_seed", "seeded_order"]

NOT_COPIED = {"id", "name", "published", "source", "created_at"}
CARRY_PLACES = Decimal("0.0001")  # Entry.carry_over keeps four places


def seeded_order(rows: Sequence[EventRow]) -> list[EventRow]:
    """The ranking as one list: by place, the fields (NS, EW) in turn."""
    return sorted(rows, key=lambda row: int(row.rank.rstrip("=")))


def _final_event(event: Event, letter: str) -> Event:
    fields = {
        f.name: getattr(event, f.name)
        for f in Event._meta.concrete_fields
        if f.name not in NOT_COPIED
    }
    name = _("%(event)s – %(letter)s final") % {"event": event.name, "letter": letter}
    return Event.objects.create(name=name[:200], **fields)


def _carried(row: EventRow, by: CombinedBy) -> Decimal | None:
    value = row.percentage if by is CombinedBy.AVERAGE else row.score
    if value is None:
        return None
    return (Decimal(value.numerator) / Decimal(value.denominator)).quantize(
        CARRY_PLACES
    )


def _seat(
    final: Event,
    rows: list[EventRow],
    players: dict[int, Seated],
    *,
    kind: str,
    carry: CombinedBy | None,
) -> None:
    """The final's session 1, section A, its pairs the band's entries in order."""
    session = Session.objects.create(event=final, number=1, date=final.date)
    section = section_create(
        session=session, letter="A", tables=max(1, -(-len(rows) // 2)), kind=kind
    )
    default_movement_apply(section, kind)
    slots = list(section.pairs.order_by("-direction", "number"))
    for number, (row, pair) in enumerate(zip(rows, slots, strict=False), start=1):
        entry = Entry.objects.create(
            event=final,
            number=number,
            carry_over=None if carry is None else _carried(row, carry),
        )
        pair.entry = entry
        pair.save(update_fields=["entry"])
        players_copy(players.get(row.key[1], []), pair)


@transaction.atomic
def finals_seed(
    *,
    event: Event,
    bands: Sequence[tuple[str, int]],
    kind: str,
    carry: bool = True,
    user: Actor = None,
) -> list[Event]:
    """One event a band (letter, number of entries), in ranking order."""
    if event.is_teams:
        raise ValidationError(_("A team event plays its matches, not sessions."))
    sessions = event_results(event)
    if any(size < 2 for _letter, size in bands) or not bands:
        raise ValidationError(_("A final has at least 2 entries."))
    entries_ensure(event)
    order = seeded_order(event_ranking(event, sessions))
    if sum(size for _letter, size in bands) > len(order):
        raise ValidationError(
            _("The bands hold more entries than the %(count)s ranked.")
            % {"count": len(order)}
        )
    by = combined_by(event, bool(sessions) and sessions[0].in_imps)
    players = entry_players(event)
    finals, start = [], 0
    for letter, size in bands:
        final = _final_event(event, letter)
        band = order[start : start + size]
        _seat(final, band, players, kind=kind, carry=by if carry else None)
        finals.append(final)
        log_event(
            event.pk, user, "final seeded", f"{final.name}: {start + 1}-{start + size}"
        )
        start += size
    return finals
