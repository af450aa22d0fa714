"""PBN 2.1 writer in export format (formats.md §2): a scored session as one
game per board.

Export format as the standard reads it strictly: the file opens with
``% PBN 2.1`` and ``% EXPORT`` and declares its character set (ISO-8859-1, the
standard's own, when every character fits; else UTF-8); every game has the
mandatory tags in the prescribed order (Event, Site, Date, Board, West, North,
East, South, Dealer, Vulnerable, Deal, Scoring, Declarer, Contract, Result),
``?`` for what is not known of the board as a whole (the players, one table's
contract), then its supplemental tags in alphabetical order; tokens are
separated by single spaces, lines end with CR LF and a blank line ends a game.

A board's ScoreTable has a row per traveller line (pairs, contract, declarer,
tricks, lead, the NS or EW score, points; an individual's partnerships as
``8-1`` with their names in Names_NS and Names_EW); an artificial score is written
``^A60``/``^A40`` in the score columns (the caret marks an artificial value).
The first game also carries the TotalScoreTable (rank, pair, names, member
numbers, total, percentage). The double-dummy OptimumResultTable and
OptimumScore are written when the deal is known. An unknown deal is written
``""``: ``?`` is not a deal endplay's parser reads, nor ``N:- - - -`` ours.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Final, Generic, TypeVar

from scoring.engine.boards import dealer, vulnerability
from scoring.engine.types import Vulnerability

from .scored_session import (
    DoubleDummy,
    Entrant,
    Kind,
    Line,
    ScoredBoard,
    ScoredSession,
)

__all__ = ["PbnFile", "double_dummy_tags", "names_cell", "tag_pair", "write_pbn"]

T = TypeVar("T")

LATIN_1: Final = "ISO-8859-1"
UTF_8: Final = "UTF-8"
UNKNOWN: Final = "?"
EMPTY: Final = "-"  # a table element that does not apply
VULNERABLE: Final = {
    Vulnerability.NONE: "None",
    Vulnerability.NS: "NS",
    Vulnerability.EW: "EW",
    Vulnerability.BOTH: "All",
}
SCORING: Final = {
    Kind.MATCHPOINTS: "MP",
    Kind.BUTLER: "IMP",
    Kind.CROSS_IMPS: "IMP",
    Kind.TEAMS: "IMP",
    Kind.BAM: "BAM",
    Kind.SWISS: "IMP",
    Kind.SWISS_PAIRS: "IMP",
}
# Where a string must be quoted: white space, PBN's quote and comment signs.
_PLAIN = re.compile(r'^[^\s";{}]+$')
_CONTROL = re.compile(r"[\x00-\x1f\x7f\x85\u2028\u2029]")


@dataclass(frozen=True, slots=True)
class PbnFile:
    content: bytes
    charset: str

    @property
    def content_type(self) -> str:
        return f"text/x-pbn; charset={self.charset}"


@dataclass(frozen=True, slots=True)
class Column(Generic[T]):
    """A table column: its name, alignment ("L" or "R") and each row's cell."""

    name: str
    align: str
    cell: Callable[[T], str]


def write_pbn(session: ScoredSession, creator: str) -> PbnFile:
    """The session as a PBN 2.1 file in export format."""
    games: list[str] = []
    for index, board in enumerate(session.boards):
        games += _game(session, board, totals=index == 0)
        games.append("")  # a blank line ends the game
    body = "\r\n".join(games)
    charset = LATIN_1 if _fits_latin_1(body + creator) else UTF_8
    head = [
        "% PBN 2.1",
        "% EXPORT",
        f"%Content-type: text/x-pbn; charset={charset}",
        f"%Creator: {_one_line(creator)}",
    ]
    text = "\r\n".join(head) + "\r\n" + body + "\r\n"
    return PbnFile(text.encode(charset), charset)


def _fits_latin_1(text: str) -> bool:
    try:
        text.encode(LATIN_1)
    except UnicodeEncodeError:
        return False
    return True


def _one_line(text: str) -> str:
    """A value kept on its line: line breaks and other controls become spaces."""
    return _CONTROL.sub(" ", text)


def names_cell(names: Iterable[str]) -> str:
    """Players' names as PBN 2.1 §5.9 writes them, separated by ";": a ";" in a
    name, which no reader could tell from the separator, is written ","; line
    breaks and runs of spaces are one space (readers such as endplay's split a
    table's rows at every space)."""
    return ";".join(
        " ".join(_one_line(name).replace(";", ",").split()) for name in names
    )


def tag_pair(name: str, value: str) -> str:
    """A tag pair; a quote or backslash in the value is escaped with a backslash."""
    escaped = _one_line(value).replace("\\", "\\\\").replace('"', '\\"')
    return f'[{name} "{escaped}"]'


_tag = tag_pair


def _columns_tag(name: str, spec: str) -> str:
    """A table's tag pair: its column names and widths as written (``\\2R``)."""
    return f'[{name} "{spec}"]'


def _game(session: ScoredSession, board: ScoredBoard, *, totals: bool) -> list[str]:
    number = board.number
    day = session.day.strftime("%Y.%m.%d") if session.day else "????.??.??"
    lines = [
        _tag("Event", session.name or UNKNOWN),
        _tag("Site", session.club or UNKNOWN),
        _tag("Date", day),
        _tag("Board", str(number)),
        *(_tag(seat, UNKNOWN) for seat in ("West", "North", "East", "South")),
        _tag("Dealer", dealer(number).value),
        _tag("Vulnerable", VULNERABLE[vulnerability(number)]),
        _tag("Deal", board.deal),
        _tag("Scoring", SCORING[session.kind]),
        *(_tag(name, UNKNOWN) for name in ("Declarer", "Contract", "Result")),
        _tag("Competition", "Teams" if session.kind.teams else "Pairs"),
    ]
    lines += _double_dummy(board)
    lines += _table("ScoreTable", _score_columns(session), board.lines)
    if totals:
        lines += _totals(session)
    return lines


def _double_dummy(board: ScoredBoard) -> list[str]:
    return double_dummy_tags(board.double_dummy)


def double_dummy_tags(found: DoubleDummy | None) -> list[str]:
    """OptimumResultTable and OptimumScore of a solved deal (none unsolved)."""
    if found is None:
        return []
    rows = [f"{seat} {strain:>2} {tricks:>2}" for seat, strain, tricks in found.tricks]
    side, score = ("NS", found.par_ns) if found.par_ns >= 0 else ("EW", -found.par_ns)
    return [
        _columns_tag("OptimumResultTable", "Declarer;Denomination\\2R;Result\\2R"),
        *rows,
        _tag("OptimumScore", f"{side} {score}"),
    ]


def _token(value: str) -> str:
    """A table element: as it is, or a quoted string; "-" when empty."""
    value = _one_line(value).strip()
    if not value:
        return EMPTY
    if _PLAIN.match(value):
        return value
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _table(name: str, columns: Sequence[Column[T]], rows: Sequence[T]) -> list[str]:
    """A table section: the columns with their widths, then a row per item."""
    cells = [[_token(column.cell(row)) for column in columns] for row in rows]
    widths = [max([1, *(len(r[i]) for r in cells)]) for i in range(len(columns))]
    spec = ";".join(
        f"{column.name}\\{width}{column.align}"
        for column, width in zip(columns, widths, strict=True)
    )
    lines = [_columns_tag(name, spec)]
    for row in cells:
        padded = [
            cell.rjust(width) if column.align == "R" else cell.ljust(width)
            for cell, width, column in zip(row, widths, columns, strict=True)
        ]
        lines.append(" ".join(padded))
    return lines


def _score_columns(session: ScoredSession) -> list[Column[Line]]:
    lines = [x for board in session.boards for x in board.lines]
    columns: list[Column[Line]] = []
    if session.sections > 1:
        columns.append(Column("Section", "L", lambda x: x.section))
    if any(x.table is not None for x in lines):
        columns.append(Column("Table", "R", lambda x: _whole(x.table)))
    if any(x.round is not None for x in lines):
        columns.append(Column("Round", "R", lambda x: _whole(x.round)))
    points = "IMP" if session.in_imps else "MP"
    columns += [
        Column("PairId_NS", "R", _side_ns),
        Column("PairId_EW", "R", _side_ew),
        *_names_columns(session),
        Column("Contract", "L", _contract),
        Column("Declarer", "R", lambda x: x.declarer),
        Column("Result", "R", lambda x: _whole(x.tricks)),
        Column("Lead", "L", lambda x: x.lead),
        Column("Score_NS", "R", _score_ns),
        Column("Score_EW", "R", _score_ew),
        Column(f"{points}_NS", "R", lambda x: x.ns_points),
        Column(f"{points}_EW", "R", lambda x: x.ew_points),
    ]
    if not session.in_imps:
        columns += [
            Column("Percentage_NS", "R", lambda x: x.ns_percentage),
            Column("Percentage_EW", "R", lambda x: x.ew_percentage),
        ]
    return columns


def _side_ns(line: Line) -> str:
    """The NS pair, or an individual's North and South: "8-1"."""
    return f"{line.ns}-{line.south}" if line.south else line.ns


def _side_ew(line: Line) -> str:
    return f"{line.ew}-{line.west}" if line.west else line.ew


def _names_columns(session: ScoredSession) -> list[Column[Line]]:
    """An individual's partnerships change every round: each line names them."""
    if not session.individual:
        return []
    return [
        Column("Names_NS", "L", lambda x: x.names_ns),
        Column("Names_EW", "L", lambda x: x.names_ew),
    ]


def _whole(value: int | None) -> str:
    return "" if value is None else str(value)


def _contract(line: Line) -> str:
    return "Pass" if line.contract == "PASS" else line.contract


def _score_ns(line: Line) -> str:
    if line.artificial is not None:
        return "^" + line.artificial[0]
    if line.score_ns is None or line.score_ns < 0:
        return ""
    return str(line.score_ns)


def _score_ew(line: Line) -> str:
    if line.artificial is not None:
        return "^" + line.artificial[1]
    if line.score_ns is None or line.score_ns >= 0:
        return ""
    return str(-line.score_ns)


def _totals(session: ScoredSession) -> list[str]:
    """The TotalScoreTable: rank, pair (a team: number and name), names, member
    numbers when known, total and percentage."""
    entrants = session.standings
    columns: list[Column[Entrant]] = [Column("Rank", "R", lambda x: x.place)]
    if session.sections > 1:
        columns.append(Column("Section", "L", lambda x: x.section))
    columns.append(Column("PairId", "R", lambda x: x.number))
    if session.kind.teams:
        columns += [
            Column("Names", "L", lambda x: x.name),
            Column("TotalScore", "R", lambda x: x.total),
        ]
        return _table("TotalScoreTable", columns, entrants)
    columns.append(Column("Names", "L", _pair_names))
    if any(p.national_id for x in entrants for p in x.players):
        columns += [
            Column("MemberID1", "L", lambda x: _member(x, 0)),
            Column("MemberID2", "L", lambda x: _member(x, 1)),
        ]
    if any(x.carry_over for x in entrants):
        columns.append(Column("ScoreCarryOver", "R", lambda x: x.carry_over))
    if session.in_imps:
        columns.append(Column("TotalIMP", "R", lambda x: x.total))
    else:
        columns += [
            Column("TotalMP", "R", lambda x: x.total),
            Column("TotalPercentage", "R", lambda x: x.percentage),
        ]
    return _table("TotalScoreTable", columns, entrants)


def _pair_names(entrant: Entrant) -> str:
    return names_cell(player.name for player in entrant.players)


def _member(entrant: Entrant, index: int) -> str:
    players = entrant.players
    return players[index].national_id if index < len(players) else ""
