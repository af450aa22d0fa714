"""Rows for the IMP pages: pair rankings, travellers and scorecards in IMPs, and
match scorecards (both rooms, IMPs each way)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from .models import TravellerLine
from .reports import (
    adjusted_label,
    contract_text,
    field_title,
    maybe_rounded,
    rounded,
    traveller_rows,
    tricks_text,
)
from .selectors import ScoredBoard, SessionResults
from .teams import MatchBoard, MatchResult


def imp_ranking_groups(
    results: SessionResults,
) -> list[tuple[str, list[dict[str, Any]]]]:
    """Rankings in IMPs, split into their fields (section, direction)."""
    groups: dict[str, list[dict[str, Any]]] = {}
    for s in results.standings:
        groups.setdefault(field_title(s.pair, results), []).append(
            {
                "rank": s.score.rank,
                "pair": s.pair,
                "names": s.pair.names,
                "imps": rounded(s.score.imps),
                "score": rounded(s.score.total),
                "boards": s.score.boards,
            }
        )
    return list(groups.items())


def imp_traveller_rows(
    board: ScoredBoard, results: SessionResults
) -> list[dict[str, Any]]:
    """The traveller rows, with the points named as the IMPs they are."""
    return [
        {**row, "ns_imps": row["ns_points"], "ew_imps": row["ew_points"]}
        for row in traveller_rows(board, results)
    ]


def imp_scorecard_rows(pair_id: int, results: SessionResults) -> list[dict[str, Any]]:
    rows, running = [], Fraction(0)
    for board, scored in _pair_lines(pair_id, results):
        line, points = scored.line, scored.points
        ns = line.ns_pair_id == pair_id
        mine = (points.ns if ns else points.ew) if points else None
        running += mine or 0
        score = line.score_ns if line.score_ns is None or ns else -line.score_ns
        datum = board.datum if board.datum is None or ns else -board.datum
        rows.append(
            {
                "board": board.number,
                "round": line.round,
                "direction": "NS" if ns else "EW",
                "opponents": (line.ew_pair if ns else line.ns_pair).label,
                "contract": contract_text(line),
                "declarer": line.declarer,
                "result": tricks_text(line),
                "score": score,
                "datum": datum,
                "adjusted": adjusted_label(scored),
                "imps": maybe_rounded(mine),
                "running": rounded(running),
            }
        )
    return rows


def _pair_lines(pair_id: int, results: SessionResults):  # noqa: ANN202
    for board in results.boards:
        for scored in board.lines:
            if pair_id in (scored.line.ns_pair_id, scored.line.ew_pair_id):
                yield board, scored


def _room(line: TravellerLine | None) -> dict[str, Any]:
    if line is None:
        return {"contract": "", "declarer": "", "result": "", "score_ns": None}
    return {
        "contract": contract_text(line),
        "declarer": line.declarer,
        "result": tricks_text(line),
        "score_ns": line.score_ns,
        "adjusted": f"{line.ns_artificial}/{line.ew_artificial}"
        if line.ns_artificial
        else "",
    }


def match_rows(result: MatchResult) -> list[dict[str, Any]]:
    """A match board by board: both rooms' results and the IMPs each way."""
    return [_match_row(board) for board in result.boards]


def _match_row(board: MatchBoard) -> dict[str, Any]:
    return {
        "board": board.number,
        "open": _room(board.open),
        "closed": _room(board.closed),
        "home_imps": maybe_rounded(board.home_won) or None,
        "away_imps": maybe_rounded(board.away_won) or None,
        "home_bam": board.home_bam,
        "away_bam": board.away_bam,
        "played": board.home_imps is not None,
    }
