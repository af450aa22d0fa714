"""A pairs event in a PBN results file (matchpoints, or IMPs: Butler and
cross-IMPs write IMP_NS/IMP_EW and TotalIMP): each board's ScoreTable and
the TotalScoreTable (PBN 2.1 §5.7, §5.8; formats.md §2), as written by Magic
Contest and Ruter, JFR, Bridge Composer or our own export. Nothing is scored
here: cells are read by their column names, as written, for the importer to
re-score and compare.

Producers differ, and the reader accepts what they write: scores as numbers or
quoted strings, ``-`` or ``?`` for an empty cell, a ``Bye`` row (no NS pair) for
a pair sitting out, artificial scores as ``A60``/``A+``/``AVE-`` or with PBN's
caret, pairs numbered once across the field (the TotalScoreTable's ``Direction``
then only says where each pair is ranked) or apart for NS and EW (the same
number listed twice, once per direction). Anything unreadable is refused with
the line named.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from datetime import date
from decimal import Decimal
from pathlib import Path
from typing import Any, Final

from .hand_records import check_tags, deals_of, game_board
from .pbn import PbnFile, PbnGame, decode_pbn, parse_pbn
from .problems import FormatError, gettext_noop
from .total_scores import PairInfo, PairKey, Pairs, decimal_cell, pairs_of

__all__ = [
    "PairInfo",
    "PairKey",
    "PbnResults",
    "ResultRow",
    "check_once_per_board",
    "file_header",
    "pbn_results",
    "read_pbn_results",
]

Cell = str | None
# Artificial scores as producers write them (scoring.md §6: A60/A50/A40).
ARTIFICIAL: Final = {
    "A60": "A60", "A50": "A50", "A40": "A40",
    "A+": "A60", "A=": "A50", "A-": "A40",
    "AVE+": "A60", "AVE": "A50", "AVE-": "A40",
    "AVG+": "A60", "AVG": "A50", "AVG-": "A40",
    "60%": "A60", "50%": "A50", "40%": "A40",
}  # fmt: skip
MIRROR: Final = {"A60": "A40", "A50": "A50", "A40": "A60"}
_CODE_PAIR = re.compile(r"^A([456]0)([456]0)$")
_DATE = re.compile(r"^(\d{4})\.(\d{2})\.(\d{2})$")
SIT_OUT: Final = ("BYE", "SITOUT", "SIT-OUT")
POINTS: Final = ("MP", "IMP")  # the units of a ScoreTable's points columns
NO_RESULTS: Final = gettext_noop(
    "the file has no ScoreTable with results (a hand-record file is imported "
    "with import_hands)"
)


@dataclass(frozen=True, slots=True)
class ResultRow:
    """One traveller line of a board's ScoreTable, its cells as written."""

    line: int
    board: int
    ns: PairKey
    ew: PairKey
    contract: str  # "" when the table has no contract (adjusted, not played)
    declarer: str
    result: str  # tricks taken by declarer (some producers: "=", "+1", "-2")
    lead: str
    score_ns: int | None
    artificial: tuple[str, str] | None  # ("A60", "A40")
    table: int | None
    round: int | None
    points: tuple[Decimal | None, Decimal | None]  # MP_NS, MP_EW or IMP_NS, IMP_EW
    percentages: tuple[Decimal | None, Decimal | None]
    partners: tuple[PairKey, PairKey] | None = None  # an individual's South, West


@dataclass(frozen=True)
class PbnResults:
    event: str
    day: date | None
    program: str
    deals: dict[int, str]
    rows: list[ResultRow]
    pairs: Pairs
    totals_line: int = 0
    vulnerable: dict[int, tuple[str, int]] = field(default_factory=dict)
    in_imps: bool = False  # the ScoreTables write IMP_NS/IMP_EW, not MP_NS/MP_EW


def read_pbn_results(path: str | Path) -> PbnResults:
    return pbn_results(parse_pbn(decode_pbn(Path(path).read_bytes())))


def pbn_results(pbn: PbnFile, *, teams: bool = False) -> PbnResults:
    """The file's results; refused when it has no ScoreTable or TotalScoreTable.
    ``teams``: the pairs are teams ("24NS" and "24" alike), each row's the team
    sitting NS and the team sitting EW."""
    check_tags(pbn)
    if not any(game.tag("ScoreTable") for game in pbn.games):
        raise FormatError(NO_RESULTS)
    pairs = pairs_of(pbn)
    units = _units(pbn)
    rows = [row for game in pbn.games for row in _game_rows(game, pairs, units)]
    if not rows:
        raise FormatError(NO_RESULTS)
    if teams:
        rows = [_seated(row) for row in rows]
    check_once_per_board(rows)
    return PbnResults(
        rows=rows, pairs=pairs, in_imps=units == "IMP", **file_header(pbn)
    )


def file_header(pbn: PbnFile) -> dict[str, Any]:
    """What a results file says of itself: event, day, program, the deals and
    each board's Vulnerable tag (``PbnResults``' fields of those names)."""
    first = pbn.games[0] if pbn.games else PbnGame(())
    return {
        "event": first.value("Event") or "",
        "day": _day(first.value("EventDate") or first.value("Date")),
        "program": _program(pbn),
        "deals": {n: record.deal for n, record in deals_of(pbn).items()},
        "vulnerable": _vulnerable(pbn),
    }


def _seated(row: ResultRow) -> ResultRow:
    return replace(
        row,
        ns=PairKey(row.ns.section, row.ns.number, "NS"),
        ew=PairKey(row.ew.section, row.ew.number, "EW"),
    )


def _points_of(game: PbnGame) -> tuple[str, int] | None:
    """ "MP" or "IMP": what the game's ScoreTable writes its points in, with the
    table's line (None: no ScoreTable)."""
    tag, table = game.tag("ScoreTable"), game.table("ScoreTable")
    if tag is None or table is None:
        return None
    names = {c.name for c in table.columns}
    for units in POINTS:
        if f"{units}_NS" in names or f"{units}_EW" in names:
            return units, tag.line
    raise FormatError(
        gettext_noop(
            "line %(line)s: the ScoreTable has neither matchpoints (MP_NS, MP_EW) "
            "nor IMPs (IMP_NS, IMP_EW)"
        ),
        line=tag.line,
    )


def _units(pbn: PbnFile) -> str:
    """What every ScoreTable of the file writes its points in; a file that
    mixes matchpoints and IMPs is refused at its first table of the other kind."""
    found = [kind for game in pbn.games if (kind := _points_of(game))]
    first = found[0][0] if found else "MP"
    for units, line in found:
        if units != first:
            raise FormatError(
                gettext_noop(
                    "line %(line)s: this ScoreTable writes %(units)s, the file's "
                    "first writes %(first)s: one event is scored one way"
                ),
                line=line,
                units=units,
                first=first,
            )
    return first


def _game_rows(game: PbnGame, pairs: Pairs, units: str) -> list[ResultRow]:
    tag = game.tag("ScoreTable")
    table = game.table("ScoreTable")
    if tag is None or table is None:
        return []
    board = game_board(game)
    if board is None:
        raise FormatError(
            gettext_noop("line %(line)s: a ScoreTable without a board number"),
            line=tag.line,
        )
    rows = []
    for line, record in zip(table.lines, table.records(), strict=True):
        row = _row(board, line, record, pairs, units)
        if row is not None:
            rows.append(row)
    return rows


def _row(
    board: int, line: int, cells: dict[str, Cell], pairs: Pairs, units: str
) -> ResultRow | None:
    seats = _seats(cells)
    scores = (cells.get("Score_NS"), cells.get("Score_EW"))
    if None in seats[:2] or any(_sit_out(s) for s in scores):
        return None  # a pair sitting out: no result to import
    section = cells.get("Section") or pairs.default_section
    keys = [
        None if cell is None else pairs.key(section, cell, side, line)
        for cell, side in zip(seats, ("NS", "EW", "NS", "EW"), strict=True)
    ]
    ns, ew, south, west = keys
    assert ns is not None and ew is not None  # checked above
    artificial = _artificial(*scores)
    return ResultRow(
        line=line,
        board=board,
        ns=ns,
        ew=ew,
        partners=None if south is None or west is None else (south, west),
        contract=_text(cells.get("Contract")),
        declarer=_text(cells.get("Declarer")).upper(),
        result=_text(cells.get("Result")),
        lead=_text(cells.get("Lead")),
        score_ns=None if artificial else _score_ns(*scores, line=line),
        artificial=artificial,
        table=_whole(cells.get("Table")),
        round=_whole(cells.get("Round")),
        points=(
            _number(cells, f"{units}_NS", line),
            _number(cells, f"{units}_EW", line),
        ),
        percentages=(
            _number(cells, "Percentage_NS", line),
            _number(cells, "Percentage_EW", line),
        ),
    )


def _seats(cells: dict[str, Cell]) -> tuple[Cell, Cell, Cell, Cell]:
    """NS and EW pairs, or an individual's North, East, South and West
    (PlayerId_North … as Ruter writes them)."""
    if "PlayerId_North" in cells:
        compass = ("North", "East", "South", "West")
        north, east, south, west = (cells.get(f"PlayerId_{c}") for c in compass)
        return north, east, south, west
    return cells.get("PairId_NS"), cells.get("PairId_EW"), None, None


def _text(cell: Cell) -> str:
    return "" if cell is None or cell == "?" else cell.strip()


def _whole(cell: Cell) -> int | None:
    return int(cell) if cell is not None and cell.isdigit() else None


def _sit_out(cell: Cell) -> bool:
    return (cell or "").strip().upper() in SIT_OUT


def _code(cell: Cell) -> str | None:
    return ARTIFICIAL.get((cell or "").strip().lstrip("^").upper())


def _artificial(ns: Cell, ew: Cell) -> tuple[str, str] | None:
    pair = _CODE_PAIR.match((ns or "").strip().lstrip("^").upper())
    if pair:
        return f"A{pair[1]}", f"A{pair[2]}"
    ns_code, ew_code = _code(ns), _code(ew)
    if ns_code and ew_code:
        return ns_code, ew_code
    if ns_code:
        return ns_code, MIRROR[ns_code]
    if ew_code:
        return MIRROR[ew_code], ew_code
    return None


def _score_ns(ns: Cell, ew: Cell, *, line: int) -> int | None:
    """The NS score from Score_NS or Score_EW (None when neither is written)."""
    for cell, sign in ((ns, 1), (ew, -1)):
        text = _text(cell)
        if not text:
            continue
        if not re.fullmatch(r"[+-]?\d+", text):
            raise FormatError(
                gettext_noop("line %(line)s: the score %(value)r is not a number"),
                line=line,
                value=text,
            )
        return sign * int(text)
    return None


def _number(cells: dict[str, Cell], column: str, line: int) -> Decimal | None:
    return decimal_cell(_text(cells.get(column)).lstrip("^"), column, line)


def check_once_per_board(rows: list[ResultRow]) -> None:
    seen: dict[tuple[int, PairKey], int] = {}
    for row in rows:
        for pair in (row.ns, row.ew, *(row.partners or ())):
            first = seen.setdefault((row.board, pair), row.line)
            if first != row.line:
                raise FormatError(
                    gettext_noop(
                        "line %(line)s: pair %(pair)s already played board "
                        "%(board)s (line %(first)s)"
                    ),
                    line=row.line,
                    pair=pair.label,
                    board=row.board,
                    first=first,
                )


def _day(value: str | None) -> date | None:
    match = _DATE.match((value or "").strip())
    if match is None:
        return None
    try:
        return date(int(match[1]), int(match[2]), int(match[3]))
    except ValueError:
        return None


def _program(pbn: PbnFile) -> str:
    for game in pbn.games:
        if game.value("Application"):
            return game.value("Application") or ""
    creator = next((d for d in pbn.directives if d.lower().startswith("creator")), "")
    return creator.partition(":")[2].strip()


def _vulnerable(pbn: PbnFile) -> dict[int, tuple[str, int]]:
    """Each board's Vulnerable tag as written, with its line."""
    found: dict[int, tuple[str, int]] = {}
    for game in pbn.games:
        tag = game.tag("Vulnerable")
        board = game_board(game) if tag is not None else None
        if tag is not None and board is not None:
            found.setdefault(board, (tag.value, tag.line))
    return found
