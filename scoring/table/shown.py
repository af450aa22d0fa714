"""What a table may see of a board once it has played it: nothing, the board's
traveller so far, or each side's score on it (the barometer), as the director
chose for the session. A board the table has not played shows nothing."""

from __future__ import annotations

from typing import Any

from scoring.models import TableCode, TravellerLine
from scoring.reports.numbers import rounded
from scoring.reports.results_json import line_json, number_json
from scoring.standings import ScoredBoard, SessionResults, session_results
from scoring.standings.results import side_percentage, side_points
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
    code: TableCode, number: int, line: TravellerLine | None = None
) -> dict[str, Any] | None:
    """The board as the table may see it now; None when it may see nothing.
    ``line``: the table's line of the board, when known already."""
    session = code.section.session
    if session.table_shows == Shows.NOTHING:
        return None
    line = line or (
        TravellerLine.objects.filter(
            section_id=code.section_id, table=code.table, board__number=number
        ).first()
    )
    if line is None:
        return None
    results = session_results(session)
    board = _board(results, line.pk)
    shown: dict[str, Any] = {"board": number, "kind": session.table_shows}
    if session.table_shows == Shows.TRAVELLER:
        shown["lines"] = [line_json(s, results) for s in board.lines]
    shown.update(_scores(board, line.pk, results))
    return shown
