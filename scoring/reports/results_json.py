"""The results of an event as JSON: the shape `results --json` prints.

Pairs events: rankings and every board's traveller with points (matchpoints as
written, factored beside them; IMPs and the datum in IMP events). Team events add
every match's IMPs and VPs (board-a-match: board points) and the standings.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from typing import Any

from scoring.adapters import result_of
from scoring.engine.notation import Language, format_contract
from scoring.standings import (
    ScoredBoard,
    ScoredLine,
    SessionResults,
    event_results,
    family_of,
)
from scoring.standings.results import MatchResult, side_raw, side_top
from scoring.standings.teams import TeamStanding, team_standings
from tournaments.models import Event

from .lines import adjusted_label
from .numbers import rounded, rounded_float, shown

__all__ = ["event_json", "line_json", "number_json"]


def number_json(
    value: Fraction | Decimal | None, results: SessionResults
) -> float | None:
    if value is None:
        return None
    if isinstance(value, Decimal):
        value = Fraction(value)
    return rounded_float(shown(value, results))


def line_json(scored: ScoredLine, results: SessionResults) -> dict[str, Any]:
    """A traveller line as ``results --json`` writes it."""
    line, points = scored.line, scored.points
    result = result_of(line)
    played = not line.no_result and result.contract is not None
    factored = points if points is not None and not results.in_imps else None
    return {
        "section": line.section.letter,
        "ns": line.ns_pair.label,
        "ew": line.ew_pair.label,
        "contract": None
        if line.no_result
        else format_contract(result.contract, Language.EN),
        "declarer": result.declarer.value if played and result.declarer else None,
        "lead": line.lead or None,
        "tricks": result.tricks if played else None,
        "score_ns": line.score_ns,
        "adjusted": adjusted_label(line, scored.assigned),
        "ns_points": number_json(side_raw(points, "NS"), results),
        "ew_points": number_json(side_raw(points, "EW"), results),
        "ns_factored": number_json(factored.ns if factored else None, results),
        "ew_factored": number_json(factored.ew if factored else None, results),
    }


def _board_json(board: ScoredBoard, results: SessionResults) -> dict[str, Any]:
    raw_tops = [side_top(s.points, "NS", raw=True) for s in board.lines]
    raw_top = max((t for t in raw_tops if t is not None), default=board.top)
    data = {
        "number": board.number,
        "section": board.section.letter if board.section else None,
        "session": results.session.number,
        "top": None if results.in_imps else float(shown(raw_top, results)),
        "top_factored": None if results.in_imps else float(shown(board.top, results)),
        "lines": [line_json(s, results) for s in board.lines],
    }
    if board.datum is not None:
        data["datum"] = board.datum
    return data


def _rankings_json(results: SessionResults) -> list[dict[str, Any]]:
    return [
        {
            "pair": s.pair.label,
            "section": s.pair.section.letter,
            "direction": s.pair.direction,
            "names": s.pair.names,
            "score": number_json(s.total, results),
            "percentage": None
            if s.percentage is None
            else float(rounded(s.percentage)),
            "rank": s.rank,
            "boards": s.boards,
            "session": results.session.number,
        }
        for s in results.standings
    ]


def _plain(value: Fraction | Decimal | None) -> float | None:
    return None if value is None else float(rounded(value))


def _match_json(result: MatchResult) -> dict[str, Any]:
    match = result.match
    return {
        "round": match.round,
        "home": match.home.name,
        "away": match.away.name,
        "imps_home": _plain(result.imps_home),
        "imps_away": _plain(result.imps_away),
        "vp_home": _plain(result.vp_home),
        "vp_away": _plain(result.vp_away),
    }


def _standing_json(row: TeamStanding) -> dict[str, Any]:
    return {
        "team": row.team.number,
        "name": row.team.name,
        "players": row.team.player_names,
        "vp": _plain(row.total),
        "carry_over": _plain(row.carry_over),
        "imps_for": _plain(row.imps_for),
        "imps_against": _plain(row.imps_against),
        "matches": row.matches,
        "rank": row.rank,
    }


def _team_ranking_json(row: TeamStanding) -> dict[str, Any]:
    """A standing in the keys of a pairs ranking (score = VPs)."""
    return {
        "pair": str(row.team.number),
        "section": None,
        "direction": "",
        "names": row.team.name,
        "score": _plain(row.total),
        "percentage": None,
        "rank": row.rank,
        "boards": None,
        "session": None,
    }


def _team_json(event: Event, matches: list[MatchResult]) -> dict[str, Any]:
    rows = team_standings(event, matches)
    return {
        "rankings": [_team_ranking_json(r) for r in rows],
        "matches": [_match_json(r) for r in matches],
        "standings": [_standing_json(r) for r in rows],
    }


def event_json(event: Event) -> dict[str, Any]:
    sessions = event_results(event)
    data: dict[str, Any] = {
        "event": {"id": event.pk, "name": event.name, "scoring": event.scoring},
        "rankings": [r for s in sessions for r in _rankings_json(s)],
        "boards": [_board_json(b, s) for s in sessions for b in s.boards],
    }
    if family_of(event).teams:
        matches = [m for s in sessions for m in s.matches]
        data |= _team_json(event, matches)
    return data
