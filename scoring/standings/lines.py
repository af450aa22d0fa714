"""Traveller lines as the read side holds them: plain rows read as tuples, with
their board, section and pairs taken from the session's load. No model
instance is built per line, so a 26,000-line field loads in a fraction of the
time and memory; the fields keep the model's names."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from scoring.models import TravellerLine
from scoring.queries import board_line_rows, board_numbered
from tournaments.models import Board, Pair, Section, Session

__all__ = ["Line", "session_lines", "sessions_lines"]

FIELDS = (
    "id", "section_id", "board_id", "round", "table", "ns_pair_id", "ew_pair_id",
    "lead", "level", "strain", "doubling", "declarer", "tricks", "score_ns",
    "ns_artificial", "ew_artificial", "version", "no_result", "south_id", "west_id",
)  # fmt: skip


@dataclass(slots=True, eq=False)
class Line:
    id: int
    section_id: int
    board_id: int
    round: int | None
    table: int | None
    ns_pair_id: int
    ew_pair_id: int
    lead: str
    level: int | None
    strain: str
    doubling: str
    declarer: str
    tricks: int | None
    score_ns: int | None
    ns_artificial: str
    ew_artificial: str
    version: str
    no_result: bool
    south_id: int | None  # an individual's partners of North and East, else None
    west_id: int | None
    board: Board
    section: Section
    ns_pair: Pair
    ew_pair: Pair
    south: Pair | None
    west: Pair | None

    @property
    def pk(self) -> int:
        return self.id

    def seated(self) -> dict[str, Pair | None]:
        """The players of an individual's line by seat (N, E, S, W); in a pairs
        event South and West are None."""
        return {"N": self.ns_pair, "E": self.ew_pair, "S": self.south, "W": self.west}


ORDER = ("board__number", "section__letter", "table", "ns_pair__number")
FEW = 3  # boards read again one by one; more, in one query


def _rows(
    session: Session, numbers: Collection[int] | None
) -> tuple[dict[int, Board], Iterable[tuple[Any, ...]]]:
    """The boards (only ``numbers`` when given) by id, and their lines' rows
    in the traveller's order."""
    if numbers is not None and len(numbers) <= FEW:
        found = (board_numbered(session.pk, n) for n in sorted(numbers))
        boards = {b.pk: b for b in found if b is not None}
        return boards, [row for pk in boards for row in board_line_rows(pk, FIELDS)]
    read = Board.objects.filter(session=session)
    lines = TravellerLine.objects.filter(board__session=session)
    if numbers is not None:
        # Only the boards read again: each holds its deal and its analysis.
        read = read.filter(number__in=numbers)
        lines = lines.filter(board__number__in=numbers)
    boards = {b.pk: b for b in read.order_by()}
    return boards, lines.order_by(*ORDER).values_list(*FIELDS)


def session_lines(
    session: Session,
    sections: dict[int, Section],
    pairs: dict[int, Pair],
    numbers: Collection[int] | None = None,
) -> list[Line]:
    """The session's lines (only boards ``numbers`` when given), by board,
    section, table and NS pair number."""
    boards, rows = _rows(session, numbers)
    return _lines(rows, boards, sections, pairs)


def sessions_lines(
    sessions: Sequence[Session], sections: dict[int, Section], pairs: dict[int, Pair]
) -> dict[int, list[Line]]:
    """Every line of ``sessions`` by session id, in two queries however many
    sessions (a simultaneous' heats); each session's in ``session_lines``'
    order. ``sections`` and ``pairs``: those of every session."""
    ids = [s.pk for s in sessions]
    boards = {b.pk: b for b in Board.objects.filter(session__in=ids).order_by()}
    rows = TravellerLine.objects.filter(board__session__in=ids)
    by_session: dict[int, list[Line]] = defaultdict(list)
    for line in _lines(
        rows.order_by(*ORDER).values_list(*FIELDS), boards, sections, pairs
    ):
        by_session[line.board.session_id].append(line)
    return {pk: by_session.get(pk, []) for pk in ids}


def _lines(
    rows: Iterable[tuple[Any, ...]],
    boards: dict[int, Board],
    sections: dict[int, Section],
    pairs: dict[int, Pair],
) -> list[Line]:
    return [
        # a row holds FIELDS in order, then what the load resolves
        Line(*row, boards[row[2]], sections[row[1]], pairs[row[5]], pairs[row[6]],  # type: ignore[call-arg]
             pairs.get(row[18]), pairs.get(row[19]))
        for row in rows
    ]  # fmt: skip
