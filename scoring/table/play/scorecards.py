"""The end of a round at a table: both pairs read the round's results as a
scorecard, each score from their own side, and confirm the round; the control
room lists the tables that have not.

When the opponents confirm on their own phone each pair confirms; when they
confirm on the scorer's phone, one confirmation is the table's.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from scoring.adapters import result_of
from scoring.engine.notation import format_tricks
from scoring.models import ContractFields, RoundConfirmation, TableCode, TravellerLine
from scoring.queries.scorecards import round_lines, table_confirmations
from scoring.table.play.codes import TablePhone
from scoring.table.play.refusals import Refused
from scoring.table.play.rounds import TableRound
from scoring.table.play.services import table_logged
from tournaments.models import Session

__all__ = [
    "contract_text",
    "round_confirm",
    "round_to_confirm",
    "round_waiting",
    "scorecard",
    "side_to_confirm",
    "side_waits",
    "side_score",
    "unconfirmed",
]

SIDES = ("NS", "EW")


def contract_text(row: ContractFields, not_played: bool = False) -> str:
    """A contract as the table API writes it: "4SX", "3NT", "Pass", "NP"."""
    if not_played:
        return "NP"
    if row.level is None:
        return "Pass"
    return f"{row.level}{row.strain}{row.doubling}"


def side_score(score_ns: int | None, side: str) -> int | None:
    """A score from one side: EW's is NS's with the sign turned."""
    if score_ns is None:
        return None
    return score_ns if side == "NS" else -score_ns


def _row(line: TravellerLine, side: str) -> dict[str, Any]:
    result = result_of(line)
    made = result.contract is not None and result.tricks is not None
    return {
        "board": line.board.number,
        "contract": contract_text(line, line.no_result),
        "declarer": line.declarer or None,
        "result": format_tricks(result.contract, result.tricks)  # type: ignore[arg-type]
        if made
        else "",
        "score": side_score(line.score_ns, side),
        "artificial": (line.ns_artificial if side == "NS" else line.ew_artificial)
        or None,
    }


def scorecard(code: TableCode, round_no: int, side: str) -> list[dict[str, Any]]:
    """The round's lines at this table, each score from ``side``."""
    lines = round_lines(code.section_id, code.table, round_no)
    return [_row(line, side) for line in lines]


def _needed(session: Session) -> set[str]:
    return set(SIDES) if session.table_confirm == Session.TableConfirm.OWN else set()


def _missing(done: set[str], needed: set[str]) -> list[str]:
    """The sides still to confirm ([] when the round is confirmed)."""
    if not needed:
        return [] if done else ["NS/EW"]
    return [side for side in SIDES if side in needed - done]  # NS first


def _before(rounds: set[int], state: TableRound) -> list[int]:
    """The rounds played before the one the table plays now (all, when done)."""
    last = (state.round or 0) + (1 if state.finished else 0)
    return sorted(r for r in rounds if r < last)


def _played_rounds(code: TableCode) -> set[int]:
    rounds = TravellerLine.objects.filter(
        section_id=code.section_id, table=code.table
    ).values_list("round", flat=True)
    return {r for r in rounds if r is not None}


def round_waiting(state: TableRound, side: str) -> int | None:
    """The first round the table has played and ``side`` has not confirmed
    yet; None when there is none."""
    code = state.code
    session = code.section.session
    rounds = state.played_rounds
    before = _before(_played_rounds(code) if rounds is None else set(rounds), state)
    if not before:
        return None
    done = table_confirmations(code.pk)
    for number in before:
        sides = {s for r, s in done if r == number}
        if side in sides or not _missing(sides, _needed(session)):
            continue
        return number
    return None


def side_to_confirm(code: TableCode, round_no: int, side: str) -> bool:
    """Whether ``side`` has still to confirm a round the table has played."""
    done = {s for number, s in table_confirmations(code.pk) if number == round_no}
    return side not in done and bool(_missing(done, _needed(code.section.session)))


def side_waits(code: TableCode, round_no: int, side: str) -> bool:
    """Whether ``side`` has still to confirm the round it played at the table."""
    return (
        side_to_confirm(code, round_no, side)
        and TravellerLine.objects.filter(
            section_id=code.section_id, table=code.table, round=round_no
        ).exists()
    )


def round_to_confirm(
    state: TableRound,
    phone: TablePhone,
    number: int | None,
    sees: Callable[[int], bool],
) -> dict[str, Any] | None:
    """Round ``number`` (``round_waiting``) as a scorecard from the phone's side,
    with the boards it ``sees`` (``sight.rule``); None when no round waits."""
    if number is None:
        return None
    lines = scorecard(state.code, number, phone.side)
    return {
        "round": number,
        "side": phone.side,
        "lines": [line for line in lines if sees(line["board"])],
    }


@transaction.atomic
def round_confirm(phone: TablePhone, round_no: int) -> RoundConfirmation:
    """The phone's pair confirms the round's scorecard (once; a repeat is no
    second confirmation)."""
    code = phone.code
    if not TravellerLine.objects.filter(
        section_id=code.section_id, table=code.table, round=round_no
    ).exists():
        message = _("This table has no result in round %(round)s.")
        raise Refused(409, message % {"round": round_no}, "round")
    found = RoundConfirmation.objects.filter(
        table=code, round=round_no, side=phone.side
    ).first()
    if found is not None:
        return found
    try:
        with transaction.atomic():
            confirmed = RoundConfirmation.objects.create(
                table=code, round=round_no, side=phone.side, seat=phone.seat
            )
    except IntegrityError:  # the same confirmation sent twice at once
        return RoundConfirmation.objects.get(
            table=code, round=round_no, side=phone.side
        )
    text = _("round %(round)s confirmed") % {"round": round_no}
    table_logged(code, phone.seat or phone.side, "confirmed", text)
    return confirmed


def unconfirmed(session: Session, states: list[TableRound]) -> list[dict[str, Any]]:
    """The tables with a played round not confirmed, and who is still to."""
    done: dict[tuple[int, int], set[str]] = {}
    for table_id, confirmed, side in RoundConfirmation.objects.filter(
        table__section__session=session
    ).values_list("table_id", "round", "side"):
        done.setdefault((table_id, confirmed), set()).add(side)
    played: dict[tuple[int, int], set[int]] = {}
    for section_id, table, played_round in TravellerLine.objects.filter(
        section__session=session, table__isnull=False, round__isnull=False
    ).values_list("section_id", "table", "round"):
        if table is not None and played_round is not None:
            played.setdefault((section_id, table), set()).add(played_round)
    needed = _needed(session)
    found = []
    for state in states:
        key = (state.code.section_id, state.code.table)
        for number in _before(played.get(key, set()), state):
            missing = _missing(done.get((state.code.pk, number), set()), needed)
            if missing:
                found.append({"code": state.code, "round": number, "sides": missing})
    return found
