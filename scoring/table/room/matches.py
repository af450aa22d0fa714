"""The control room by match, at a team event: each match of the round in
play with both rooms' progress (the boards each room has entered, those
complete in both), the room that is behind, and its tables' calls, results
waiting for the opponents and disputes."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from scoring.standings import session_results
from scoring.standings.results import MatchResult
from scoring.standings.teams import round_in_play
from scoring.table.room.state import Room, TableState

__all__ = ["MatchProgress", "MatchRoom", "matches_progress"]


@dataclass(frozen=True)
class MatchRoom:
    """One room of a match: its table, the boards of the match it has
    entered, whether the table calls the director, its results waiting for
    the opponents and its disputes."""

    name: str  # "open" or "closed"
    table: int
    boards_in: int
    called: bool
    pending: int
    disputes: int


@dataclass(frozen=True)
class MatchProgress:
    result: MatchResult
    rooms: tuple[MatchRoom, MatchRoom]

    @property
    def boards(self) -> int:
        return len(self.result.boards)

    @property
    def complete(self) -> int:
        """The boards complete in both rooms."""
        return self.result.played

    @property
    def behind(self) -> MatchRoom | None:
        """The room with fewer of the match's boards entered than the other."""
        open_, closed = self.rooms
        if open_.boards_in == closed.boards_in:
            return None
        return open_ if open_.boards_in < closed.boards_in else closed


def matches_progress(room: Room) -> list[MatchProgress]:
    """The matches of the round in play (none: not a team event)."""
    session = room.session
    if not session.event.is_teams:
        return []
    results = session_results(session).matches
    number = round_in_play(results)
    tables = {t.code.table: t for t in room.tables}
    disputed = Counter(d.entry.table.table for d in room.disputes)
    shown = [r for r in results if r.match.round == number]
    return [
        MatchProgress(
            result,
            (
                _room(result, "open", result.match.open_table, tables, disputed),
                _room(result, "closed", result.match.closed_table, tables, disputed),
            ),
        )
        for result in sorted(shown, key=lambda r: r.match.open_table)
    ]


def _room(
    result: MatchResult,
    name: str,
    table: int,
    tables: dict[int, TableState],
    disputed: Counter[int],
) -> MatchRoom:
    entered = sum(getattr(b, name) is not None for b in result.boards)
    state = tables.get(table)
    called = state is not None and state.called is not None
    # A table's results waiting are of the round it plays now: this match's
    # only while it plays this match.
    playing = state is not None and state.state.round == result.match.round
    pending = state.pending if state is not None and playing else 0
    return MatchRoom(name, table, entered, called, pending, disputed[table])
