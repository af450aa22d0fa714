"""Report content built once from scored sessions; rendered as JSON, pages, files."""

from __future__ import annotations

from decimal import ROUND_HALF_EVEN, Decimal
from fractions import Fraction
from typing import Any

from scoring.engine.notation import Language, format_contract, format_tricks
from scoring.engine.policy import MpPresentation

from .adapters import result_of
from .models import TravellerLine
from .selectors import ScoredBoard, ScoredLine, SessionResults

TWO_PLACES = Decimal("0.01")


def rounded(value: Fraction | int, places: Decimal = TWO_PLACES) -> Decimal:
    """Round for display, an exact half to even as Compscore writes totals
    (68.425 -> 68.42); the only rounding that is not a scoring rule."""
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    return exact.quantize(places, rounding=ROUND_HALF_EVEN)


def maybe_rounded(value: Fraction | int | None) -> Decimal | None:
    """`rounded`, with None (no percentage, as in IMP events) kept as None."""
    return None if value is None else rounded(value)


def shown(value: Fraction | int, results: SessionResults) -> Fraction:
    """Points in the event's units: internal 2/1/0, or halved for ACBL."""
    if results.policy.mp_presentation is MpPresentation.ACBL:
        return Fraction(value) / 2
    return Fraction(value)


def adjusted_label(scored: ScoredLine) -> str | None:
    line = scored.line
    if line.ns_artificial:
        return f"{line.ns_artificial}/{line.ew_artificial}"
    sides = {a.side for a in scored.assigned}
    if not sides:
        return None
    if sides & {"NS", "EW"}:
        return "split"
    return "weighted" if len(scored.assigned) > 1 else "assigned"


def tricks_text(line: TravellerLine) -> str:
    result = result_of(line)
    if result.contract is None or result.tricks is None:
        return ""
    return format_tricks(result.contract, result.tricks)


# ---- rows for pages (and later PDF and Excel) ------------------------------


def _contract_text(line: TravellerLine) -> str:
    if line.no_result:
        return ""
    return format_contract(result_of(line).contract, Language.EN, symbols=True)


def ranking_groups(results: SessionResults) -> list[tuple[str, list[dict[str, Any]]]]:
    """Rankings split into their fields: 'Section A · NS', or one list."""
    groups: dict[str, list[dict[str, Any]]] = {}
    across = results.policy.section_scoring.value == "across_field"
    for s in results.standings:
        title = " · ".join(
            x
            for x in (
                "" if across else f"{s.pair.section}",
                s.pair.get_direction_display() if s.pair.direction else "",
            )
            if x
        )
        groups.setdefault(title, []).append(
            {
                "rank": s.score.rank,
                "pair": s.pair,
                "names": s.pair.names,
                "score": rounded(shown(s.score.total, results)),
                "percentage": maybe_rounded(s.score.percentage),
                "boards": s.score.boards,
            }
        )
    return list(groups.items())


def traveller_rows(board: ScoredBoard, results: SessionResults) -> list[dict[str, Any]]:
    rows = []
    for scored in board.lines:
        line, points = scored.line, scored.points
        rows.append(
            {
                "line": line,
                "table": line.table,
                "ns": line.ns_pair.label,
                "ew": line.ew_pair.label,
                "contract": _contract_text(line),
                "declarer": line.declarer,
                "lead": line.lead,
                "result": tricks_text(line),
                "score_ns": line.score_ns,
                "adjusted": adjusted_label(scored),
                "ns_points": rounded(shown(points.ns, results)) if points else None,
                "ew_points": rounded(shown(points.ew, results)) if points else None,
                "ns_pct": maybe_rounded(points.ns_percentage) if points else None,
            }
        )
    return rows


def scorecard_rows(pair_id: int, results: SessionResults) -> list[dict[str, Any]]:
    rows, running = [], Fraction(0)
    for board in results.boards:
        for scored in board.lines:
            line, points = scored.line, scored.points
            if pair_id not in (line.ns_pair_id, line.ew_pair_id):
                continue
            ns = line.ns_pair_id == pair_id
            mine = (points.ns if ns else points.ew) if points else None
            running += mine or 0
            score = line.score_ns if line.score_ns is None or ns else -line.score_ns
            rows.append(
                {
                    "board": board.number,
                    "round": line.round,
                    "direction": "NS" if ns else "EW",
                    "opponents": (line.ew_pair if ns else line.ns_pair).label,
                    "contract": _contract_text(line),
                    "declarer": line.declarer,
                    "lead": line.lead,
                    "result": tricks_text(line),
                    "score": score,
                    "adjusted": adjusted_label(scored),
                    "points": rounded(shown(mine, results)) if points else None,
                    "top": shown(points.top, results) if points else None,
                    "percentage": maybe_rounded(
                        points.ns_percentage if ns else points.ew_percentage
                    )
                    if points
                    else None,
                    "running": rounded(shown(running, results)),
                }
            )
    return rows
