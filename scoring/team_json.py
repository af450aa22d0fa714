"""Team events as JSON: every match's IMPs and VPs, and the standings.

For board-a-match, ``vp_home``/``vp_away`` carry the board points of the match.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from typing import Any

from tournaments.models import Event

from .reports import rounded
from .teams import MatchResult, TeamStanding, event_matches, standings


def _number(value: Decimal | Fraction | None) -> float | None:
    if value is None:
        return None
    return float(rounded(Fraction(value)))


def _match_json(result: MatchResult) -> dict[str, Any]:
    match = result.match
    return {
        "round": match.round,
        "home": match.home.name,
        "away": match.away.name,
        "imps_home": _number(result.imps_home),
        "imps_away": _number(result.imps_away),
        "vp_home": _number(result.vp_home),
        "vp_away": _number(result.vp_away),
    }


def _standing_json(row: TeamStanding) -> dict[str, Any]:
    return {
        "team": row.team.number,
        "name": row.team.name,
        "players": row.team.player_names,
        "vp": _number(row.total),
        "carry_over": _number(row.carry_over),
        "imps_for": _number(row.imps_for),
        "imps_against": _number(row.imps_against),
        "matches": row.matches,
        "rank": row.rank,
    }


def _ranking_json(row: TeamStanding) -> dict[str, Any]:
    """A standing in the keys of a pairs ranking (score = VPs)."""
    return {
        "pair": str(row.team.number),
        "section": None,
        "direction": "",
        "names": row.team.name,
        "score": _number(row.total),
        "percentage": None,
        "rank": row.rank,
        "boards": None,
        "session": None,
    }


def team_json(event: Event) -> dict[str, Any]:
    results = event_matches(event)
    rows = standings(event, results)
    return {
        "rankings": [_ranking_json(r) for r in rows],
        "matches": [_match_json(r) for r in results],
        "standings": [_standing_json(r) for r in rows],
    }
