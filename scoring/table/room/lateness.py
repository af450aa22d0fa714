"""When the control room calls a table late: it is behind the room's leading
round and has been on its own round longer than the round takes.

A table that is merely behind is not late: when the fastest table finishes, or
the director calls the next round, the others are still within their time. A
round takes ``MINUTES_PER_BOARD`` a board (a club's usual pace: a round of three
boards in 22½ minutes), counted from the table's last accepted result of an
earlier round; in its first round, from one board's time before the room's
first result. There is no round-length setting: the pace is this constant."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Final

from django.db.models import Max, Min
from django.db.models.functions import Coalesce

from scoring.models import TableEntry
from scoring.table.play.rounds import TableRound
from tournaments.models import Session

__all__ = ["MINUTES_PER_BOARD", "Clock", "overdue", "room_clock"]

MINUTES_PER_BOARD: Final = 7.5
_BOARD: Final = timedelta(minutes=MINUTES_PER_BOARD)


def overdue(began: datetime | None, boards: int, now: datetime) -> bool:
    """Whether a round of ``boards`` boards begun at ``began`` has run over."""
    return began is not None and now - began > boards * _BOARD


class Clock:
    """When each table began its round, from the table entries' times."""

    def __init__(
        self, finished: dict[tuple[int, int], datetime], first: datetime | None
    ):
        self.finished = finished  # (table code, round) -> its last acceptance
        self.start = None if first is None else first - _BOARD

    def began(self, state: TableRound) -> datetime | None:
        earlier = [
            at
            for (code, number), at in self.finished.items()
            if code == state.code.pk and number < (state.round or 0)
        ]
        return max(earlier, default=self.start)

    def late(self, state: TableRound, leading: int, now: datetime) -> bool:
        behind = (state.round or 0) < leading
        if state.finished or state.sit_out or not behind:
            return False
        return overdue(self.began(state), len(state.boards), now)


def room_clock(session: Session) -> Clock:
    """The session's table entries' times, read in two queries."""
    entries = TableEntry.objects.filter(table__section__session=session)
    accepted = (
        entries.filter(status=TableEntry.Status.ACCEPTED)
        .values_list("table_id", "round")
        .annotate(at=Max(Coalesce("decided_at", "sent_at")))
    )
    first = entries.aggregate(first=Min("sent_at"))["first"]
    return Clock({(code, number): at for code, number, at in accepted}, first)
