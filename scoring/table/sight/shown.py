"""What a phone may see of a board once its pairs have played it: nothing, the
board's traveller so far, or each side's score on it (the barometer), as the
director chose for the session. A board the phone's pairs have not all played
shows nothing (``sight.rule``), nor does a team board while the director hides
its match's score (``match_score``)."""

from __future__ import annotations

from typing import Any

from scoring.reports.numbers import rounded
from scoring.reports.results_json import line_json, number_json
from scoring.standings import ScoredBoard, SessionResults, session_results
from scoring.standings.results import side_percentage, side_points
from scoring.table.play.codes import TablePhone
from scoring.table.sight.match_score import board_hides_match
from scoring.table.sight.rule import Sight, sight
from tournaments.models import Session

__all__ = ["board_shown"]

Shows = Session.TableShows


def _board(results: SessionResults, line_id: int) -> ScoredBoard:
    return next(b for b in results.boards if any(s.line.pk == line_id for s in b.lines))


def _scores(
    board: ScoredBoard, line_id: int, results: SessionResults
) -> dict[str, Any]:
    points = next(s.points for s in board.lines if s.line.pk == line_id)
    if results.in_imps:
        return {
            "imps_ns": number_json(side_points(points, "NS"), results),
            "imps_ew": number_json(side_points(points, "EW"), results),
        }
    ns, ew = side_percentage(points, "NS"), side_percentage(points, "EW")
    return {
        "percentage_ns": None if ns is None else float(rounded(ns)),
        "percentage_ew": None if ew is None else float(rounded(ew)),
    }


def board_shown(
    phone: TablePhone, number: int, seen: Sight | None = None
) -> dict[str, Any] | None:
    """The board as the phone may see it now (``sight.rule``): from the line of
    its pairs; None when it may see nothing. ``seen``: its sight, when read."""
    session = phone.code.section.session
    if session.table_shows == Shows.NOTHING:
        return None
    seen = seen or sight(phone)
    if not seen.sees(number) or board_hides_match(phone, number, seen):
        return None
    line_id = seen.lines[number]
    results = session_results(session)
    board = _board(results, line_id)
    shown: dict[str, Any] = {"board": number, "kind": session.table_shows}
    if session.table_shows == Shows.TRAVELLER:
        shown["lines"] = [line_json(s, results) for s in board.lines]
    shown.update(_scores(board, line_id, results))
    return shown
