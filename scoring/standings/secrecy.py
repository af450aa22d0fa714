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

from movements.selectors import tables_per_board_of
from scoring.engine.secrecy import boards_shown, released_by
from scoring.models import TravellerLine
from tournaments.models import Board, Heat, Match, Session, Simultaneous

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
    return _played_of([session.pk])[session.pk]


def _played_of(session_ids: list[int]) -> dict[int, dict[int, int]]:
    """Each session's results in by board number, by session id, in one query."""
    found: dict[int, dict[int, int]] = {pk: {} for pk in session_ids}
    counted = (
        TravellerLine.objects.filter(board__session__in=session_ids)
        .values_list("board__session_id", "board__number")
        .annotate(n=Count("id"))
        .values_list("board__session_id", "board__number", "n")
    )
    for session_id, number, n in counted:
        found[session_id][number] = n
    return found


def _unfinished(session: Session, played: dict[int, int]) -> frozenset[int]:
    return _unfinished_of([session.pk], {session.pk: played})[session.pk]


def _unfinished_of(
    session_ids: list[int], played: dict[int, dict[int, int]]
) -> dict[int, frozenset[int]]:
    """The boards not finished yet of each session (``played``: its results
    in by board number), by session id, in three queries however many."""
    # A team event's rooms are seated as tables too (set-up's ``_rooms_seat``),
    # an imported one's are not: a board's tables are the more of the two.
    tables = tables_per_board_of(session_ids)
    rooms = _rooms_per_board(session_ids)
    numbers: dict[int, set[int]] = {pk: set(played[pk]) for pk in session_ids}
    found = Board.objects.filter(session__in=session_ids)
    for session_id, number in found.values_list("session_id", "number"):
        numbers[session_id].add(number)
    return {
        pk: frozenset(numbers[pk])
        - boards_shown(numbers[pk], tables[pk] | rooms[pk], played[pk])
        for pk in session_ids
    }


def _rooms_per_board(session_ids: list[int]) -> dict[int, Counter[int]]:
    rooms: dict[int, Counter[int]] = {pk: Counter() for pk in session_ids}
    found = Match.objects.filter(session__in=session_ids)
    for pk, first, last in found.values_list("session_id", "first_board", "last_board"):
        for board in range(first, last + 1):
            rooms[pk][board] += 2
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
    hidden = _heats_hidden(simultaneous)
    return overall_of(simultaneous, lambda heat: hidden[heat.session_id])


def _heats_hidden(simultaneous: Simultaneous) -> dict[int, frozenset[int]]:
    """``hidden_boards`` of each heat of a released simultaneous (none held
    back) by session id, in the same few queries however many heats."""
    sessions = Session.objects.filter(heat__simultaneous=simultaneous)
    released = dict(sessions.values_list("pk", "released"))
    playing = [pk for pk, done in released.items() if not done]
    hidden = {pk: frozenset[int]() for pk in released}
    if playing:
        hidden.update(_unfinished_of(playing, _played_of(playing)))
    return hidden


def public_live(session: Session) -> tuple[SessionResults, int | None]:
    """The public results with the round they leave out (None: none)."""
    results = public_results(session)
    return results, results.hidden_round
