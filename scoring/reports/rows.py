"""The rows of the pairs reports, for every pairs family (matchpoints and IMPs):
rankings by field, travellers, frequencies and personal scorecards.

A row holds the values a report shows (rounded once, in the event's units); a
percentage or a top is None in IMPs, a datum None outside Butler.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from decimal import Decimal
from fractions import Fraction

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from movements.moves import LINE_NAMES
from scoring.engine.policy import SectionScoring, SingleBoards
from scoring.standings import ScoredBoard, ScoredLine, SessionResults, Standing
from scoring.standings.results import side_percentage, side_top
from tournaments.models import Pair

from .lines import adjusted_label, contract_text, lead_label, tricks_text
from .numbers import maybe_rounded, rounded, shown
from .seats import opponents_label, partner_label, players_text, side_label

__all__ = [
    "FrequencyRow",
    "RankingRow",
    "ScorecardRow",
    "TravellerRow",
    "field_title",
    "frequency_rows",
    "ranking_groups",
    "scorecard_rows",
    "section_title",
    "single_boards_note",
    "traveller_rows",
]


@dataclass(frozen=True)
class RankingRow:
    rank: str
    pair: Pair
    label: str
    names: str
    score: Decimal
    percentage: Decimal | None
    boards: int
    handicap: Decimal | None = None  # handicapped events only
    handicapped: Decimal | None = None


@dataclass(frozen=True)
class TravellerRow:
    scored: ScoredLine
    table: int | None
    ns: str
    ew: str
    contract: str
    declarer: str
    lead: str
    result: str
    score_ns: int | None
    adjusted: str | None
    ns_points: Decimal | None
    ew_points: Decimal | None
    ns_pct: Decimal | None
    players: str = ""  # an individual's four players by seat


@dataclass(frozen=True)
class ScorecardRow:
    board: int
    round: int | None
    direction: str
    opponents: str
    contract: str
    declarer: str
    lead: str
    result: str
    score: int | None
    datum: int | None
    adjusted: str | None
    points: Decimal | None
    top: Decimal | None
    percentage: Decimal | None
    running: Decimal
    partner: str = ""  # an individual's partner on the board


@dataclass(frozen=True)
class FrequencyRow:
    score_ns: int | None
    adjusted: str | None
    count: int
    ns_points: Decimal | None
    ew_points: Decimal | None
    pairs: str


def section_title(letter: str) -> str:
    return _("Section %(letter)s") % {"letter": letter}


def compass_title(compass: str) -> str:
    """A Rainbow individual's compass line, ranked on its own."""
    titles = {
        "N": _("North players"),
        "E": _("East players"),
        "S": _("South players"),
        "W": _("West players"),
    }
    return titles.get(compass, "")


def single_boards_note(results: SessionResults) -> str:
    """How the ranking counts the boards played once, when it has any (in
    matchpoints: a board in IMPs is scored against its datum)."""
    count = results.boards_played_once
    if not count or results.in_imps:
        return ""
    if results.policy.single_boards is SingleBoards.OMITTED:
        text = ngettext(
            "%(count)s board played once is left out: percentages over the "
            "boards compared",
            "%(count)s boards played once are left out: percentages over the "
            "boards compared",
            count,
        )
    else:
        text = ngettext(
            "%(count)s board played once counts 50 %% for both sides",
            "%(count)s boards played once count 50 %% for both sides",
            count,
        )
    return text % {"count": count}


def field_title(pair: Pair, results: SessionResults, compass: str = "") -> str:
    """The field a pair is ranked in: 'Section A · North-South', or ''; a
    Rainbow individual's player's: 'Section A · North players'."""
    across = results.policy.section_scoring is SectionScoring.ACROSS_FIELD
    parts = (
        "" if across else section_title(pair.section.letter),
        pair.get_direction_display() if pair.direction else "",
        compass_title(compass),
    )
    return " · ".join(x for x in parts if x)


def ranking_groups(results: SessionResults) -> list[tuple[str, list[RankingRow]]]:
    """Rankings split into their fields: 'Section A · NS', or one list."""
    groups: dict[str, list[RankingRow]] = {}
    titles: dict[tuple[str, str, str], str] = {}  # translated once per field
    across = results.policy.section_scoring is SectionScoring.ACROSS_FIELD
    was: dict[int, tuple[Standing, RankingRow]] = results.report_memo.ranking
    now: dict[int, tuple[Standing, RankingRow]] = {}
    for s in results.standings:
        field = ("" if across else s.pair.section.letter, s.pair.direction, s.compass)
        if field not in titles:
            titles[field] = field_title(s.pair, results, s.compass)
        now[s.pair.pk] = hit = _ranking_row(s, was.get(s.pair.pk), results)
        groups.setdefault(titles[field], []).append(hit[1])
    results.report_memo.ranking = now
    return list(groups.items())


def _ranking_row(
    s: Standing, was: tuple[Standing, RankingRow] | None, results: SessionResults
) -> tuple[Standing, RankingRow]:
    """A standing's row; the row kept from an earlier version of the results
    when the standing is the same, its numbers when only its place moved."""
    if was is not None and was[0] is s:
        return was
    if was is not None and _numbers(was[0]) == _numbers(s):
        return s, replace(was[1], rank=s.rank)
    row = RankingRow(
        rank=s.rank,
        pair=s.pair,
        label=s.pair.label,
        names=s.pair.names if was is None else was[1].names,
        score=rounded(shown(s.total, results)),
        percentage=maybe_rounded(s.percentage),
        boards=s.boards,
        handicap=maybe_rounded(s.handicap),
        handicapped=maybe_rounded(s.handicapped),
    )
    return s, row


def _numbers(s: Standing) -> tuple[object, ...]:
    return (s.total, s.percentage, s.boards, s.handicap, s.handicapped)


def _shown_points(value: Fraction | None, results: SessionResults) -> Decimal | None:
    return None if value is None else rounded(shown(value, results))


def traveller_rows(board: ScoredBoard, results: SessionResults) -> list[TravellerRow]:
    return [_traveller_row(scored, results) for scored in board.lines]


def _traveller_row(scored: ScoredLine, results: SessionResults) -> TravellerRow:
    line, points = scored.line, scored.points
    return TravellerRow(
        scored=scored,
        table=line.table,
        ns=side_label(line, "NS"),
        ew=side_label(line, "EW"),
        contract=contract_text(line),
        declarer=line.declarer,
        lead=lead_label(line.lead),
        result=tricks_text(line),
        score_ns=line.score_ns,
        adjusted=adjusted_label(line, scored.assigned),
        ns_points=_shown_points(points.ns if points else None, results),
        ew_points=_shown_points(points.ew if points else None, results),
        ns_pct=maybe_rounded(side_percentage(points, "NS")),
        players=players_text(line) if results.individual else "",
    )


def scorecard_rows(pair_id: int, results: SessionResults) -> list[ScorecardRow]:
    rows, running = [], Fraction(0)
    for board, scored in results.pair_lines(pair_id):
        line, sits = scored.line, scored.sits(pair_id)
        mine = scored.mine(pair_id)
        running += mine or 0
        sign = 1 if sits == "NS" else -1
        top = side_top(scored.points, sits)
        rows.append(
            ScorecardRow(
                board=board.number,
                round=line.round,
                direction=str(LINE_NAMES[sits]),
                opponents=opponents_label(line, sits),
                contract=contract_text(line),
                declarer=line.declarer,
                lead=lead_label(line.lead),
                result=tricks_text(line),
                score=None if line.score_ns is None else sign * line.score_ns,
                datum=None if board.datum is None else sign * board.datum,
                adjusted=adjusted_label(line, scored.assigned),
                points=_shown_points(mine, results),
                top=None if top is None else rounded(shown(top, results)),
                percentage=maybe_rounded(side_percentage(scored.points, sits)),
                running=rounded(shown(running, results)),
                partner=partner_label(line, pair_id) if results.individual else "",
            )
        )
    return rows


def frequency_rows(board: ScoredBoard, results: SessionResults) -> list[FrequencyRow]:
    """How often each score occurred on a board, its points, and who scored it."""
    groups: dict[tuple[int | None, str], list[TravellerRow]] = {}
    for row in traveller_rows(board, results):
        groups.setdefault((row.score_ns, row.adjusted or ""), []).append(row)
    ordered = sorted(
        groups.items(), key=lambda kv: (kv[0][0] is None, -(kv[0][0] or 0))
    )
    return [
        FrequencyRow(
            score_ns=score,
            adjusted=adjusted or None,
            count=len(rows),
            ns_points=rows[0].ns_points,
            ew_points=rows[0].ew_points,
            pairs=", ".join(_versus(r, results) for r in rows),
        )
        for (score, adjusted), rows in ordered
    ]


def _versus(row: TravellerRow, results: SessionResults) -> str:
    """'3–5' for two pairs; '8–1 v 12–9' for an individual's partnerships."""
    return f"{row.ns} v {row.ew}" if results.individual else f"{row.ns}–{row.ew}"
