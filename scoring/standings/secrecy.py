"""What the public may see of a session now: one rule for every public page,
download and room display (``scoring.engine.secrecy``).

A released session shows everything. Until then a board's traveller, frequencies
and deal are withheld until every table scheduled to play it (by the sections'
movements, or a team event's matches: two rooms each) has played it. When the
event hides the round in play (the barometer, ``live_results``) every public
output, rankings included, is scored without that round, and the boards of its
lines are withheld too: no page, download or display shows what the live
standings hide. A heat of a simultaneous shows nothing, rankings included,
before the simultaneous' release time (another club may not have played its
boards yet); then its own play rules as above. The overall ranking is public
only once released (``public_overall``).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from django.db.models import Count
from django.utils import timezone

from movements.selectors import tables_per_board
from scoring.engine.secrecy import boards_shown, released_by
from scoring.models import TravellerLine
from tournaments.models import Heat, Session, Simultaneous

from .families import session_results
from .live import live_results
from .results import MatchResult, SessionResults
from .simultaneous import Overall, overall_of
from .teams import match_scored

__all__ = [
    "hidden_boards",
    "overall_released",
    "public_live",
    "public_overall",
    "public_results",
    "withheld",
]


def _heat_held(session: Session) -> bool:
    """A heat whose simultaneous' release time has not passed."""
    heat = Heat.objects.filter(session=session).select_related("simultaneous")
    found = heat.first()
    if found is None:
        return False
    return not released_by(found.simultaneous.release_at, timezone.now())


def _every_board(session: Session) -> frozenset[int]:
    return frozenset(session.boards.values_list("number", flat=True)) | frozenset(
        _played(session)
    )


def hidden_boards(session: Session) -> frozenset[int]:
    """The boards the public may not see yet (none once released)."""
    if _heat_held(session):
        return _every_board(session)
    if session.released:
        return frozenset()
    return _unfinished(session, _played(session))


def _played(session: Session) -> dict[int, int]:
    """The results in by board number."""
    return dict(
        TravellerLine.objects.filter(board__session=session)
        .values_list("board__number")
        .annotate(n=Count("id"))
        .values_list("board__number", "n")
    )


def _unfinished(session: Session, played: dict[int, int]) -> frozenset[int]:
    # A team event's rooms are seated as tables too (set-up's ``_rooms_seat``),
    # an imported one's are not: a board's tables are the more of the two.
    scheduled = tables_per_board(session) | _rooms_per_board(session)
    boards = set(session.boards.values_list("number", flat=True)) | set(played)
    return frozenset(boards) - boards_shown(boards, scheduled, played)


def _rooms_per_board(session: Session) -> Counter[int]:
    rooms: Counter[int] = Counter()
    for first, last in session.matches.values_list("first_board", "last_board"):
        for board in range(first, last + 1):
            rooms[board] += 2
    return rooms


def _left_out(results: SessionResults, played: dict[int, int]) -> frozenset[int]:
    """The boards with results that ``results`` leave out (the round in play)."""
    kept = Counter(b.number for b in results.boards for _ in b.lines)
    return frozenset(n for n, count in played.items() if kept[n] < count)


def withheld(results: SessionResults, hidden: frozenset[int]) -> SessionResults:
    """The results without the hidden boards' lines (pairs' standings as they
    are); a match is scored over the boards it shows, so its IMPs and VPs tell
    nothing of a hidden board."""
    if not hidden:
        return results
    matches = [_match_shown(results, m, hidden) for m in results.matches]
    return replace(
        results,
        boards=[b for b in results.boards if b.number not in hidden],
        matches=matches,
        hidden=hidden,
    )


def _match_shown(
    results: SessionResults, match: MatchResult, hidden: frozenset[int]
) -> MatchResult:
    shown = [b for b in match.boards if b.number not in hidden]
    if len(shown) == len(match.boards):
        return match
    event = results.session.event
    return match_scored(match.match, shown, event, results.policy)


def public_results(session: Session) -> SessionResults:
    """The session as the public may see it now: every public page, download
    and display reads this. Until the release, with the barometer, the
    standings leave out the round in play (``hidden_round``) and its boards;
    a heat held back shows no board and no ranking."""
    if _heat_held(session):
        held = withheld(session_results(session), _every_board(session))
        return replace(held, standings=[])
    if session.released:
        return session_results(session)
    played = _played(session)
    hidden = _unfinished(session, played)
    results, hidden_round = live_results(session)
    if hidden_round is not None:
        results = replace(results, hidden_round=hidden_round)
        hidden |= _left_out(results, played)
    return withheld(results, hidden)


def overall_released(simultaneous: Simultaneous) -> bool:
    """The simultaneous' release time has passed: its overall is public."""
    return released_by(simultaneous.release_at, timezone.now())


def public_overall(simultaneous: Simultaneous) -> Overall | None:
    """The overall ranking as the public may see it: None before the release
    (each club's director reads ``overall_of``: the overall so far); then a
    heat's board counts only once that heat shows it (``hidden_boards``): a heat
    still playing gives its finished boards alone."""
    if not overall_released(simultaneous):
        return None
    return overall_of(simultaneous, lambda heat: hidden_boards(heat.session))


def public_live(session: Session) -> tuple[SessionResults, int | None]:
    """The public results with the round they leave out (None: none)."""
    results = public_results(session)
    return results, results.hidden_round
