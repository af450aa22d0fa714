"""When the two sides do not agree on a result: a typo is fixed at the table,
and only what the table cannot settle goes to the director.

With each pair on its own phone, East-West reject North-South's result with
their version ("EW say: 3NT S -1"); the board goes back to North-South, who
send it again, corrected or as they had it. A second rejection is a dispute for
the director, as is a call about the board from either side. The pair that
sent a result may withdraw it while it waits. With one phone for the table a
rejection without a version has the board entered again, and one with a
version is a dispute at once.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.models import TableCode, TableEntry
from scoring.table.play.codes import code_lock, side_of
from scoring.table.play.refusals import Refused
from scoring.table.play.rounds import table_round
from scoring.table.play.seats import entry_text
from scoring.table.play.sent import Sent, lead_required, version_json
from scoring.table.play.services import (
    Reads,
    _decide,
    _entry,
    _may_decide,
    reopened_entry,
    table_logged,
)
from tournaments.models import Session

__all__ = ["call_clear", "director_call", "entry_reject", "entry_withdraw"]

Status = TableEntry.Status
# A board the director may be called about: its result waits at the table.
UNSETTLED = (Status.PENDING, Status.REJECTED)


def _own_phones(code: TableCode) -> bool:
    return code.section.session.table_confirm == Session.TableConfirm.OWN


def _answered_already(entry: TableEntry, seat: str) -> bool:
    """Whether this phone's side has decided the entry already (a retry)."""
    if entry.status in (Status.REJECTED, Status.DISPUTED):
        return True
    decided = entry.status == Status.REPLACED and bool(entry.decided_by)
    return decided and side_of(entry.decided_by) == side_of(seat)


@transaction.atomic
def entry_reject(
    code: TableCode,
    entry_id: int,
    seat: str = "",
    version: Sent | None = None,
    reads: Reads | None = None,
) -> TableEntry:
    """The opponents disagree. On their own phone they say what happened: the
    board goes back to the side that sent it, or, when that side had already
    answered their version, it is a dispute. On the table's one phone, without
    a version the table enters the board again; with one it is a dispute."""
    code_lock(code)
    entry = _entry(code, entry_id, reads)
    if _answered_already(entry, seat):
        return entry
    if entry.status != Status.PENDING:
        raise Refused(
            409, _("Only a result waiting for the opponents can be rejected.")
        )
    _may_decide(code, entry, seat)
    if version is None:
        if _own_phones(code):
            message = _("Say what you think happened: contract, declarer, tricks.")
            raise Refused(400, message, "contract")
        table_logged(code, seat, "rejected", entry_text(entry), entry.board.number)
        return _decide(entry, Status.REJECTED, seat)
    return _versioned(code, entry, seat, version)


def _versioned(
    code: TableCode, entry: TableEntry, seat: str, version: Sent
) -> TableEntry:
    """Rejected with the opponents' version: back to the side that sent it on
    the pairs' own phones, unless it answered a first rejection (a dispute)."""
    lead_required(version, code.section.session.table_leads)
    second = entry.version is not None  # the sender answered a first rejection
    entry.version = version_json(version)
    words = {
        "entry": entry_text(entry),
        "seat": side_of(seat),
        "version": entry.version["text"],
    }
    if _own_phones(code) and not second:
        text = _("%(entry)s rejected: %(seat)s say %(version)s") % words
        table_logged(code, seat, "rejected", text, entry.board.number)
        return _decide(entry, Status.REJECTED, seat)
    text = _("%(entry)s disputed: %(seat)s say %(version)s") % words
    table_logged(code, seat, "disputed", text, entry.board.number)
    return _decide(entry, Status.DISPUTED, seat)


@transaction.atomic
def entry_withdraw(
    code: TableCode, entry_id: int, seat: str = "", reads: Reads | None = None
) -> TableEntry:
    """The side that sent a result takes it back before the opponents answer,
    to send it again (a reopened board stays reopened)."""
    code_lock(code)
    entry = _entry(code, entry_id, reads)
    if _answered_already(entry, seat) and entry.status == Status.REPLACED:
        return entry
    if entry.status != Status.PENDING:
        message = _("The opponents have answered this result: it cannot be withdrawn.")
        raise Refused(409, message)
    if _own_phones(code) and side_of(seat) != side_of(entry.seat):
        message = _("Only the pair that sent a result can withdraw it.")
        raise Refused(409, message, "seat")
    text = _("%(entry)s withdrawn") % {"entry": entry_text(entry)}
    table_logged(code, seat, "withdrawn", text, entry.board.number)
    _decide(entry, Status.REPLACED, seat)
    if entry.line is not None:
        reopened_entry(code, entry.line)
    return entry


def _board_disputed(
    code: TableCode, entry: TableEntry | None, seat: str
) -> TableEntry | None:
    """The board's waiting result becomes a dispute (None: it has none)."""
    if entry is None or entry.status not in UNSETTLED:
        return entry
    return _decide(entry, Status.DISPUTED, seat)


@transaction.atomic
def director_call(
    code: TableCode,
    seat: str = "",
    board: int | None = None,
    reads: Reads | None = None,
    shown: int | None = None,
) -> TableEntry | None:
    """The table calls the director, for the pairs of its round (the next pairs
    at the table do not inherit the call); a call about a board whose result
    waits makes it a dispute. Logged, so the control room hears of it at once
    through the change feed. ``shown``: the round whose scorecard the phone
    shows, when it does (its pairs are that round's). The board's entry, when
    one was named."""
    code_lock(code)
    state = table_round(code)
    if board is not None and reads is not None and not reads(board):
        raise Refused(404, _("This table sent no such result."), "board")
    code.called_at, code.called_round = timezone.now(), shown or state.round
    code.save(update_fields=["called_at", "called_round"])
    entry = None if board is None else state.entries.get(board)
    disputed = _board_disputed(code, entry, seat)
    if board is None:
        text = _("called the director")
    else:
        text = _("called the director about board %(board)s") % {"board": board}
    table_logged(code, seat, "called", text, board)
    return disputed


def call_clear(code: TableCode) -> TableCode:
    code.called_at, code.called_round = None, None
    code.save(update_fields=["called_at", "called_round"])
    return code
