"""What a team table's phone is shown of its match: the match, its room and
teams, the boards complete in both rooms, and the score (IMPs, at
board-a-match the board points; after the last board the VPs on the event's
scale) as the engine scores it and ``results --json`` prints it, unless the
director hides it until the match ends or altogether, and only when the
phone may see every board it adds up (``sight.rule``)."""

from __future__ import annotations

from typing import Any

from scoring.reports.results_json import match_json
from scoring.standings.results import MatchResult
from scoring.table.play.codes import TablePhone
from scoring.table.play.matches import (
    board_match,
    match_result,
    table_match,
    team_of,
)
from scoring.table.play.rounds import TableRound
from scoring.table.sight.rule import Sight
from tournaments.models import Event

__all__ = ["board_hides_match", "match_shown"]

Shown = Event.MatchScoreShown


def _bam(event: Event) -> bool:
    """Board-a-match: a match scores its boards' points, not IMPs."""
    return event.scoring == Event.Scoring.BAM


def _score(result: MatchResult, seen: Sight) -> tuple[Any, Any]:
    """The match's score so far and its VPs once over (None: hidden)."""
    event = result.match.session.event
    complete = [b.number for b in result.boards if b.played]
    if event.table_match_score == Shown.NOTHING or not seen.sees_all(complete):
        return None, None
    if event.table_match_score == Shown.AT_END and not result.complete:
        return None, None
    said = match_json(result)
    points = "vp" if _bam(event) else "imps"
    score = {"home": said[f"{points}_home"], "away": said[f"{points}_away"]}
    if not result.complete:
        return score, None
    return score, {"home": said["vp_home"], "away": said["vp_away"]}


def match_shown(
    state: TableRound, phone: TablePhone, seen: Sight
) -> dict[str, Any] | None:
    """The table's match as the phone may see it (None: not a team table): of
    the round whose scorecard the phone shows, else of the round in play."""
    match = table_match(state, seen.waiting)
    if match is None:
        return None
    result = match_result(match)
    imps, vps = _score(result, seen)
    return {
        "number": match.number,
        "round": match.round,
        "room": match.room_of(state.code.table),
        "home": match.home.name,
        "away": match.away.name,
        "ours": team_of(match, state.code.table, phone.side),
        "boards": list(match.board_numbers),
        "unit": "points" if _bam(match.session.event) else "imps",
        "boards_complete": result.played,
        "imps": imps,
        "vps": vps,
    }


def board_hides_match(phone: TablePhone, number: int, seen: Sight) -> bool:
    """Whether what the phone would be shown of a board it has played (its
    IMPs, the other room's result) tells the match score the director hides
    now: always with "nothing", until the match ends with "at the end"."""
    session = phone.code.section.session
    shown = session.event.table_match_score
    if not session.event.is_teams or shown == Shown.LIVE:
        return False
    if shown == Shown.NOTHING:
        return True
    match = board_match(session, seen.holders, number)
    return match is None or not match_result(match).complete
