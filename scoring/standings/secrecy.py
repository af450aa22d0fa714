"""What the public may see of a session now: one rule for every public page,
download and room display (``scoring.engine.secrecy``).

A released session shows everything. Until then a board's traveller, frequencies
and deal are withheld until every table scheduled to play it (by the sections'
movements, or a team event's matches: two rooms each) has played it; standings
stay whole, but for the round in play when the event asks (the barometer).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from django.db.models import Count

from movements.selectors import tables_per_board
from scoring.engine.secrecy import boards_shown
from scoring.models import TravellerLine
from tournaments.models import Session

from .families import session_results
from .live import live_results
from .results import SessionResults

__all__ = ["hidden_boards", "public_live", "public_results", "withheld"]


def hidden_boards(session: Session) -> frozenset[int]:
    """The boards the public may not see yet (none once released)."""
    if session.released:
        return frozenset()
    scheduled = tables_per_board(session) + _rooms_per_board(session)
    played = dict(
        TravellerLine.objects.filter(board__session=session)
        .values_list("board__number")
        .annotate(n=Count("id"))
        .values_list("board__number", "n")
    )
    boards = set(session.boards.values_list("number", flat=True)) | set(played)
    return frozenset(boards) - boards_shown(boards, scheduled, played)


def _rooms_per_board(session: Session) -> Counter[int]:
    rooms: Counter[int] = Counter()
    for first, last in session.matches.values_list("first_board", "last_board"):
        for board in range(first, last + 1):
            rooms[board] += 2
    return rooms


def withheld(results: SessionResults, hidden: frozenset[int]) -> SessionResults:
    """The results without the hidden boards' lines (standings stay whole)."""
    if not hidden:
        return results
    matches = [
        replace(m, boards=[b for b in m.boards if b.number not in hidden])
        for m in results.matches
    ]
    return replace(
        results,
        boards=[b for b in results.boards if b.number not in hidden],
        matches=matches,
        hidden=hidden,
    )


def public_results(session: Session) -> SessionResults:
    return withheld(session_results(session), hidden_boards(session))


def public_live(session: Session) -> tuple[SessionResults, int | None]:
    results, hidden_round = live_results(session)
    return withheld(results, hidden_boards(session)), hidden_round
