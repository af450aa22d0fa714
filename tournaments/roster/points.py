"""Master points the director awards to a session's pairs, typed per pair or
by the club's simple rule (``scoring.engine.masterpoints``)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence

from django.db import transaction

from scoring.engine.masterpoints import by_place
from scoring.entry.actors import Actor
from scoring.entry.services import log_event
from scoring.standings import session_results
from tournaments.models import Pair, Session

__all__ = ["master_points_by_place", "master_points_set"]


@transaction.atomic
def master_points_set(
    *, session: Session, awards: Mapping[int, int | None], user: Actor = None
) -> int:
    """Each pair's award in hundredths (None: none) by pair id; how many changed."""
    pairs = Pair.objects.filter(section__session=session).select_for_update()
    changed = [
        pair
        for pair in pairs
        if pair.pk in awards and pair.master_points != awards[pair.pk]
    ]
    for pair in changed:
        pair.master_points = awards[pair.pk]
    Pair.objects.bulk_update(changed, ["master_points"])
    if changed:
        said = ", ".join(f"{p.label}: {_shown(p.master_points)}" for p in changed)
        log_event(session.event_id, user, "master points", said)
    return len(changed)


def _shown(hundredths: int | None) -> str:
    return "-" if hundredths is None else f"{hundredths / 100:.2f}"


def master_points_by_place(
    *, session: Session, table: Sequence[int], user: Actor = None
) -> int:
    """Award the top third of each field (NS and EW of a two-winner movement)
    the points of its place from ``table``; every other pair none."""
    fields: dict[str, dict[int, str]] = defaultdict(dict)
    for standing in session_results(session).standings:
        fields[standing.pair.direction][standing.pair.pk] = standing.rank
    awards: dict[int, int | None] = dict.fromkeys(session_pairs(session), None)
    for ranks in fields.values():
        awards.update(by_place(ranks, table))
    return master_points_set(session=session, awards=awards, user=user)


def session_pairs(session: Session) -> list[int]:
    return list(
        Pair.objects.filter(section__session=session).values_list("pk", flat=True)
    )
