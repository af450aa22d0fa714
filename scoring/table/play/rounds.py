"""Where a table stands: the round it plays, its boards and their state, and
where pairs and boards go next.

A table plays the first round, from the one the director has called, that it
has not finished; so a table moves on as soon as its last board is accepted,
and a late table catches up when the director calls the next round. A sit-out
round is over when the director (or the whole room finishing) calls the next.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Set
from copy import copy
from dataclasses import dataclass, field, replace
from typing import Any, cast

from movements.models import Seating
from movements.moves import (
    Schedule,
    board_move,
    boards_next,
    notes,
    pair_moves,
    pair_next,
)
from movements.services import holders
from scoring import queries
from scoring.models import TableCode, TableEntry, TravellerLine
from scoring.queries.lines import section_line_rows
from scoring.queries.reading import once
from scoring.table.play.seatings import section_rows
from tournaments.models import Pair, Session

__all__ = [
    "ACCEPTED",
    "plays",
    "OPEN_STATUSES",
    "TO_PLAY",
    "BoardState",
    "TableRound",
    "lines_played",
    "played_of",
    "next_moves",
    "round_over",
    "room_rounds",
    "schedules_forget",
    "table_round",
]

TO_PLAY, ACCEPTED = "to_play", TableEntry.Status.ACCEPTED.value
OPEN_STATUSES = (
    TableEntry.Status.PENDING,
    TableEntry.Status.REJECTED,
    TableEntry.Status.REOPENED,
    TableEntry.Status.DISPUTED,
)
DECIDED = (TableEntry.Status.ACCEPTED, TableEntry.Status.SETTLED)
# (board number, pair id) of the lines entered: read only (a reading's, shared)
Played = Set[tuple[int, int]]


@dataclass(frozen=True)
class BoardState:
    number: int
    status: str  # to_play, pending, rejected, reopened, disputed or accepted


@dataclass(frozen=True)
class TableRound:
    code: TableCode
    seating: Seating | None  # None: the section has no schedule for this table
    boards: list[BoardState]
    finished: bool  # the table has played its last round
    entries: dict[int, TableEntry] = field(default_factory=dict)  # open, by board
    individual: bool = False  # four players a table (``Event.individual``)
    # The rounds of the table's lines entered, when read with the round.
    played_rounds: frozenset[int] | None = None
    # The boards whose result the director chose in a dispute, when read.
    settled: frozenset[int] = frozenset()

    @property
    def round(self) -> int | None:
        return self.seating.round if self.seating else None

    @property
    def sit_out(self) -> bool:
        s = self.seating
        return s is not None and not plays(s, self.individual)

    @property
    def players(self) -> dict[str, Pair] | None:
        """An individual's four players by seat, N E S W (None: a pairs table,
        or no one plays)."""
        return self._players(ids=False)

    def player_ids(self) -> dict[str, int] | None:
        """``players`` as ids: read without the players themselves."""
        return self._players(ids=True)

    def _players(self, ids: bool) -> dict[str, Any] | None:
        s = self.seating
        if s is None or not self.individual or self.sit_out:
            return None
        seats = {seat: _held(s, name, ids) for seat, name in SEAT_HOLDERS.items()}
        return {seat: p for seat, p in seats.items() if p is not None}

    @property
    def holding(self) -> tuple[Pair | None, Pair | None]:
        """The pairs holding the NS and the EW cards (an arrow switch swaps them),
        as the traveller and the table's page name them."""
        return self._holding(ids=False)

    def holding_ids(self) -> tuple[int | None, int | None]:
        """``holding`` as ids: read without the pairs themselves."""
        return self._holding(ids=True)

    def _holding(self, ids: bool) -> tuple[Any, Any]:
        s = self.seating
        if s is None:
            return None, None
        ns, ew = _held(s, "ns_pair", ids), _held(s, "ew_pair", ids)
        return (ew, ns) if s.arrow_switched else (ns, ew)

    @property
    def complete(self) -> bool:
        return all(b.status == ACCEPTED for b in self.boards)

    def status_of(self, number: int) -> str | None:
        """The board's state, or None when the table does not play it now."""
        return next((b.status for b in self.boards if b.number == number), None)


# The seats of a seating and the field of each one's holder.
SEAT_HOLDERS = {"N": "ns_pair", "E": "ew_pair", "S": "south", "W": "west"}


def _held(seating: Seating, name: str, ids: bool) -> Any:
    """The holder of a seating's seat field ``name``, or its id."""
    return getattr(seating, f"{name}_id" if ids else name)


def plays(seating: Seating, individual: bool = False) -> bool:
    """Whether the table plays: two pairs, or an individual's four players (a
    table with an empty seat is a sit-out table)."""
    seated = seating.ns_pair_id is not None and seating.ew_pair_id is not None
    if not individual:
        return seated
    return seated and seating.south_id is not None and seating.west_id is not None


def _ordered(seating: Seating) -> list[int]:
    boards = list(seating.boards)
    k = seating.rotation % len(boards)
    return boards[k:] + boards[:k]


def _boards(
    seating: Seating, played: Played, entries: dict[int, str], individual: bool
) -> list[BoardState]:
    if not plays(seating, individual):
        return []
    pairs = holders(seating)
    return [
        BoardState(
            n,
            entries.get(n)
            or (ACCEPTED if any((n, p) in played for p in pairs) else TO_PLAY),
        )
        for n in _ordered(seating)
    ]


def round_over(seating: Seating, played: Played, individual: bool) -> bool:
    """Whether every board of a seating that plays has its line."""
    return all(b.status == ACCEPTED for b in _boards(seating, played, {}, individual))


def lines_played(section_id: int) -> Played:
    """(board number, pair id) of a section's lines entered (worked out once
    a reading: where a pair is and its table's round both need it)."""
    return once(
        ("lines played", section_id),
        lambda: played_of(section_line_rows(section_id)),
    )


def played_of(rows: Iterable[tuple[int, int, int, int, int | None]]) -> Played:
    """(board number, pair id) of ``queries.section_line_rows``."""
    return _played((number, ns, ew) for number, ns, ew, _t, _r in rows)


def round_state(
    code: TableCode,
    seatings: list[Seating],
    played: Played,
    entries: dict[int, str],
    called: int,
) -> TableRound:
    """The table's round from its schedule, the lines entered and its open entries."""
    # Only an individual's seatings seat a South and a West.
    individual = any(s.south_id is not None for s in seatings)
    # The first round from the one called that is not over: a sit-out round
    # is over only once a later one is called. The rounds before the one
    # called are never played now, so their boards are not worked out.
    for seating in seatings:
        if seating.round < called:
            continue
        boards = _boards(seating, played, entries, individual)
        if not boards or not all(b.status == ACCEPTED for b in boards):
            return TableRound(code, seating, boards, False, individual=individual)
    if not seatings:
        return TableRound(code, None, [], finished=False)
    last = seatings[-1]
    boards = _boards(last, played, entries, individual)
    return TableRound(code, last, boards, True, individual=individual)


def _played(lines: Iterable[tuple[int, int, int]]) -> Played:
    played: set[tuple[int, int]] = set()
    for number, ns, ew in lines:
        played.update(((number, ns), (number, ew)))
    return played


def _seated(seating: Seating | None) -> None:
    """The pairs (an individual's players) of the round's seating with their
    players: read for this seating alone, as joining them to every round's row
    cost more than the rest of the round's reading."""
    if seating is None:
        return
    ids = {seat: getattr(seating, f"{seat}_id") for seat in SEAT_HOLDERS.values()}
    pairs = queries.pairs_with_players(pk for pk in ids.values() if pk is not None)
    for seat, pk in ids.items():
        if pk in pairs:
            setattr(seating, seat, pairs[pk])


def table_round(code: TableCode, with_pairs: bool = True) -> TableRound:
    """The table's round; ``with_pairs``: its seating's pairs (an individual's
    players) read with their players, else known by their ids alone (for a
    caller that reads no more of them: ``holding_ids``, ``player_ids``)."""
    seatings = section_rows(code.section_id).of_table(code.table)
    lines = section_line_rows(code.section_id)
    read = queries.open_entries(code.pk, (*OPEN_STATUSES, *DECIDED))
    by_id = sorted(read, key=lambda e: e.pk)
    entries = {e.board.number: e for e in by_id if e.status in OPEN_STATUSES}
    statuses = {number: e.status for number, e in entries.items()}
    called = code.section.session.round_called
    played = lines_played(code.section_id)
    state = round_state(code, seatings, played, statuses, called)
    # The row is the section's kept one (``seatings``): the answer's is its own.
    state = replace(state, seating=copy(state.seating))
    if with_pairs:
        _seated(state.seating)
    rounds = frozenset(r for *_l, t, r in lines if t == code.table and r is not None)
    settled = _settled(by_id, entries)
    return replace(state, entries=entries, played_rounds=rounds, settled=settled)


def _settled(by_id: list[TableEntry], entries: dict[int, TableEntry]) -> frozenset[int]:
    """The boards whose last decision was the director's in a dispute, and
    that the table is not sending again."""
    last = {e.board.number: e.status for e in by_id if e.status in DECIDED}
    return frozenset(
        n
        for n, status in last.items()
        if status == TableEntry.Status.SETTLED and n not in entries
    )


def room_rounds(session: Session, codes: list[TableCode]) -> list[TableRound]:
    """Every table's round at once, in a fixed number of queries."""
    seatings: dict[tuple[int, int], list[Seating]] = defaultdict(list)
    for s in (
        Seating.objects.filter(section__session=session)
        .select_related("ns_pair", "ew_pair", "south", "west")
        .order_by("round")
    ):
        seatings[s.section_id, s.table].append(s)
    played: dict[int, list[tuple[int, int, int]]] = defaultdict(list)
    for section_id, number, ns, ew in TravellerLine.objects.filter(
        section__session=session
    ).values_list("section_id", "board__number", "ns_pair_id", "ew_pair_id"):
        played[section_id].append((number, ns, ew))
    entries: dict[int, dict[int, str]] = defaultdict(dict)
    for code_id, number, status in TableEntry.objects.filter(
        table__section__session=session, status__in=OPEN_STATUSES
    ).values_list("table_id", "board__number", "status"):
        entries[code_id][number] = status
    by_section = {pk: _played(lines) for pk, lines in played.items()}
    return [
        round_state(
            c,
            seatings[c.section_id, c.table],
            by_section.get(c.section_id, set()),
            entries[c.pk],
            session.round_called,
        )
        for c in codes
    ]


def _seat(where: tuple[int, str] | None) -> dict[str, object] | None:
    return None if where is None else {"table": where[0], "direction": where[1]}


# The schedules around a round, by (section, round, rows stored, last row id):
# kept by each server process, so that a room of phones reading their round
# builds each section's once instead of once a request (``seatings``).
_SCHEDULES: dict[tuple[int, int, int, int], object] = {}
_SCHEDULES_AT_MOST = 256
_UNKNOWN = object()


def schedules_forget() -> None:
    _SCHEDULES.clear()


def _schedule(code: TableCode, row: Seating) -> Schedule | None:
    """The section's schedule from the round before to the next (None: the row's
    round is the last)."""
    stored = section_rows(row.section_id)
    key = (row.section_id, row.round, *stored.stamp)
    kept = _SCHEDULES.get(key, _UNKNOWN)  # one look: another thread may clear it
    if kept is not _UNKNOWN:
        return cast(Schedule | None, kept)
    rows = stored.of_round(row.round - 1, row.round, row.round + 1)
    following = any(s.round == row.round + 1 for s in rows)
    sched = Schedule(code.section, rows) if following else None
    if len(_SCHEDULES) >= _SCHEDULES_AT_MOST:
        _SCHEDULES.clear()
    _SCHEDULES[key] = sched
    return sched


def next_moves(state: TableRound) -> dict[str, object] | None:
    """Where the table's pairs and boards go after this round (None: last round)."""
    row = state.seating
    if row is None or state.individual:  # an individual's: see seats.py
        return None
    sched = _schedule(state.code, row)
    if sched is None:
        return None
    moves = {
        "round": row.round + 1,
        "ns": _seat(pair_next(sched, row, row.ns_pair)),
        "ew": _seat(pair_next(sched, row, row.ew_pair)),
    }
    pairs = pair_moves(sched, row)
    if state.code.section.session.event.is_teams:
        # A match's boards go between its two rooms, not along a movement.
        return {**moves, "boards": None, "text": pairs, "notes": ""}
    texts = [*pairs, board_move(sched, row)]
    return {**moves, "boards": boards_next(sched, row), "text": texts,
            "notes": notes(sched, row)}  # fmt: skip
