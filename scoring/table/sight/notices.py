"""Corrections reach the table: the director's changes to a line this table
played, read from the change log on every poll of the round (no state kept in
a server process, so any number of them answer alike).

A notice names the board and the line before and after: "Board 7 was corrected
by the director: 4S= NS +420 → 4S-1 NS -50". The phone keeps which notices it
has shown.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.utils.translation import gettext as _

from scoring.engine.notation import Language, format_contract, format_tricks
from scoring.engine.types import Contract, Doubling, Strain
from scoring.models import ChangeLog, TableCode, TableEntry
from scoring.queries import corrections

__all__ = ["notices"]

NOTICES_SHOWN = 10
# The director's changes to a line (a table's own are not news to it).
ACTIONS = ("corrected", "adjusted", "deleted", "fouled", "undone", "entered")


def _result(state: dict[str, Any] | None) -> str:
    """A line's result as a notice shows it: "4S= NS +420", "A60/A40"."""
    if state is None:
        return "—"
    if state.get("ns_artificial"):
        return f"{state['ns_artificial']}/{state['ew_artificial']}"
    if state.get("no_result"):
        return _("not played")
    score = f"NS {int(state['score_ns'] or 0):+d}"
    if state.get("level") is None:
        return f"{format_contract(None, Language.EN)} {score}"
    contract = Contract(
        state["level"], Strain(state["strain"]), Doubling(state["doubling"] or "")
    )
    made = format_tricks(contract, state["tricks"])
    return f"{format_contract(contract, Language.EN)}{made} {state['declarer']} {score}"


def _text(change: ChangeLog, settled: set[int]) -> str:
    board = change.board
    if change.action == "entered" and change.line_id in settled:
        return _("Board %(board)s: dispute settled by the director: %(after)s") % {
            "board": board,
            "after": _result(change.after),
        }
    if change.action == "deleted":
        return _("Board %(board)s was deleted by the director: %(before)s") % {
            "board": board,
            "before": _result(change.before),
        }
    if change.action == "entered":
        return _("Board %(board)s was entered by the director: %(after)s") % {
            "board": board,
            "after": _result(change.after),
        }
    return _(
        "Board %(board)s was corrected by the director: %(before)s → %(after)s"
    ) % {
        "board": board,
        "before": _result(change.before),
        "after": _result(change.after),
    }


SIDES = ("ns_pair_id", "ew_pair_id", "south_id", "west_id")


def _concerns(change: ChangeLog, code: TableCode, pairs: set[int]) -> bool:
    """Whether the change is to a line played by these pairs, wherever they
    sat: notices belong to the pairs concerned, so the next pairs at a table
    never read the earlier pairs'. Only a phone that stands for no pair (no
    one sits at its table) reads its table's."""
    here = (code.section_id, code.table)
    for state in (change.before, change.after):
        if not state:
            continue
        if not pairs and (state.get("section_id"), state.get("table")) == here:
            return True
        if any(state.get(side) in pairs for side in SIDES):
            return True
    return False


def notices(code: TableCode, pairs: Iterable[int] = ()) -> list[dict[str, Any]]:
    """The director's latest changes to the lines of ``pairs`` (the pairs the
    phone stands for, wherever they played them; none: the lines of this
    table), oldest first."""
    ours = set(pairs)
    changes = [
        c
        for c in corrections(code.section.session_id, ACTIONS)
        if _concerns(c, code, ours)
    ]
    latest = sorted(changes, key=lambda c: c.pk)[-NOTICES_SHOWN:]
    settled = _settled([c.line_id for c in latest if c.action == "entered"])
    return [{"id": c.pk, "board": c.board, "text": _text(c, settled)} for c in latest]


def _settled(line_ids: list[int | None]) -> set[int]:
    """The lines among ``line_ids`` that settled a table's dispute."""
    if not any(line_ids):
        return set()
    found = TableEntry.objects.filter(
        line_id__in=[pk for pk in line_ids if pk], status=TableEntry.Status.SETTLED
    ).values_list("line_id", flat=True)
    return {pk for pk in found if pk is not None}
