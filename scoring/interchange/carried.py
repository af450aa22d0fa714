"""What a session of an event of several sessions carries in its files: each
pair's entry's result over the sessions before it (with the entry's carry-over
from a qualifying stage), in the event's way of ranking over the sessions (a
score when it adds scores, a percentage when it averages percentages).
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from scoring.engine.combined import CombinedBy
from scoring.standings import SessionResults, session_results
from scoring.standings.combined import combined_by, event_ranking
from tournaments.models import Pair

__all__ = ["carried_in"]


def _fixed(value: Fraction) -> str:
    return str(Decimal(round(value * 100)).scaleb(-2))


def carried_in(results: SessionResults) -> dict[int, str]:
    """Pair id -> its entry's result before this session ({} for a first
    session or a team event); a late entry brings nothing: no value."""
    session = results.session
    event = session.event
    earlier = [
        session_results(s) for s in event.sessions.filter(number__lt=session.number)
    ]
    if not earlier or results.family.teams:
        return {}
    by = combined_by(event, results.in_imps)
    rows = {row.key: row for row in event_ranking(event, earlier)}
    found: dict[int, str] = {}
    for pair in Pair.objects.filter(section__session=session, entry__isnull=False):
        row = rows.get(("entry", pair.entry_id or 0))
        if row is None:
            continue
        value = row.percentage if by is CombinedBy.AVERAGE else row.score
        if value is not None:
            found[pair.pk] = _fixed(value)
    return found
