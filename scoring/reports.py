"""Report content built once from scored sessions; rendered as JSON, pages, files.

Row functions (`ranking_groups`, `traveller_rows`, `scorecard_rows`,
`frequency_rows`) are the single source: the web pages show them through
django-tables2 and the `*_tables`/`*_document` builders lay the same rows out
as `Document`s for the PDF and the workbook. Build documents inside
`translation.override(language)`: labels are translated when built.
"""

from __future__ import annotations

from dataclasses import replace
from decimal import ROUND_HALF_EVEN, Decimal
from fractions import Fraction
from typing import Any

from django.utils.translation import gettext as _

from scoring.engine.boards import dealer, vulnerability
from scoring.engine.notation import Language, format_contract, format_tricks
from scoring.engine.policy import MpPresentation
from tournaments.models import Pair

from .adapters import result_of
from .exports.document import (
    Block,
    Column,
    Deal,
    Document,
    Kind,
    PageBreak,
    Table,
    hand_record_pages,
    pbn_hands,
)
from .models import TravellerLine
from .selectors import ScoredBoard, ScoredLine, SessionResults

TWO_PLACES = Decimal("0.01")


def rounded(value: Fraction | Decimal | int, places: Decimal = TWO_PLACES) -> Decimal:
    """Round for display, an exact half to even as Compscore writes totals
    (68.425 -> 68.42); the only rounding that is not a scoring rule."""
    value = Fraction(value)
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    return exact.quantize(places, rounding=ROUND_HALF_EVEN)


def maybe_rounded(value: Fraction | Decimal | int | None) -> Decimal | None:
    """`rounded`, with None (no percentage, as in IMP events) kept as None."""
    return None if value is None else rounded(value)


def shown(value: Fraction | int, results: SessionResults) -> Fraction:
    """Points in the event's units: internal 2/1/0, or halved for ACBL; IMPs as
    they are."""
    if results.in_imps:
        return Fraction(value)
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


def contract_text(line: TravellerLine) -> str:
    if line.no_result:
        return ""
    return format_contract(result_of(line).contract, Language.EN, symbols=True)


def section_title(letter: str) -> str:
    return _("Section %(letter)s") % {"letter": letter}


def field_title(pair: Pair, results: SessionResults) -> str:
    """The field a pair is ranked in: 'Section A · North-South', or ''."""
    across = results.policy.section_scoring.value == "across_field"
    parts = (
        "" if across else section_title(pair.section.letter),
        pair.get_direction_display() if pair.direction else "",
    )
    return " · ".join(x for x in parts if x)


def ranking_groups(results: SessionResults) -> list[tuple[str, list[dict[str, Any]]]]:
    """Rankings split into their fields: 'Section A · NS', or one list."""
    groups: dict[str, list[dict[str, Any]]] = {}
    for s in results.standings:
        groups.setdefault(field_title(s.pair, results), []).append(
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
                "contract": contract_text(line),
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
                    "contract": contract_text(line),
                    "declarer": line.declarer,
                    "lead": line.lead,
                    "result": tricks_text(line),
                    "score": score,
                    "adjusted": adjusted_label(scored),
                    "points": rounded(shown(mine, results)) if points else None,
                    "top": shown(points.top, results)
                    if points and points.top is not None
                    else None,
                    "percentage": maybe_rounded(
                        points.ns_percentage if ns else points.ew_percentage
                    )
                    if points
                    else None,
                    "running": rounded(shown(running, results)),
                }
            )
    return rows


def frequency_rows(board: ScoredBoard, results: SessionResults) -> list[dict[str, Any]]:
    """How often each score occurred on a board, its points, and who scored it."""
    groups: dict[tuple[int | None, str], list[dict[str, Any]]] = {}
    for row in traveller_rows(board, results):
        key = (row["score_ns"], row["adjusted"] or "")
        groups.setdefault(key, []).append(row)
    ordered = sorted(
        groups.items(), key=lambda kv: (kv[0][0] is None, -(kv[0][0] or 0))
    )
    return [
        {
            "score_ns": score,
            "adjusted": adjusted or None,
            "count": len(rows),
            "ns_points": rows[0]["ns_points"],
            "ew_points": rows[0]["ew_points"],
            "pairs": ", ".join(f"{r['ns']}–{r['ew']}" for r in rows),
        }
        for (score, adjusted), rows in ordered
    ]


# ---- documents: the same rows laid out for PDF and Excel --------------------


def document_of(results: SessionResults, title: str, blocks: list[Block]) -> Document:
    session = results.session
    event = session.event
    if event.sessions.count() > 1:
        session_no = _("Session %(number)s") % {"number": session.number}
        title = f"{title} · {session_no}"
    return Document(
        title=title,
        club=event.club.name if event.club else "",
        event=event.name,
        day=session.date or event.date,
        blocks=tuple(blocks),
    )


def _table(title: str, columns: list[Column], rows: list[dict[str, Any]]) -> Table:
    keys = [c.key for c in columns]
    return Table(
        title, tuple(columns), tuple({k: r.get(k) for k in keys} for r in rows)
    )


def ranking_columns() -> list[Column]:
    return [
        Column("rank", _("Rank")),
        Column("label", _("Pair")),
        Column("names", _("Players")),
        Column("score", _("Score"), Kind.DECIMAL),
        Column("percentage", _("%"), Kind.PERCENT),
        Column("boards", _("Boards"), Kind.INT),
    ]


def ranking_tables(results: SessionResults) -> list[Table]:
    tables = []
    for title, rows in ranking_groups(results):
        for row in rows:
            row["label"] = row["pair"].label
        tables.append(
            _table(
                title or _("Ranking"),
                _without_percentages(ranking_columns(), results),
                rows,
            )
        )
    return tables


def ranking_document(results: SessionResults) -> Document:
    return document_of(results, _("Ranking"), list(ranking_tables(results)))


def _points_by_pair(results: SessionResults) -> dict[tuple[int, int], Decimal | None]:
    points: dict[tuple[int, int], Decimal | None] = {}
    for board in results.boards:
        for scored in board.lines:
            line, p = scored.line, scored.points
            ns = rounded(shown(p.ns, results)) if p else None
            ew = rounded(shown(p.ew, results)) if p else None
            points[line.ns_pair_id, board.number] = ns
            points[line.ew_pair_id, board.number] = ew
    return points


def recap_tables(results: SessionResults) -> list[Table]:
    """Pair × board grid of points with the total, one table per ranking group."""
    numbers = sorted({b.number for b in results.boards})
    points = _points_by_pair(results)
    columns = [Column("label", _("Pair"))]
    columns += [Column(f"b{n}", str(n), Kind.DECIMAL) for n in numbers]
    columns += [
        Column("score", _("Total"), Kind.DECIMAL),
        Column("percentage", _("%"), Kind.PERCENT),
        Column("rank", _("Rank")),
    ]
    tables = []
    for title, rows in ranking_groups(results):
        for row in rows:
            row["label"] = row["pair"].label
            row.update({f"b{n}": points.get((row["pair"].pk, n)) for n in numbers})
        tables.append(
            _table(title or _("Recap"), _without_percentages(columns, results), rows)
        )
    return tables


def traveller_columns() -> list[Column]:
    return [
        Column("table", _("Table"), Kind.INT),
        Column("ns", _("NS")),
        Column("ew", _("EW")),
        Column("contract", _("Contract")),
        Column("declarer", _("By")),
        Column("lead", _("Lead")),
        Column("result", _("Result")),
        Column("score_ns", _("NS score"), Kind.INT),
        Column("adjusted", _("Adjusted")),
        Column("ns_points", _("NS points"), Kind.DECIMAL),
        Column("ew_points", _("EW points"), Kind.DECIMAL),
        Column("ns_pct", _("NS %"), Kind.PERCENT),
    ]


def board_deals(results: SessionResults) -> dict[int, Deal]:
    """The known deals of the session by board number."""
    deals = {}
    for number, pbn in results.session.boards.values_list("number", "deal"):
        hands = pbn_hands(pbn or "")
        if hands:
            deals[number] = Deal(
                number, dealer(number).value, vulnerability(number).value, hands
            )
    return deals


def board_title(board: ScoredBoard) -> str:
    parts = [_("Board %(number)s") % {"number": board.number}]
    if board.section:
        parts.append(section_title(board.section.letter))
    if board.datum is not None:
        parts.append(_("Datum %(datum)s") % {"datum": board.datum})
    return " · ".join(parts)


def _without_percentages(
    columns: list[Column], results: SessionResults
) -> list[Column]:
    """IMP events have no percentages: their columns would stay empty."""
    if not results.in_imps:
        return columns
    return [c for c in columns if c.kind is not Kind.PERCENT]


def traveller_blocks(results: SessionResults) -> list[Block]:
    deals = board_deals(results)
    blocks: list[Block] = []
    for board in results.boards:
        if board.number in deals:
            blocks.append(deals[board.number])
        rows = traveller_rows(board, results)
        columns = _without_percentages(traveller_columns(), results)
        blocks.append(_table(board_title(board), columns, rows))
    return blocks


def traveller_document(results: SessionResults) -> Document:
    return document_of(results, _("Travellers"), traveller_blocks(results))


def scorecard_columns() -> list[Column]:
    return [
        Column("board", _("Board"), Kind.INT),
        Column("round", _("Round"), Kind.INT),
        Column("direction", _("Sat")),
        Column("opponents", _("Opponents")),
        Column("contract", _("Contract")),
        Column("declarer", _("By")),
        Column("lead", _("Lead")),
        Column("result", _("Result")),
        Column("score", _("Score"), Kind.INT),
        Column("points", _("Points"), Kind.DECIMAL),
        Column("percentage", _("%"), Kind.PERCENT),
        Column("running", _("Total"), Kind.DECIMAL),
    ]


def scorecard_tables(results: SessionResults) -> list[Table]:
    """One personal scorecard per pair, in ranking order, never split."""
    tables = []
    for standing in results.standings:
        pair = standing.pair
        title = _("Pair %(pair)s") % {"pair": pair.label}
        title = f"{title} · {pair.names}" if pair.names else title
        rows = scorecard_rows(pair.pk, results)
        table = _table(title, _without_percentages(scorecard_columns(), results), rows)
        tables.append(replace(table, keep_together=True))
    return tables


def hand_record_blocks(results: SessionResults) -> list[Block]:
    return hand_record_pages(list(board_deals(results).values()))


def hand_record_document(results: SessionResults) -> Document:
    return document_of(results, _("Hand records"), hand_record_blocks(results))


def session_document(results: SessionResults) -> Document:
    """Every report of a session, each part starting on a new page."""
    parts: list[list[Block]] = [
        list(ranking_tables(results)),
        list(recap_tables(results)),
        traveller_blocks(results),
        list(scorecard_tables(results)),
        hand_record_blocks(results),
    ]
    return parts_document(results, parts)


def parts_document(results: SessionResults, parts: list[list[Block]]) -> Document:
    """The session's results: each non-empty part starts on a new page."""
    blocks: list[Block] = []
    for part in filter(None, parts):
        blocks += [PageBreak(), *part] if blocks else part
    return document_of(results, _("Results"), blocks)


def workbook_sheets(results: SessionResults) -> list[tuple[str, Document]]:
    """The workbook's sheets: name (in the active language) and content."""
    return [
        (_("Ranking"), document_of(results, _("Ranking"), ranking_tables(results))),
        (_("Recap"), document_of(results, _("Recap"), recap_tables(results))),
        (_("Travellers"), traveller_document(results)),
        (
            _("Scorecards"),
            document_of(results, _("Scorecards"), scorecard_tables(results)),
        ),
    ]
