"""An event's ranking over its sessions, by entry (``scoring.engine.combined``).

Each session's standings are the scored sessions' own; a pair of a session is
its entry's pair (a pair without an entry stands for itself, as a single-session
event's pairs do). Pairs events only: a team event ranks its teams over its
matches.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from scoring.engine.combined import CombinedBy, SessionScore, combined_ranking
from scoring.engine.fields import by_direction
from tournaments.models import Entry, Event, Pair

from .families import event_results
from .results import SessionResults

__all__ = ["EventRow", "entry_key", "event_ranking"]

Key = tuple[str, int]  # ("entry", entry id) or ("pair", pair id)


@dataclass(frozen=True)
class EventRow:
    key: Key
    number: int | None  # the entry's number (None: a pair without an entry)
    names: str
    direction: str  # "NS", "EW", or "" when it changed or changes direction
    sessions: tuple[SessionScore, ...]
    score: Fraction
    percentage: Fraction | None
    rank: str
    carry_over: Fraction | None


def entry_key(pair_id: int, entry_id: int | None) -> Key:
    if entry_id is not None:
        return ("entry", entry_id)
    return ("pair", pair_id)


def combined_by(event: Event, in_imps: bool) -> CombinedBy:
    """The event's choice; IMP sessions have no percentage to average."""
    if in_imps:
        return CombinedBy.SUM
    return CombinedBy(event.combined_by)


def event_ranking(
    event: Event, sessions: Sequence[SessionResults] | None = None
) -> list[EventRow]:
    """Every entry's total and place over ``sessions`` (default: all of the
    event's), best first; [] for a team event."""
    scored = list(event_results(event) if sessions is None else sessions)
    if not scored or scored[0].family.teams:
        return []
    played, pairs = _played(event, scored)
    entries = {e.pk: e for e in Entry.objects.filter(event=event)}
    carried = {
        ("entry", pk): Fraction(e.carry_over)
        for pk, e in entries.items()
        if e.carry_over is not None
    }
    directions = {key: _direction(found) for key, found in pairs.items()}
    split = by_direction(event.two_winners, directions.values())
    totals = combined_ranking(
        played,
        sessions=sum(1 for r in scored if any(s.boards for s in r.standings)),
        by=combined_by(event, scored[0].in_imps),
        carry_over={k: v for k, v in carried.items() if k in played},
        group=directions.__getitem__ if split else _one_group,
    )
    return [
        EventRow(
            key=t.key,
            number=entries[t.key[1]].number if t.key[0] == "entry" else None,
            names=pairs[t.key][-1].names,
            direction=directions[t.key],
            sessions=t.sessions,
            score=t.score,
            percentage=t.percentage,
            rank=t.rank,
            carry_over=carried.get(t.key),
        )
        for t in totals
    ]


def _played(
    event: Event, scored: list[SessionResults]
) -> tuple[dict[Key, list[SessionScore]], dict[Key, list[Pair]]]:
    """Each entry's sessions and its pairs in them, in session order."""
    # read now: a scored session kept in memory may predate its seating
    seated = dict(
        Pair.objects.filter(section__session__event=event).values_list("pk", "entry")
    )
    played: dict[Key, list[SessionScore]] = defaultdict(list)
    pairs: dict[Key, list[Pair]] = defaultdict(list)
    for results in scored:
        for s in results.standings:
            if not s.boards:  # seated, nothing played yet
                continue
            key = entry_key(s.pair.pk, seated.get(s.pair.pk))
            played[key].append(
                SessionScore(results.session.number, s.total, s.percentage)
            )
            pairs[key].append(s.pair)
    return played, pairs


def _direction(pairs: list[Pair]) -> str:
    found = {p.direction for p in pairs}
    return found.pop() if len(found) == 1 else ""


def _one_group(_key: Hashable) -> Hashable:
    return None
