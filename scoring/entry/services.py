"""Write side: record, correct and adjust traveller lines.

Every service validates before it writes, runs in one transaction and logs
the change, so a refused entry leaves the database exactly as it was.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from movements.models import Seating, SectionMovement
from scoring.adapters import result_of, store_result
from scoring.engine.boards import vulnerability
from scoring.engine.contract import ns_score
from scoring.engine.notation import (
    Language,
    format_contract,
    format_lead,
    format_seat,
    format_tricks,
    parse_lead,
)
from scoring.engine.types import Result
from scoring.models import (
    AssignedScore,
    ChangeLog,
    ContractFields,
    TravellerLine,
)
from scoring.queries import board_ensure, section_board_lines
from tournaments.models import Board, Pair, Section

from .actors import Actor, actor_fields
from .history import line_logged, snapshot
from .players import (
    LineTaken,
    check_players,
    check_players_not_twice,
    line_players_text,
)

__all__ = [
    "Actor",
    "artificial_set",
    "assigned_set",
    "line_delete",
    "line_entry_text",
    "line_record",
    "line_text",
    "log_event",
    "result_text",
    "version_set",
]


def _check_pairs(section: Section, ns_pair: Pair, ew_pair: Pair) -> None:
    for pair, direction in ((ns_pair, "NS"), (ew_pair, "EW")):
        if pair.section_id != section.pk:
            raise ValidationError(
                _("Pair %(pair)s plays in section %(other)s, not in section %(this)s.")
                % {
                    "pair": pair.label,
                    "other": pair.section.letter,
                    "this": section.letter,
                }
            )
        if pair.direction and pair.direction != direction:
            raise ValidationError(
                _("Pair %(pair)s sits %(sits)s, so it cannot be entered as %(as)s.")
                % {"pair": pair.label, "sits": pair.direction, "as": direction}
            )
    if ns_pair.pk == ew_pair.pk:
        raise ValidationError(_("A pair cannot play against itself."))


def _near(
    section: Section,
    board: Board,
    seats: dict[str, Pair | None],
    table: int | None,
    editing: TravellerLine | None,
) -> list[TravellerLine]:
    """The board's other lines of these pairs, or at this table: read once for
    the checks that a line may not clash with them."""
    ids = {pair.pk for pair in seats.values() if pair is not None}

    def near(x: TravellerLine) -> bool:
        if editing is not None and x.pk == editing.pk:
            return False
        here = table is not None and x.table == table
        return here or x.ns_pair_id in ids or x.ew_pair_id in ids

    return [x for x in section_board_lines(board.pk, section.pk) if near(x)]


def _check_not_twice(
    board: Board, pairs: Sequence[Pair], near: list[TravellerLine]
) -> None:
    for pair in pairs:
        other = next((x for x in near if pair.pk in (x.ns_pair_id, x.ew_pair_id)), None)
        if other is not None:
            raise LineTaken(
                _(
                    "Pair %(pair)s already has a result on board %(board)s "
                    "(%(ns)s v %(ew)s). Correct that line instead."
                )
                % {
                    "pair": pair.label,
                    "board": board.number,
                    "ns": other.ns_pair.label,
                    "ew": other.ew_pair.label,
                }
            )


def _check_table(
    section: Section, board: Board, table: int | None, near: list[TravellerLine]
) -> None:
    here = (section.pk, table)
    if table is not None and any((x.section_id, x.table) == here for x in near):
        raise ValidationError(
            _("Table %(table)s already has a result on board %(board)s.")
            % {"table": table, "board": board.number}
        )


def _board(section: Section, number: int) -> Board:
    if number < 1:
        raise ValidationError(_("Board numbers start at 1."))
    return board_ensure(section.session_id, number)


def log_event(event_id: int, user: Actor, action: str, text: str) -> None:
    """Write one change of the event to its change log."""
    ChangeLog.objects.create(
        event_id=event_id,
        **actor_fields(user),
        action=action,
        description=text,
    )


def _save(line: TravellerLine) -> TravellerLine:
    try:
        with transaction.atomic():
            # The related rows were just read by the caller: no need to look
            # each up again; the database's constraints have the last word.
            line.full_clean(
                exclude=["section", "board", "ns_pair", "ew_pair", "south", "west"],
                validate_unique=False,
                validate_constraints=False,
            )
            line.save()
    except IntegrityError as exc:  # a concurrent entry won the race
        raise ValidationError(
            _("This result clashes with one entered at the same time: %(error)s")
            % {"error": exc}
        ) from exc
    return line


def _check_seats(
    section: Section,
    board: Board,
    seats: dict[str, Pair | None],
    editing: TravellerLine | None,
    near: list[TravellerLine],
) -> None:
    """A pairs line names two pairs; an individual's four players (N, E, S, W)."""
    north, east = seats["N"], seats["E"]
    assert north is not None and east is not None
    if section.session.event.individual:
        check_players(section, seats)
        check_players_not_twice(board, seats, editing)
        return
    if seats["S"] is not None or seats["W"] is not None:
        raise ValidationError(_("South and West are entered only in an individual."))
    _check_pairs(section, north, east)
    _check_not_twice(board, (north, east), near)


def _check_line(
    section: Section,
    board: Board,
    seats: dict[str, Pair | None],
    table: int | None,
    editing: TravellerLine | None,
) -> None:
    near = _near(section, board, seats, table, editing)
    _check_seats(section, board, seats, editing, near)
    _check_table(section, board, table, near)


def _scheduled(
    section: Section,
    board: Board,
    seats: dict[str, Pair | None],
    round_no: int | None,
    table: int | None,
) -> tuple[int | None, int | None]:
    """The line's round and table: in a barometer session, which counts each
    result in its round, those the movement seats its pairs (or players) at on
    the board when left out, and a line the movement does not seat is refused."""
    barometer = SectionMovement.objects.filter(section=section, barometer=True)
    if (round_no is not None and table is not None) or not barometer.exists():
        return round_no, table
    north, east = seats["N"], seats["E"]
    seating = (
        Seating.objects.filter(
            section=section, first_board__lte=board.number, last_board__gte=board.number
        )
        .filter(
            Q(ns_pair=north, ew_pair=east, arrow_switched=False)
            | Q(ns_pair=east, ew_pair=north, arrow_switched=True)
        )
        .first()
    )
    if seating is None:
        raise ValidationError(
            _(
                "Round: in a barometer session each result counts in its round, "
                "and the movement does not seat %(ns)s against %(ew)s on board "
                "%(board)s. Give the round and the table."
            )
            % {"ns": _label(north), "ew": _label(east), "board": board.number}
        )
    return round_no or seating.round, table or seating.table


def _label(pair: Pair | None) -> str:
    return pair.label if pair is not None else "—"


@transaction.atomic
def line_record(
    *,
    section: Section,
    board_number: int,
    ns_pair: Pair,
    ew_pair: Pair,
    south: Pair | None = None,
    west: Pair | None = None,
    result: Result | None,
    lead: str = "",
    round_no: int | None = None,
    table: int | None = None,
    line: TravellerLine | None = None,
    user: Actor = None,
) -> TravellerLine:
    """Enter a table result (or, with ``line``, correct one). ``result=None``
    records that the board was not played, to be adjusted by the director. In
    an individual ``ns_pair`` and ``ew_pair`` are North and East, ``south`` and
    ``west`` their partners."""
    board = _board(section, board_number)
    seats = {"N": ns_pair, "E": ew_pair, "S": south, "W": west}
    round_no, table = _scheduled(section, board, seats, round_no, table)
    _check_line(section, board, seats, table, line)
    before, was = (line_text(line), snapshot(line)) if line else ("", None)
    line = line or TravellerLine()
    line.section, line.board = section, board
    line.ns_pair, line.ew_pair = ns_pair, ew_pair
    line.south, line.west = south, west
    line.round, line.table, line.lead = round_no, table, lead
    line.no_result = result is None
    if result is None:
        store_result(line, Result(None), 0)
        line.score_ns = None
    else:
        store_result(line, result, ns_score(result, vulnerability(board_number)))
    _save(line)
    action = "corrected" if before else "entered"
    text = f"{before} → {line_text(line)}".strip(" →")
    line_logged(line, action, text, was, user)
    return line


@transaction.atomic
def line_delete(*, line: TravellerLine, user: Actor = None) -> None:
    was, text = snapshot(line), line_text(line)
    line.delete()
    line_logged(line, "deleted", text, was, user)


@transaction.atomic
def artificial_set(
    *,
    line: TravellerLine,
    ns: str,
    ew: str,
    user: Actor = None,
) -> TravellerLine:
    """Give each side A60, A50 or A40 ('' keeps its table result)."""
    if bool(ns) != bool(ew):
        raise ValidationError(
            _("Give both sides an artificial score, or neither (use a split score).")
        )
    was = snapshot(line)
    line.ns_artificial, line.ew_artificial = ns, ew
    _save(line)
    line_logged(line, "adjusted", line_text(line), was, user)
    return line


@transaction.atomic
def version_set(
    *, line: TravellerLine, version: str, user: Actor = None
) -> TravellerLine:
    """Fouled board (Law 87): the version of the deal this table played; lines
    are compared only with lines of the same version."""
    was = snapshot(line)
    line.version = version.strip()
    _save(line)
    text = f"{line_text(line)} (deal version {line.version or '—'})"
    line_logged(line, "fouled", text, was, user)
    return line


@transaction.atomic
def assigned_set(
    *,
    line: TravellerLine,
    side: str,
    parts: Sequence[tuple[Decimal, Result]],
    user: Actor = None,
) -> TravellerLine:
    """Assign one result, or several weighted ones (Law 12C1), to a side or both."""
    if parts and sum(w for w, _r in parts) != 100:
        raise ValidationError(
            _("The weights of an assigned score must add up to 100%.")
        )
    was = snapshot(line)
    line.assigned.filter(side__in=["", side] if side == "" else [side]).delete()
    for weight, result in parts:
        assigned = AssignedScore(line=line, side=side, weight_percent=weight)
        store_result(
            assigned, result, ns_score(result, vulnerability(line.board.number))
        )
        assigned.full_clean(exclude=["line"])
        assigned.save()
    text = f"{line_text(line)} ({len(parts)} assigned)"
    line_logged(line, "adjusted", text, was, user)
    return line


def line_text(line: TravellerLine) -> str:
    """A line as the change log shows it: 'B5 3NS-4EW 4S N = +420' (in an
    individual 'B5 3&1-7&12 4S N = +420', North&South-East&West)."""
    head = f"B{line.board.number} {line_players_text(line)}"
    if line.ns_artificial:
        return f"{head} {line.ns_artificial}/{line.ew_artificial}"
    if line.no_result:
        return f"{head} not played"
    return f"{head} {result_text(line)}"


def result_text(row: ContractFields) -> str:
    """A table result in English notation: '4S N = +420', 'Pass'."""
    result = result_of(row)
    if result.contract is None or result.declarer is None or result.tricks is None:
        return format_contract(None, Language.EN)
    tricks = format_tricks(result.contract, result.tricks)
    contract = format_contract(result.contract, Language.EN)
    return f"{contract} {result.declarer.value} {tricks} {row.score_ns or 0:+d}"


def line_entry_text(line: TravellerLine, language: Language = Language.EN) -> str:
    """A line as the director would type it, for correcting it."""
    result = result_of(line)
    if line.no_result:
        return ""
    if result.contract is None or result.declarer is None or result.tricks is None:
        return format_contract(None, language)
    parts = [
        format_contract(result.contract, language),
        format_seat(result.declarer, language),
        format_tricks(result.contract, result.tricks),
    ]
    if line.lead:
        parts.append(format_lead(parse_lead(line.lead, Language.EN), language))
    return " ".join(parts)
