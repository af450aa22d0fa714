"""Who sat where on each board of a team match, room by room, as
``results --json`` prints it (``scoring.entry.players.lineups``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from scoring.entry.players import Lineup, lineups
from scoring.standings.lines import Line
from scoring.standings.results import MatchResult

__all__ = ["match_lineups"]


def _rooms(result: MatchResult) -> list[tuple[int, str, Line]]:
    return [
        (b.number, room, line)
        for b in result.boards
        for room, line in (("open", b.open), ("closed", b.closed))
        if line is not None
    ]


def _seats(lineup: Lineup) -> dict[str, dict[str, str]]:
    return {
        seat: {"name": name, "member": member}
        for seat, (name, member) in lineup.items()
    }


def match_lineups(results: Sequence[MatchResult]) -> dict[int, list[dict[str, Any]]]:
    """Each match's boards (those it shows) with their line-up, by match id."""
    seated = lineups([line.pk for r in results for _n, _room, line in _rooms(r)])
    return {
        r.match.pk: [
            {"board": number, "room": room, "players": _seats(seated.get(line.pk, {}))}
            for number, room, line in _rooms(r)
        ]
        for r in results
    }
