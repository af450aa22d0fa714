"""The control room's view of a session: every table's state and the results
arriving, read in a fixed number of queries whatever the room's size."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from functools import cached_property
from typing import Any

from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring.entry.services import result_text
from scoring.models import PairPhone, TableCode, TableEntry, TravellerLine
from scoring.table.disputes.dispute import Dispute, disputes
from scoring.table.play.codes import codes_ensure, codes_of
from scoring.table.play.rounds import ACCEPTED, TableRound, room_rounds
from scoring.table.play.scorecards import unconfirmed
from scoring.table.room.lateness import room_clock
from tournaments.models import Session

__all__ = [
    "Arrival",
    "Room",
    "TableState",
    "room_state",
    "tables_late",
]

RECENT = 20


@dataclass(frozen=True)
class TableState:
    state: TableRound
    late: bool

    @property
    def code(self) -> TableCode:
        return self.state.code

    @property
    def boards_in(self) -> int:
        return sum(b.status == ACCEPTED for b in self.state.boards)

    def count(self, status: str) -> int:
        return sum(b.status == status for b in self.state.boards)

    @property
    def pending(self) -> int:
        return self.count(TableEntry.Status.PENDING)

    @property
    def rejected(self) -> int:
        return self.count(TableEntry.Status.REJECTED)

    @property
    def unplayed(self) -> int | None:
        """The first board of the round without an accepted result."""
        return next((b.number for b in self.state.boards if b.status != ACCEPTED), None)

    @property
    def called(self) -> datetime | None:
        return self.code.called_at


@dataclass(frozen=True)
class Arrival:
    """A result a table sent, as the control room lists it; ``corrected``: the
    line as the director left it, when it is no longer what the table sent."""

    entry: TableEntry
    text: str
    corrected: str = ""
    settled: str = ""  # the result the director chose in a dispute


def _shown(entry: TableEntry) -> str:
    return _("not played") if entry.not_played else result_text(entry)


def _line_text(line: TravellerLine | None) -> str:
    if line is None:
        return _("deleted")
    if line.ns_artificial:
        return f"{line.ns_artificial}/{line.ew_artificial}"
    return _("not played") if line.no_result else result_text(line)


def _arrival(entry: TableEntry) -> Arrival:
    text = _shown(entry)
    if entry.status == TableEntry.Status.SETTLED:
        return Arrival(entry, text, settled=_line_text(entry.line))
    if entry.status != ACCEPTED:
        return Arrival(entry, text)
    now = _line_text(entry.line)
    return Arrival(entry, text, "" if now == text else now)


@dataclass(frozen=True)
class Room:
    session: Session
    tables: list[TableState]
    recent: list[Arrival]

    @property
    def calls(self) -> list[TableState]:
        return [t for t in self.tables if t.called]

    @property
    def disputes(self) -> list[Dispute]:
        """Results the opponents rejected with their version, to settle."""
        return disputes(self.session)

    @cached_property
    def unconfirmed(self) -> list[dict[str, Any]]:
        """Played rounds a table's pairs have not confirmed yet."""
        return unconfirmed(self.session, [t.state for t in self.tables])

    @property
    def unconfirmed_said(self) -> str:
        """The unconfirmed rounds in one line: how many, which, at how many
        tables (the list itself is a detail)."""
        rows = self.unconfirmed
        rounds = sorted({row["round"] for row in rows})
        tables = len({row["code"].pk for row in rows})
        said = ngettext(
            "%(count)d round not confirmed", "%(count)d rounds not confirmed", len(rows)
        ) % {"count": len(rows)}
        span = {"first": rounds[0], "last": rounds[-1], "tables": tables}
        if rounds[0] == rounds[-1]:
            at = ngettext(
                "round %(first)s at %(tables)d table",
                "round %(first)s at %(tables)d tables",
                tables,
            )
        else:
            at = ngettext(
                "rounds %(first)s–%(last)s at %(tables)d table",
                "rounds %(first)s–%(last)s at %(tables)d tables",
                tables,
            )
        return f"{said}: {at % span}"  # fmt: skip

    @property
    def pair_phones(self) -> list[PairPhone]:
        """Each pair's phone (an individual's: each player's): where it is now
        and when it was last seen."""
        return list(
            PairPhone.objects.filter(signed_in__section__session=self.session)
            .select_related("holder", "signed_in__section")
            .order_by(
                "signed_in__section__letter",
                "-holder__direction",  # NS first
                "holder__number",
            )
        )

    @property
    def leading_round(self) -> int | None:
        return max((t.state.round or 0 for t in self.tables), default=None)


def _tables(
    session: Session, codes: list[TableCode], now: datetime | None
) -> list[TableState]:
    states = room_rounds(session, codes)
    leading = max((s.round or 0 for s in states if not s.finished), default=0)
    clock, now = room_clock(session), now or timezone.now()
    return [TableState(s, clock.late(s, leading, now)) for s in states]


def tables_late(session: Session, now: datetime | None = None) -> int:
    """How many tables are late ``now``, reading only (the director's home is
    a GET): the tables without a code yet are not counted."""
    return sum(t.late for t in _tables(session, codes_of(session), now))


def room_state(session: Session, now: datetime | None = None) -> Room:
    """The room as it is ``now`` (default: the present, for lateness)."""
    tables = _tables(session, codes_ensure(session), now)
    recent = [
        _arrival(e)
        for e in TableEntry.objects.filter(table__section__session=session)
        .select_related("table__section", "board", "ns_pair", "ew_pair", "line")
        .order_by("-id")[:RECENT]
    ]
    return Room(
        session=session,
        tables=tables,
        recent=recent,
    )
