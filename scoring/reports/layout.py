"""The pairs reports laid out as Documents: ranking, recap, travellers (with the
deal), personal scorecards and hand records; the same rows the pages show."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from decimal import Decimal

from django.utils.translation import gettext as _

from scoring.documents.document import (
    Block,
    Cell,
    Column,
    Deal,
    Document,
    Kind,
    PageBreak,
    Table,
    folding,
    hand_record_pages,
    pbn_hands,
)
from scoring.engine.boards import dealer, vulnerability
from scoring.standings import ScoredBoard, SessionResults
from tournaments.models import Pair

from .numbers import rounded, shown
from .rows import (
    RankingRow,
    frequency_rows,
    ranking_groups,
    scorecard_rows,
    section_title,
    single_boards_note,
    traveller_rows,
)

__all__ = [
    "board_deals",
    "board_title",
    "document_of",
    "frequency_table",
    "hand_record_blocks",
    "is_handicapped",
    "parts_document",
    "ranking_document",
    "ranking_fields",
    "ranking_tables",
    "recap_tables",
    "report_table",
    "scorecard_table",
    "scorecard_tables",
    "session_document",
    "traveller_blocks",
    "traveller_document",
    "traveller_table",
    "workbook_sheets",
]


def document_of(
    results: SessionResults, title: str, blocks: Iterable[Block]
) -> Document:
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


def report_table(
    title: str,
    columns: Sequence[Column],
    rows: Iterable[object],
    *,
    keys: tuple[object, ...] = (),
    keep_together: bool = False,
) -> Table:
    """A Table of typed rows: each column's cell is the row's attribute."""
    cells = tuple({c.key: _cell(row, c.key) for c in columns} for row in rows)
    return Table(title, tuple(columns), cells, keep_together, keys)


def _cell(row: object, key: str) -> Cell:
    value = getattr(row, key)
    assert value is None or isinstance(value, str | int | Decimal)
    return value


def _columns(columns: list[Column], results: SessionResults) -> list[Column]:
    """IMP events have no percentages: their columns would stay empty."""
    if not results.in_imps:
        return columns
    return [c for c in columns if c.kind is not Kind.PERCENT]


# What a phone shows on a row's first line (issue 17); the rest folds.
RANKING_KEPT = frozenset(
    {"rank", "label", "names", "score", "percentage", "handicapped"}
)
TRAVELLER_KEPT = frozenset(
    {"ns", "ew", "contract", "result", "score_ns", "ns_points", "ew_points"}
)
SCORECARD_KEPT = frozenset(
    {"board", "contract", "result", "score", "points", "percentage"}
)
FREQUENCY_KEPT = frozenset({"score_ns", "count", "ns_points", "ew_points"})
EVENT_RANKING_KEPT = frozenset({"rank", "names", "score", "percentage"})


def ranking_columns(
    *, handicapped: bool = False, swiss: bool = False, individual: bool = False
) -> list[Column]:
    """The ranking's columns; a handicapped event shows the raw percentage, the
    handicap and the handicapped percentage it is ranked on; Swiss pairs rank
    on VPs over the matches played; an individual ranks players by number."""
    if handicapped:
        percentages = [
            Column("percentage", _("Raw %"), Kind.PERCENT),
            Column("handicap", _("Handicap"), Kind.DECIMAL),
            Column("handicapped", _("Handicapped %"), Kind.PERCENT),
        ]
    else:
        percentages = [Column("percentage", _("%"), Kind.PERCENT)]
    columns = [
        Column("rank", _("Rank")),
        Column("label", _("Player") if individual else _("Pair")),
        Column("names", _("Name") if individual else _("Players")),
        Column("score", _("VPs") if swiss else _("Score"), Kind.DECIMAL),
        *percentages,
        Column("boards", _("Matches") if swiss else _("Boards"), Kind.INT),
    ]
    return folding(columns, RANKING_KEPT)


def is_handicapped(results: SessionResults) -> bool:
    return results.policy.handicap is not None and not results.in_imps


def ranking_fields(
    results: SessionResults,
) -> list[tuple[str, list[RankingRow], Table]]:
    """Each field's title ('' for a single field), rows and ranking table; the
    titles say how boards played once count, when there are any."""
    handicapped = is_handicapped(results)
    swiss = results.family.key == "swiss_pairs"
    columns = _columns(
        ranking_columns(
            handicapped=handicapped, swiss=swiss, individual=results.individual
        ),
        results,
    )
    shape = tuple(c.key for c in columns)
    was: dict[int, tuple[RankingRow, dict[str, Cell]]]
    kept_shape, was = results.report_memo.ranking_cells
    was = was if kept_shape == shape else {}
    now: dict[int, tuple[RankingRow, dict[str, Cell]]] = {}
    fields = []
    note = single_boards_note(results)
    for title, rows in ranking_groups(results):
        for row in rows:  # a row kept from the last version keeps its cells
            hit = was.get(row.pair.pk)
            if hit is None or hit[0] is not row:
                hit = (row, {c.key: _cell(row, c.key) for c in columns})
            now[row.pair.pk] = hit
        cells = tuple(now[row.pair.pk][1] for row in rows)
        keys = tuple(row.pair.pk for row in rows)
        heading = " · ".join(x for x in (title or _("Ranking"), note) if x)
        table = Table(heading, tuple(columns), cells, False, keys)
        fields.append((" · ".join(x for x in (title, note) if x), rows, table))
    results.report_memo.ranking_cells = (shape, now)
    return fields


def ranking_tables(results: SessionResults) -> list[Table]:
    return [table for _title, _rows, table in ranking_fields(results)]


def _points_by_pair(results: SessionResults) -> dict[tuple[int, int], Cell]:
    points: dict[tuple[int, int], Cell] = {}
    for board in results.boards:
        for scored in board.lines:
            line, p = scored.line, scored.points
            ns = rounded(shown(p.ns, results)) if p else None
            ew = rounded(shown(p.ew, results)) if p else None
            points[line.ns_pair_id, board.number] = ns
            points[line.ew_pair_id, board.number] = ew
            if line.south_id is not None and line.west_id is not None:
                points[line.south_id, board.number] = ns  # an individual's partners
                points[line.west_id, board.number] = ew
    return points


def recap_tables(results: SessionResults) -> list[Table]:
    """Pair × board grid of points with the total, one table per ranking group."""
    numbers = sorted({b.number for b in results.boards})
    points = _points_by_pair(results)
    columns = [Column("label", _("Player") if results.individual else _("Pair"))]
    columns += [Column(f"b{n}", str(n), Kind.DECIMAL) for n in numbers]
    columns += [
        Column("score", _("Total"), Kind.DECIMAL),
        Column("percentage", _("%"), Kind.PERCENT),
        Column("rank", _("Rank")),
    ]
    columns = _columns(columns, results)
    tables = []
    for title, rows in ranking_groups(results):
        cells = tuple(
            {
                "label": row.label,
                **{f"b{n}": points.get((row.pair.pk, n)) for n in numbers},
                "score": row.score,
                "percentage": row.percentage,
                "rank": row.rank,
            }
            for row in rows
        )
        kept = tuple({c.key: r[c.key] for c in columns} for r in cells)
        tables.append(Table(title or _("Recap"), tuple(columns), kept))
    return tables


def traveller_columns(*, individual: bool = False) -> list[Column]:
    """A traveller's columns; an individual's also names the four players."""
    columns = [
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
        *([Column("players", _("Players"))] if individual else []),
    ]
    return folding(columns, TRAVELLER_KEPT)


def ranking_document(results: SessionResults) -> Document:
    return document_of(results, _("Ranking"), ranking_tables(results))


def frequency_table(board: ScoredBoard, results: SessionResults) -> Table:
    columns = [
        Column("score_ns", _("NS score"), Kind.INT),
        Column("adjusted", _("Adjusted")),
        Column("count", _("Times"), Kind.INT),
        Column("ns_points", _("NS points"), Kind.DECIMAL),
        Column("ew_points", _("EW points"), Kind.DECIMAL),
        Column("pairs", _("Players") if results.individual else _("Pairs")),
    ]
    return report_table(
        _("Frequencies"),
        folding(columns, FREQUENCY_KEPT),
        frequency_rows(board, results),
    )


def board_deals(results: SessionResults) -> dict[int, Deal]:
    """The known deals of the session by board number, with their double
    dummy and par once solved (``analyse_deals``)."""
    deals = {}
    for board in results.session.boards.all():
        number = board.number
        hands = pbn_hands(board.deal or "")
        if hands and number not in results.hidden:
            rows = tuple((s, tuple(t)) for s, t in board.double_dummy_rows)
            deals[number] = Deal(
                number, dealer(number).value, vulnerability(number).value, hands,
                double_dummy_rows=rows, par_text=board.par_text,
            )  # fmt: skip
    return deals


def board_title(board: ScoredBoard) -> str:
    parts = [_("Board %(number)s") % {"number": board.number}]
    if board.section:
        parts.append(section_title(board.section.letter))
    if board.datum is not None:
        parts.append(_("Datum %(datum)s") % {"datum": board.datum})
    return " · ".join(parts)


def traveller_table(board: ScoredBoard, results: SessionResults) -> Table:
    columns = _columns(traveller_columns(individual=results.individual), results)
    return report_table(board_title(board), columns, traveller_rows(board, results))


def traveller_document(results: SessionResults) -> Document:
    return document_of(results, _("Travellers"), traveller_blocks(results))


def traveller_blocks(results: SessionResults) -> list[Block]:
    deals = board_deals(results)
    blocks: list[Block] = []
    for board in results.boards:
        if board.number in deals:
            blocks.append(deals[board.number])
        blocks.append(traveller_table(board, results))
    return blocks


def scorecard_columns(results: SessionResults, *, page: bool = False) -> list[Column]:
    """A scorecard's columns; a page also shows the adjustment, the datum of a
    Butler event and the top of each board."""
    datums = page and any(b.datum is not None for b in results.boards)
    columns = [
        Column("board", _("Board"), Kind.INT),
        Column("round", _("Round"), Kind.INT),
        Column("direction", _("Sat")),
        *([Column("partner", _("Partner"))] if results.individual else []),
        Column("opponents", _("Opponents")),
        Column("contract", _("Contract")),
        Column("declarer", _("By")),
        Column("lead", _("Lead")),
        Column("result", _("Result")),
        Column("score", _("Score"), Kind.INT),
        *([Column("datum", _("Datum"), Kind.INT)] if datums else []),
        *([Column("adjusted", _("Adjusted"))] if page else []),
        Column("points", _("Points"), Kind.DECIMAL),
        *([Column("top", _("Top"), Kind.DECIMAL)] if page else []),
        Column("percentage", _("%"), Kind.PERCENT),
        Column("running", _("Total"), Kind.DECIMAL),
    ]
    return _columns(folding(columns, SCORECARD_KEPT), results)


def scorecard_table(
    pair: Pair, results: SessionResults, *, page: bool = False
) -> Table:
    """A pair's (an individual's player's) personal scorecard, never split
    over pages."""
    if results.individual:
        title = _("Player %(player)s") % {"player": pair.label}
    else:
        title = _("Pair %(pair)s") % {"pair": pair.label}
    title = f"{title} · {pair.names}" if pair.names else title
    rows = scorecard_rows(pair.pk, results)
    columns = scorecard_columns(results, page=page)
    if results.in_imps:
        columns = [c for c in columns if c.key != "top"]
    return report_table(title, columns, rows, keep_together=True)


def scorecard_tables(results: SessionResults) -> list[Table]:
    """One personal scorecard per pair, in ranking order."""
    return [scorecard_table(s.pair, results) for s in results.standings]


def hand_record_blocks(results: SessionResults, per_page: int = 4) -> list[Block]:
    return hand_record_pages(list(board_deals(results).values()), per_page)


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
        (_("Ranking"), ranking_document(results)),
        (_("Recap"), document_of(results, _("Recap"), recap_tables(results))),
        (_("Travellers"), traveller_document(results)),
        (
            _("Scorecards"),
            document_of(results, _("Scorecards"), scorecard_tables(results)),
        ),
    ]
