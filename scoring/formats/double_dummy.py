"""Double-dummy tricks and par of known deals, for PBN's OptimumResultTable and
OptimumScore (formats.md §2: always our own figures, computed with DDS).

DDS (Bo Haglund, Soren Hein; Apache-2.0) through endplay 0.5.12 (MIT): a deal's
table of 20 contracts costs about 80 ms (``calc_all_tables``, which solves deals
in threads, measured slower on two cores), and the par of each board is read
from its table without solving again, for the board's vulnerability and dealer
(through ``par``'s explicit tables). Tables are kept per deal, so a deal is
solved once per process. A deal that is not four 13-card hands of 52 different
cards is left out. DDS keeps per-process working memory, so one solve runs at a
time.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Collection, Mapping
from typing import Any, Final

from endplay.dds import calc_dd_table
from endplay.dds import par as dds_par
from endplay.types import Deal, Denom, Player

from scoring.engine.boards import dealer, vulnerability

from .par import (
    ENDPLAY_TO_DOUBLING,
    ENDPLAY_TO_SEAT,
    ENDPLAY_TO_STRAIN,
    SEAT_TO_ENDPLAY,
    VUL_TO_ENDPLAY,
)
from .scored_session import DoubleDummy

__all__ = ["deal_analysis", "double_dummy"]

# The rows of an OptimumResultTable, in the order PBN files write them.
DECLARERS: Final = {"N": Player.north, "S": Player.south,
                    "E": Player.east, "W": Player.west}  # fmt: skip
STRAINS: Final = {"NT": Denom.nt, "S": Denom.spades, "H": Denom.hearts,
                  "D": Denom.diamonds, "C": Denom.clubs}  # fmt: skip
DEALS_SOLVED: Final = 4096  # double dummy tables remembered between calls

_lock = threading.Lock()
_tables: OrderedDict[str, Any] = OrderedDict()  # deal -> endplay's DDTable


def double_dummy(deals: Mapping[int, str]) -> dict[int, DoubleDummy]:
    """Board number -> tricks and par, for the boards whose deal is complete."""
    full = {number: deal for number, deal in deals.items() if _complete(deal)}
    with _lock:
        tables = _solved(set(full.values()))
        return {number: _figures(number, tables[deal]) for number, deal in full.items()}


def deal_analysis(number: int, deal: str) -> dict[str, Any] | None:
    """Board ``number``'s deal as stored on the board: tricks by declarer and
    strain, ``{"N": {"NT": 9, "S": 7, ...}, ...}``, and par, ``{"score_ns": 420,
    "contracts": ["4S N", "4S S"]}`` (a sacrifice with its result: "5DX E -2");
    None for a deal that is not complete."""
    if not _complete(deal):
        return None
    with _lock:
        table = _solved([deal])[deal]
        found = dds_par(
            table,
            VUL_TO_ENDPLAY[vulnerability(number)],
            SEAT_TO_ENDPLAY[dealer(number)],
        )
        # endplay reuses one buffer while iterating: read each contract at once.
        contracts = [_contract_text(contract) for contract in found]
        score = int(found.score)
    tricks = {
        seat: {
            strain: int(table[denom, DECLARERS[seat]])
            for strain, denom in STRAINS.items()
        }
        for seat in "NESW"
    }
    return {"double_dummy": tricks, "par": {"score_ns": score, "contracts": contracts}}


def stored_figures(analysis: Mapping[str, Any]) -> DoubleDummy | None:
    """The figures of an analysis as ``deal_analysis`` stores it (None when the
    deal was not complete)."""
    table, par = analysis.get("double_dummy"), analysis.get("par")
    if not table or not par:
        return None
    tricks = tuple(
        (seat, strain, int(table[seat][strain]))
        for seat in DECLARERS
        for strain in STRAINS
    )
    return DoubleDummy(tricks, int(par["score_ns"]))


def _contract_text(contract: Any) -> str:
    """ "4S N", "3NT S +1", "5DX E -2"."""
    strain = ENDPLAY_TO_STRAIN[contract.denom].value
    doubling = ENDPLAY_TO_DOUBLING[contract.penalty].value
    seat = ENDPLAY_TO_SEAT[contract.declarer].value
    result = int(contract.result)
    text = f"{int(contract.level)}{strain}{doubling} {seat}"
    return f"{text} {result:+d}" if result else text


def _complete(deal: str) -> bool:
    try:
        hands = [set(Deal(deal)[player]) for player in Player]
    except (ValueError, KeyError, IndexError):
        return False
    return all(len(hand) == 13 for hand in hands) and len(set().union(*hands)) == 52


def _solved(deals: Collection[str]) -> dict[str, Any]:
    for deal in deals:
        if deal not in _tables:
            _tables[deal] = calc_dd_table(Deal(deal))
    found = {deal: _tables[deal] for deal in deals}
    for deal in found:
        _tables.move_to_end(deal)
    while len(_tables) > DEALS_SOLVED:
        _tables.popitem(last=False)
    return found


def _figures(number: int, table: Any) -> DoubleDummy:
    tricks = tuple(
        (seat, strain, int(table[denom, player]))
        for seat, player in DECLARERS.items()
        for strain, denom in STRAINS.items()
    )
    par = dds_par(
        table,
        VUL_TO_ENDPLAY[vulnerability(number)],
        SEAT_TO_ENDPLAY[dealer(number)],
    )
    return DoubleDummy(tricks, int(par.score))
