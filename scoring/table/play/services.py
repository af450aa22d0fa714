"""Write side of play at the table: results sent, accepted, reopened; the
tables opened and closed (results rejected, withdrawn and disputed, and the
director called: ``play.disagreements``).

A table's writes are serialised on its code's row, so two phones of one table
(or a phone's retry racing its first try) cannot both get through. An accepted
result becomes a traveller line through ``scoring.entry.services``, which checks
and logs it like a director's entry.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterable

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from movements.models import Seating
from movements.services import holders
from scoring.adapters import result_of, store_result
from scoring.engine.boards import vulnerability
from scoring.engine.contract import ns_score
from scoring.entry.actors import Actor, TableActor
from scoring.entry.players import LineTaken, lineup_keep
from scoring.entry.services import line_record, line_text, log_event
from scoring.models import (
    ChangeLog,
    TableCode,
    TableEntry,
    TravellerLine,
)
from scoring.queries import board_ensure, entry_by_client, entry_of_table
from scoring.queries.sends import table_refusals
from scoring.table.play.calling import room_moves_on
from scoring.table.play.codes import code_lock, side_of
from scoring.table.play.doubts import LEAD_CHECKS, lead_refusal
from scoring.table.play.refusals import Refused
from scoring.table.play.rounds import ACCEPTED, OPEN_STATUSES, TableRound, table_round
from scoring.table.play.seats import entry_text, partners
from scoring.table.play.sent import Sent, lead_required
from tournaments.models import Board, Pair, Session

__all__ = [
    "board_reopen",
    "entry_confirm",
    "entry_send",
    "reopened_entry",
    "table_logged",
    "table_options_set",
    "tables_open_set",
]

Status = TableEntry.Status
Reads = Callable[[int], bool]  # whether a phone may read an entry of board n


def _actor(code: TableCode, seat: str = "") -> TableActor:
    return TableActor(code.section.letter, code.table, seat)


def table_logged(
    code: TableCode, seat: str, action: str, text: str, board: int | None = None
) -> ChangeLog:
    """Log what a table's phone did, named by its seat ("table A3 NS"); the
    table's code is kept with it (``after``) to count what a table did."""
    session = code.section.session
    return ChangeLog.objects.create(
        event_id=session.event_id,
        session_id=session.pk,
        board=board,
        device=_actor(code, seat).label,
        action=action,
        description=text,
        after={"table": code.pk},
    )


# Read under the table's lock (code_lock): every change of a pending entry holds it.
def _entry(code: TableCode, entry_id: int, reads: Reads | None) -> TableEntry:
    """The table's entry; one the phone may not read (``sight.rule``) is
    refused as if there were none."""
    entry = entry_of_table(entry_id, code.pk)
    if entry is None or (reads is not None and not reads(entry.board.number)):
        raise Refused(404, _("This table sent no such result."))
    return entry


def _replace_open(code: TableCode, number: int) -> TravellerLine | None:
    """Set aside the board's open entries; the line a reopened one was to correct."""
    open_ones = code.entries.filter(board__number=number, status__in=OPEN_STATUSES)
    return _set_aside(open_ones)


def _set_aside(entries: Iterable[TableEntry]) -> TravellerLine | None:
    line = None
    for old in entries:
        line = line or old.line
        old.status, old.decided_at = Status.REPLACED, timezone.now()
        old.save(update_fields=["status", "decided_at"])
    return line


def entry_send(
    code: TableCode,
    sent: Sent,
    seat: str = "",
    may_act: Callable[[TableRound], object] | None = None,
) -> tuple[TableEntry, bool]:
    """Record a table's result for the opponents to accept; a repeat of a
    ``client_id`` returns the first entry (and False). A new result is first
    the phone's to send (``may_act`` refuses it otherwise, from the table's
    round), then the board is checked (a board the table does not play now is
    refused alike whatever the lead), then the lead, under the table's lock
    with the round read once."""
    # A repeat, found by the id the phone gave its first entry, is answered
    # without taking the write lock (SQLite has one) or reading the round.
    first = entry_by_client(code.pk, sent.client_id)
    if first is not None:
        return first, False
    with transaction.atomic():
        code_lock(code)
        first = entry_by_client(code.pk, sent.client_id)
        if first is not None:  # the first try won the race
            return first, False
        state = table_round(code)
        if may_act is not None:
            may_act(state)
        # A board the table does not play now is the fault to name first: a
        # pair's phone sending for another table hears so, lead or none.
        _playable(state, sent.board)
        lead_required(sent, code.section.session.table_leads)
        board = board_ensure(code.section.session_id, sent.board)
        refusal = _lead_refused(code, sent, seat, board)
        if refusal is None:
            return _send(code, sent, seat, state, board), True
    raise refusal  # out of the transaction: its log is kept


LEAD_REFUSED = "lead refused"


def _lead_refused(
    code: TableCode, sent: Sent, seat: str, board: Board
) -> Refused | None:
    """The refusal of a lead the leader does not hold, logged for the
    director: only for the board's first ``LEAD_CHECKS`` refusals at the
    table (None: the lead may go). The refusals before are counted only for
    a lead that would be refused (most leads are held, most deals unknown)."""
    refusal = lead_refusal(board, sent.result, sent.lead)
    if refusal is None:
        return None
    session_id = code.section.session_id
    if table_refusals(session_id, sent.board, LEAD_REFUSED, code.pk) >= LEAD_CHECKS:
        return None
    table_logged(code, seat, LEAD_REFUSED, refusal.message, sent.board)
    return refusal


def _send(
    code: TableCode, sent: Sent, seat: str, state: TableRound, board: Board
) -> TableEntry:
    """The entry of a result for a board the table plays now (``state``), under
    the table's lock."""
    assert state.seating is not None
    ns_id, ew_id = holders(state.seating)
    if ns_id is None or ew_id is None:  # a sit-out round has no boards
        raise AssertionError("a board of a sit-out round")
    before = state.entries.get(sent.board)
    answered = _answered(before)  # read before it is set aside
    entry = TableEntry(
        table=code,
        client_id=sent.client_id,
        round=state.seating.round,
        board=board,
        # The seating's pairs, read with it: no query more under the write lock.
        ns_pair=_seated(state.seating, ns_id),
        ew_pair=_seated(state.seating, ew_id),
        lead=sent.lead,
        not_played=sent.result is None,
        line=_set_aside(filter(None, [before])),  # 1 at most
        seat=seat,
        version=answered,
    )
    if sent.result is not None:
        store_result(
            entry, sent.result, ns_score(sent.result, vulnerability(sent.board))
        )
    entry.save()
    text = _("%(entry)s sent") % {"entry": entry_text(entry, state.seating)}
    table_logged(code, seat, "sent", text, sent.board)
    return entry


def _answered(before: TableEntry | None) -> dict[str, object] | None:
    """The opponents' version a result answers, when they rejected the one
    before with it: their second rejection is a dispute."""
    if before is None or before.status != Status.REJECTED:
        return None
    return before.version


def _seated(seating: Seating, pair_id: int) -> Pair:
    pairs = (seating.ns_pair, seating.ew_pair)
    return next(p for p in pairs if p is not None and p.pk == pair_id)


def _playable(state: TableRound, board: int) -> None:
    """Refuses a board the table may not enter now."""
    status = state.status_of(board)
    if status is None or state.seating is None:
        raise Refused(
            409,
            _("This table does not play board %(board)s in round %(round)s.")
            % {"board": board, "round": state.round or "—"},
            "board",
        )
    if status == ACCEPTED:
        raise Refused(
            409,
            _("Board %(board)s is accepted already: call the director to change it.")
            % {"board": board},
            "board",
        )
    if status == Status.DISPUTED:
        message = _("Board %(board)s is disputed: the director settles it.")
        raise Refused(409, message % {"board": board}, "board")


def _decide(entry: TableEntry, status: str, seat: str = "") -> TableEntry:
    entry.status, entry.decided_at = status, timezone.now()
    entry.decided_by = seat
    entry.save(update_fields=["status", "decided_at", "line", "decided_by", "version"])
    return entry


def _may_decide(code: TableCode, entry: TableEntry, seat: str) -> None:
    """When the opponents confirm on their own phone, the phone of the side that
    sent the result cannot decide it."""
    own = code.section.session.table_confirm == Session.TableConfirm.OWN
    if own and side_of(seat) == side_of(entry.seat):
        raise Refused(
            409,
            _("The opponents accept or reject this result on their own phone."),
            "seat",
        )


def _recorded(code: TableCode, entry: TableEntry, seat: str) -> TravellerLine:
    """The entry as the board's traveller line, with a team board's line-up."""
    # Only an individual's seatings seat a South and a West.
    individual = code.section.session.event.individual
    south, west = partners(code, entry.round) if individual else (None, None)
    line = line_record(
        section=code.section,
        board_number=entry.board.number,
        ns_pair=entry.ns_pair,
        ew_pair=entry.ew_pair,
        south=south,
        west=west,
        result=None if entry.not_played else result_of(entry),
        lead=entry.lead,
        round_no=entry.round,
        table=code.table,
        line=entry.line,
        user=_actor(code, seat),
    )
    if code.section.session.event.is_teams:
        lineup_keep(line)
    return line


@transaction.atomic
def entry_confirm(
    code: TableCode, entry_id: int, seat: str = "", reads: Reads | None = None
) -> TableEntry:
    """The opponents accept: the entry becomes the board's traveller line (or,
    when the director has entered the board meanwhile, is set aside).
    ``reads``: whether the phone may read an entry of the board."""
    code_lock(code)
    entry = _entry(code, entry_id, reads)
    if entry.status == Status.ACCEPTED:
        return entry
    if entry.status != Status.PENDING:
        raise Refused(409, _("This result is no longer waiting: send it again."))
    _may_decide(code, entry, seat)
    try:
        entry.line = _recorded(code, entry, seat)
    except LineTaken as error:
        if entry.line is None:  # the director's line, typed while the entry waited
            return _decide(entry, Status.REPLACED)
        raise Refused(409, " ".join(error.messages)) from error
    except ValidationError as error:
        raise Refused(409, " ".join(error.messages)) from error
    _decide(entry, Status.ACCEPTED, seat)
    room_moves_on(code.section.session)
    return entry


def reopened_entry(code: TableCode, line: TravellerLine) -> TableEntry:
    """The entry that lets the table send ``line``'s board again."""
    assert line.round is not None
    return TableEntry.objects.create(
        table=code,
        client_id=f"reopen:{uuid.uuid4().hex}",
        round=line.round,
        board=line.board,
        ns_pair=line.ns_pair,
        ew_pair=line.ew_pair,
        status=Status.REOPENED,
        line=line,
    )


@transaction.atomic
def board_reopen(*, line: TravellerLine, user: Actor) -> TableEntry:
    """Let the table enter an accepted board again; the line counts until the
    new result is accepted, which corrects it."""
    code = None
    if line.table is not None:
        code = TableCode.objects.filter(section=line.section, table=line.table).first()
    if code is None or line.round is None:
        raise ValidationError(_("This result was not entered at a table."))
    code_lock(code)
    _replace_open(code, line.board.number)
    entry = reopened_entry(code, line)
    text = _("%(line)s reopened for %(table)s") % {
        "line": line_text(line),
        "table": _actor(code).label,
    }
    log_event(line.section.session.event_id, user, "reopened", text)
    return entry


@transaction.atomic
def tables_open_set(*, session: Session, open_: bool, user: Actor) -> Session:
    """Open the tables to their phones, or close them (every token stops)."""
    session.tables_open = open_
    session.save(update_fields=["tables_open"])
    text = _("tables opened") if open_ else _("tables closed")
    log_event(session.event_id, user, "tables", text)
    return session


TABLE_OPTIONS = ("table_confirm", "table_shows", "table_leads", "table_players")


@transaction.atomic
def table_options_set(
    *, session: Session, changes: dict[str, object], user: Actor
) -> Session:
    """What the tables see and ask; the change log says what changed."""
    session = Session.objects.select_for_update().get(pk=session.pk)
    said = []
    for name in TABLE_OPTIONS:
        before, value = getattr(session, name), changes[name]
        if before != value:
            setattr(session, name, value)
            said.append(f"{name}: {before} → {value}")
    if said:
        session.full_clean()
        session.save(update_fields=list(TABLE_OPTIONS))
        log_event(session.event_id, user, "settings", "; ".join(said))
    return session
