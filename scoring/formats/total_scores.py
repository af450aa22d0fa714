"""The pairs of a PBN results file, from its TotalScoreTable (PBN 2.1 §5.8).

Producers number pairs two ways. Most number every pair once across the field
(Ruter, Magic Contest: 1 to 14) and say in a ``Direction`` column where a pair is
ranked; a pair may then sit the other way on some boards (an arrow switch). Some
number NS and EW apart (1NS … 7NS, 1EW … 7EW): the same number is then listed
twice, once per direction, and a ScoreTable's column says which pair it is.
An individual's table lists players (``PlayerId``, as Ruter writes it), each
then keyed as a pair is: the event's players are its "pairs".
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, replace
from decimal import Decimal, InvalidOperation
from typing import Final

from .pbn import PbnFile, PbnTable
from .problems import FormatError, gettext_noop

__all__ = ["PairInfo", "PairKey", "Pairs", "pairs_of", "split_names"]

DEFAULT_SECTION: Final = "A"
DIRECTIONS: Final = {
    "NS": "NS", "N-S": "NS", "N/S": "NS", "N": "NS",
    "EW": "EW", "E-W": "EW", "E/W": "EW", "E": "EW", "OW": "EW", "O-W": "EW",
}  # fmt: skip
TOTAL_COLUMNS: Final = ("TotalScoreMP", "TotalMP", "TotalIMP", "TotalScoreIMP")
_PAIR_ID = re.compile(r"^(?P<number>\d+)\s*(?P<direction>NS|EW|N-S|E-W)?$", re.I)
_NAME_SEPARATORS = re.compile(r"\s+[-–&/]\s+|\s*&\s*|\s*/\s*")

Cell = str | None
PAIR_ID, PLAYER_ID = "PairId", "PlayerId"


@dataclass(frozen=True, slots=True, order=True)
class PairKey:
    section: str
    number: int
    direction: str  # "NS" or "EW" when the file numbers them apart, else ""

    @property
    def label(self) -> str:
        return f"{self.number}{self.direction}"


@dataclass(frozen=True, slots=True)
class PairInfo:
    """A TotalScoreTable row: where the pair is ranked, who, and its totals."""

    key: PairKey
    line: int
    direction: str  # "NS", "EW" or "" (one field)
    names: tuple[str, ...]
    member_ids: tuple[str, ...]
    total: Decimal | None
    percentage: Decimal | None


@dataclass(frozen=True)
class Pairs:
    apart: bool  # NS and EW pairs numbered apart
    listed: dict[PairKey, PairInfo]
    line: int  # the TotalScoreTable's tag
    default_section: str = DEFAULT_SECTION
    individual: bool = False  # a TotalScoreTable of players (PlayerId)

    @property
    def two_winners(self) -> bool:
        return any(info.direction for info in self.listed.values())

    def key(self, section: str, cell: str, side: str, line: int) -> PairKey:
        """The pair a ScoreTable's PairId_NS/PairId_EW cell names."""
        match = _PAIR_ID.match(cell.strip())
        if match is None:
            raise FormatError(
                gettext_noop("line %(line)s: pair %(value)r is not a pair number"),
                line=line,
                value=cell,
            )
        if not self.apart:
            return PairKey(section, int(match["number"]), "")
        # "3EW" sitting NS (an arrow switch) is still pair 3EW.
        written = DIRECTIONS.get((match["direction"] or "").upper(), side)
        return PairKey(section, int(match["number"]), written)


def pairs_of(pbn: PbnFile) -> Pairs:
    """The pairs of every TotalScoreTable of the file (refused when none)."""
    found = [
        (tag.line, table)
        for game in pbn.games
        if (tag := game.tag("TotalScoreTable")) is not None
        and (table := game.table("TotalScoreTable")) is not None
    ]
    if not found:
        return _pairs_from_scores(pbn)
    rows = [row for line, table in _once(found) for row in _rows(line, table)]
    individual = any(_id_column(line, table) == PLAYER_ID for line, table in found)
    apart = _numbered_apart(rows)
    listed = {}
    for info in rows:
        key = replace(info.key, direction=info.direction if apart else "")
        listed[key] = replace(info, key=key)
    return Pairs(apart=apart, listed=listed, line=found[0][0], individual=individual)


def _pairs_from_scores(pbn: PbnFile) -> Pairs:
    """The pairs the ScoreTables name, when no TotalScoreTable lists them
    (Bridgewebs, Magic Contest write a ScoreTable per board only): numbered
    apart when one board has a number on both sides (a Mitchell), else one
    field. Without totals to check, the lines are checked and the totals ours."""
    seats: list[tuple[int, int, str, str, str]] = []  # line, board, section, ...
    for board, game in enumerate(pbn.games):
        tag, table = game.tag("ScoreTable"), game.table("ScoreTable")
        if tag is None or table is None:
            continue
        for line, cells in zip(table.lines, table.records(), strict=True):
            section = (cells.get("Section") or DEFAULT_SECTION).strip()
            for side in ("NS", "EW"):
                found = _PAIR_ID.match((cells.get(f"PairId_{side}") or "").strip())
                if found is not None:
                    seats.append((line, board, section, str(found["number"]), side))
    if not seats:
        raise FormatError(
            gettext_noop("the file has no TotalScoreTable to check its totals against")
        )
    sides: dict[tuple[int, str, str], set[str]] = defaultdict(set)
    for _line, board, section, number, side in seats:
        sides[board, section, number].add(side)
    apart = any(len(sat) == 2 for sat in sides.values())
    always: dict[tuple[str, str], set[str]] = defaultdict(set)
    for (_board, section, number), sat in sides.items():
        always[section, number] |= sat
    listed: dict[PairKey, PairInfo] = {}
    for line, _board, section, number, side in seats:
        key = PairKey(section, int(number), side if apart else "")
        # ranked in its direction when it always sat there (a Mitchell)
        ranked = side if len(always[section, number]) == 1 or apart else ""
        listed.setdefault(key, PairInfo(key, line, ranked, (), (), None, None))
    return Pairs(apart=apart, listed=listed, line=seats[0][0])


def _once(found: list[tuple[int, PbnTable]]) -> list[tuple[int, PbnTable]]:
    """Each table once: the PBN standard's reference file writes the same
    TotalScoreTable on several games; its pairs are not listed twice."""
    seen: set[tuple[object, ...]] = set()
    kept = []
    for line, table in found:
        content = (
            tuple(c.name for c in table.columns),
            tuple(tuple(record.items()) for record in table.records()),
        )
        if content not in seen:
            seen.add(content)
            kept.append((line, table))
    return kept


def _id_column(line: int, table: PbnTable) -> str:
    """PairId, or PlayerId in an individual's table (Ruter writes it so)."""
    names = {c.name for c in table.columns}
    for column in (PAIR_ID, PLAYER_ID):
        if column in names:
            return column
    raise FormatError(
        gettext_noop("line %(line)s: the TotalScoreTable has no PairId column"),
        line=line,
    )


def _rows(line: int, table: PbnTable) -> list[PairInfo]:
    column = _id_column(line, table)
    names = {c.name for c in table.columns}
    total = next((c for c in TOTAL_COLUMNS if c in names), "")
    return [
        _info(row_line, cells, total, column)
        for row_line, cells in zip(table.lines, table.records(), strict=True)
    ]


def _info(line: int, cells: dict[str, Cell], total: str, column: str) -> PairInfo:
    section = (cells.get("Section") or DEFAULT_SECTION).strip()
    cell = (cells.get(column) or "").strip()
    match = _PAIR_ID.match(cell)
    if match is None:
        raise FormatError(
            gettext_noop("line %(line)s: pair %(value)r is not a pair number"),
            line=line,
            value=cell,
        )
    written = match["direction"] or cells.get("Direction") or ""
    direction = DIRECTIONS.get(written.strip().upper(), "")
    members = (cells.get("MemberID1") or cells.get("MemberID"), cells.get("MemberID2"))
    return PairInfo(
        key=PairKey(section, int(match["number"]), ""),
        line=line,
        direction=direction,
        names=split_names(cells.get("Names") or ""),
        member_ids=tuple(m or "" for m in members),
        total=_decimal(cells.get(total) if total else None, total, line),
        percentage=_decimal(cells.get("TotalPercentage"), "TotalPercentage", line),
    )


def _numbered_apart(rows: list[PairInfo]) -> bool:
    """Whether NS and EW pairs share numbers; a pair listed twice otherwise is
    refused."""
    seen: dict[PairKey, list[PairInfo]] = defaultdict(list)
    for info in rows:
        seen[info.key].append(info)
    apart = False
    for infos in seen.values():
        if len(infos) == 1:
            continue
        directions = [i.direction for i in infos]
        if "" in directions or len(set(directions)) != len(directions):
            raise FormatError(
                gettext_noop(
                    "line %(line)s: pair %(pair)s is listed twice in the "
                    "TotalScoreTable (line %(first)s)"
                ),
                line=infos[1].line,
                pair=infos[1].key.number,
                first=infos[0].line,
            )
        apart = True
    return apart


def split_names(text: str) -> tuple[str, ...]:
    """The players of a ``Names`` cell: "Ann;Bob" as PBN 2.1 §5.9 writes them
    (then "Ann & Co;Bob" is two players), else what other programs write:
    "Ann Lee - Bob Ray", "A & B", "A/B"."""
    parts = text.split(";") if ";" in text else _NAME_SEPARATORS.split(text)
    return tuple(n for n in (p.strip() for p in parts) if n)


def _decimal(cell: Cell, column: str, line: int) -> Decimal | None:
    text = (cell or "").strip()
    return None if text == "?" else decimal_cell(text, column, line)


def decimal_cell(text: str, column: str, line: int) -> Decimal | None:
    """A table cell's number ("57.25" or "57,25"); None when empty; a cell that
    is not a number refuses the file, naming the line and the column."""
    text = text.replace(",", ".")
    if not text:
        return None
    try:
        value = Decimal(text)
    except InvalidOperation:
        value = Decimal("NaN")
    if not value.is_finite():
        raise FormatError(
            gettext_noop("line %(line)s: %(column)s %(value)r is not a number"),
            line=line,
            column=column,
            value=text,
        )
    return value
