"""A dispute (a second rejection, or the director called about a board): the
director reads both versions in the control room and settles it there,
choosing one or entering another. Nothing counts until then: the board has no
line (or keeps the one a reopened board had). The version chosen keeps its
lead."""

from __future__ import annotations

from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.adapters import result_of
from scoring.engine.types import Result
from scoring.entry.actors import Actor
from scoring.entry.services import line_record, line_text, log_event, result_text
from scoring.models import TableEntry, TravellerLine
from scoring.table.play.calling import room_moves_on
from scoring.table.play.codes import side_of
from scoring.table.play.refusals import Refused
from scoring.table.play.seats import partners
from scoring.table.play.sent import result_read
from tournaments.models import Session

__all__ = ["Dispute", "dispute_settle", "disputes"]

Status = TableEntry.Status
CHOICES = ("sent", "version", "other")


@dataclass(frozen=True)
class Dispute:
    """A disputed result as the control room shows it."""

    entry: TableEntry

    @property
    def sent_by(self) -> str:
        return side_of(self.entry.seat)

    @property
    def disputed_by(self) -> str:
        return side_of(self.entry.decided_by)

    @property
    def version_by(self) -> str:
        """The side whose version it is: the opponents of the side that sent."""
        return "EW" if self.sent_by == "NS" else "NS"

    @property
    def seats(self) -> str:
        return f"{self.entry.seat or self.sent_by} / {self.entry.decided_by}"

    @property
    def sent_text(self) -> str:
        return _("not played") if self.entry.not_played else result_text(self.entry)

    @property
    def version_text(self) -> str:
        return str((self.entry.version or {}).get("text", ""))


def disputes(session: Session) -> list[Dispute]:
    """The session's disputes still to settle, oldest first."""
    return [
        Dispute(e)
        for e in TableEntry.objects.filter(
            table__section__session=session, status=Status.DISPUTED
        )
        .select_related("table__section", "board", "ns_pair", "ew_pair")
        .order_by("id")
    ]


def _chosen(entry: TableEntry, choice: str, other: Result | None) -> Result | None:
    if choice == "sent":
        return None if entry.not_played else result_of(entry)
    if choice == "version":
        version = dict(entry.version or {})
        if version.get("contract") == "NP":
            return None
        return result_read({**version, "board": entry.board.number})[1]
    if other is None:
        raise ValidationError(_("Type the result the director settles on."))
    return other


def _lead(entry: TableEntry, choice: str) -> str:
    if choice == "sent":
        return entry.lead
    if choice == "version":
        return str((entry.version or {}).get("lead") or "")
    return ""


@transaction.atomic
def dispute_settle(
    *, entry: TableEntry, choice: str, user: Actor, other: Result | None = None
) -> TravellerLine:
    """Settle a dispute with the result sent, the opponents' version, or
    ``other`` (the director's): it becomes the board's line."""
    entry = TableEntry.objects.select_for_update().get(pk=entry.pk)
    if entry.status != Status.DISPUTED:
        raise ValidationError(_("This dispute is settled already."))
    if choice not in CHOICES:
        raise ValidationError(_("Choose one version, or enter another."))
    code = entry.table
    try:
        result = _chosen(entry, choice, other)
    except Refused as refused:
        raise ValidationError(refused.message) from refused
    south, west = partners(code, entry.round)
    line = line_record(
        section=code.section,
        board_number=entry.board.number,
        ns_pair=entry.ns_pair,
        ew_pair=entry.ew_pair,
        south=south,
        west=west,
        result=result,
        lead=_lead(entry, choice),
        round_no=entry.round,
        table=code.table,
        line=entry.line,
        user=user,
    )
    entry.status, entry.line, entry.decided_at = Status.SETTLED, line, timezone.now()
    entry.save(update_fields=["status", "line", "decided_at"])
    text = _("dispute at table %(table)s settled: %(line)s") % {
        "table": f"{code.section.letter}{code.table}",
        "line": line_text(line),
    }
    log_event(code.section.session.event_id, user, "settled", text)
    room_moves_on(code.section.session)
    return line
