"""The results of an event as JSON: the shape `results --json` prints."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from scoring.engine.notation import Language, format_contract
from tournaments.models import Event

from .adapters import result_of
from .reports import adjusted_label, rounded, shown
from .selectors import ScoredBoard, ScoredLine, SessionResults, event_results
from .team_json import team_json


def _line_json(scored: ScoredLine, results: SessionResults) -> dict[str, Any]:
    line, points = scored.line, scored.points
    result = result_of(line)
    played = not line.no_result and result.contract is not None

    def number(value: Fraction | None) -> float | None:
        if value is None:
            return None
        return float(rounded(value if results.in_imps else shown(value, results)))

    factored = points if points and not results.in_imps else None

    return {
        "ns": line.ns_pair.label,
        "ew": line.ew_pair.label,
        "contract": None
        if line.no_result
        else format_contract(result.contract, Language.EN),
        "declarer": result.declarer.value if played else None,
        "lead": line.lead or None,
        "tricks": result.tricks if played else None,
        "score_ns": line.score_ns,
        "adjusted": adjusted_label(scored),
        "ns_points": number(points.ns_raw if points else None),
        "ew_points": number(points.ew_raw if points else None),
        "ns_factored": number(factored.ns if factored else None),
        "ew_factored": number(factored.ew if factored else None),
    }


def _board_json(board: ScoredBoard, results: SessionResults) -> dict[str, Any]:
    raw_tops = [s.points.raw_top for s in board.lines if s.points]
    data = {
        "number": board.number,
        "section": board.section.letter if board.section else None,
        "session": results.session.number,
        "top": None
        if results.in_imps
        else float(shown(max(raw_tops, default=board.top), results)),
        "top_factored": None if results.in_imps else float(shown(board.top, results)),
        "lines": [_line_json(s, results) for s in board.lines],
    }
    if board.datum is not None:
        data["datum"] = board.datum
    return data


def _score(value: Fraction, results: SessionResults) -> float:
    return float(rounded(value if results.in_imps else shown(value, results)))


def _rankings_json(results: SessionResults) -> list[dict[str, Any]]:
    return [
        {
            "pair": s.pair.label,
            "section": s.pair.section.letter,
            "direction": s.pair.direction,
            "names": s.pair.names,
            "score": _score(s.score.total, results),
            "percentage": None
            if s.score.percentage is None
            else float(rounded(s.score.percentage)),
            "rank": s.score.rank,
            "boards": s.score.boards,
            "session": results.session.number,
        }
        for s in results.standings
    ]


def event_json(event: Event) -> dict[str, Any]:
    sessions = event_results(event)
    data = {
        "event": {"id": event.pk, "name": event.name, "scoring": event.scoring},
        "rankings": [r for s in sessions for r in _rankings_json(s)],
        "boards": [_board_json(b, s) for s in sessions for b in s.boards],
    }
    if event.is_teams:
        data |= team_json(event)
    return data
