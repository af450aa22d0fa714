"""The warnings a table reads on a result it sends, from the pure rules of
``scoring.engine.plausible``: the deal and double dummy when the club dealt from
a hand record, the board's other results so far. A warning never changes the
result; only a lead the leader does not hold is refused (when the deal is known).

What is read from a deal or from other tables' results is answered only to a
result sent, for a board the table plays now (``services.entry_send`` checks the
round first), never to the score's preview (``sight.rule``); and only for a few
sends of a board, so that no phone reads a hand or the double dummy card by card.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from django.utils.translation import get_language, gettext_noop
from django.utils.translation import gettext as _

from scoring.engine.boards import vulnerability
from scoring.engine.plausible import (
    Doubt,
    declarer_doubt,
    hands_of,
    lead_doubt,
    score_doubt,
)
from scoring.engine.types import Result, Seat, Side, Strain
from scoring.models import TableCode, TableEntry
from scoring.queries.sends import board_sends, other_tables_results
from scoring.reports.lines import lead_label
from scoring.table.play.refusals import Refused
from tournaments.models import Board

__all__ = [
    "LEAD_CHECKS",
    "WARNED_SENDS",
    "BoardFacts",
    "board_facts",
    "lead_refusal",
    "sent_doubts",
    "sent_warnings",
]

# A board's lead is checked against its deal for the table's first refusals
# only, and its warnings come with its first sends only: past that the answer
# is the same whatever the deal, so the phone cannot read it a card at a time.
LEAD_CHECKS = 3
WARNED_SENDS = 3

SEAT_NAMES = {
    "N": gettext_noop("North"),
    "E": gettext_noop("East"),
    "S": gettext_noop("South"),
    "W": gettext_noop("West"),
}
SIDE_NAMES = {"NS": gettext_noop("North-South"), "EW": gettext_noop("East-West")}


@dataclass(frozen=True)
class BoardFacts:
    """What the rules may know of a board: its deal and the other tables'."""

    hands: dict[Seat, frozenset[str]]
    double_dummy: dict[str, dict[str, int]] | None
    scores: list[int]
    declared: list[tuple[Side, Strain]]


def _hands(board: Board | None) -> dict[Seat, frozenset[str]]:
    return hands_of(board.deal) if board and board.deal else {}


def board_facts(code: TableCode, board: Board) -> BoardFacts:
    """What the rules may know of ``board`` at the table of ``code``."""
    solved = board.solved
    rows = other_tables_results(code.section_id, board.pk, code.table)
    scores = [score for score, _d, _s in rows if score is not None]
    declared = [(Seat(d).side, Strain(s)) for _score, d, s in rows if d and s]
    return BoardFacts(
        hands=_hands(board),
        double_dummy=(solved or {}).get("double_dummy"),
        scores=scores,
        declared=declared,
    )


def _said(doubt: Doubt) -> str:
    d = doubt.details
    if doubt.rule == "lead":
        return _(
            "Check the opening lead: %(leader)s, on lead, does not hold %(lead)s."
        ) % {
            "leader": _(SEAT_NAMES[str(d["leader"])]),
            "lead": lead_label(str(d["lead"])),
        }
    if doubt.rule == "declarer":
        return _(
            "Check the declarer: this contract fits %(side)s, not the side chosen."
        ) % {"side": _(SIDE_NAMES[str(d["side"])])}
    return _(
        "Check the tricks and the declarer: double dummy gives %(seat)s "
        "%(tricks)s tricks in %(strain)s (NS %(score)s), far from this score "
        "and from the board's results so far."
    ) % {
        "seat": _(SEAT_NAMES[str(d["seat"])]),
        "tricks": d["tricks"],
        "strain": d["strain"],
        "score": f"{int(d['score']):+d}",
    }


def sent_doubts(
    code: TableCode, entry: TableEntry, result: Result | None
) -> list[dict[str, Any]]:
    """Each warning on a result just sent (``entry``), as rule, field, message:
    tricks and declarer far from double dummy and the board's results so far.
    The lead's rule refuses the send instead (``lead_refusal``)."""
    if result is None or result.contract is None:
        return []
    if board_sends(code.pk, entry.board_id) > WARNED_SENDS:
        return []
    number = entry.board.number
    facts = board_facts(code, entry.board)
    found = [
        score_doubt(result, vulnerability(number), facts.double_dummy, facts.scores),
        declarer_doubt(result, facts.double_dummy, facts.declared),
    ]
    return [
        {"rule": d.rule, "field": d.field, "message": _said(d)}
        for d in found
        if d is not None
    ]


# The warnings answered to each result sent, by entry, client id and language:
# a retry (the phone missed the answer) gets the same again without reading
# the board and the other tables' results again. Per process, the oldest
# dropped past ANSWERED_AT_MOST; a retry that finds none here reads them again.
ANSWERED_AT_MOST = 2048
_answered: OrderedDict[tuple[int, str, str], list[dict[str, Any]]] = OrderedDict()
_answered_lock = threading.Lock()


def sent_warnings(
    code: TableCode, entry: TableEntry, result: Result | None, created: bool
) -> list[dict[str, Any]]:
    """``sent_doubts`` of a result sent; for a repeat of the send (not
    ``created``), the warnings its first answer gave."""
    key = (entry.pk, entry.client_id, get_language() or "")
    if not created:
        with _answered_lock:
            found = _answered.get(key)
        if found is not None:
            return found
    found = sent_doubts(code, entry, result)
    with _answered_lock:
        _answered[key] = found
        while len(_answered) > ANSWERED_AT_MOST:
            _answered.popitem(last=False)
    return found


def lead_refusal(board: Board, result: Result | None, lead: str) -> Refused | None:
    """The refusal of a lead the opening leader does not hold, when the deal of
    ``board`` is known (None: the lead may go). For a board the table plays
    now only."""
    if result is None or not lead:
        return None
    # Only the deal: the other tables' results are no reason to refuse.
    doubt = lead_doubt(result, lead, _hands(board))
    return None if doubt is None else Refused(400, _said(doubt), "lead")
