"""A hand-record PBN file for a set of deals (dealing.md §2): a game a board
with its dealer, vulnerability and deal, and when the deal is solved its
DoubleDummyTricks, OptimumResultTable and OptimumScore; the Generator tag names
the program. The file is plain ASCII, lines ending CR LF."""

from __future__ import annotations

from collections.abc import Mapping

from scoring.engine.boards import dealer, vulnerability

from .pbn_write import VULNERABLE, double_dummy_tags, tag_pair
from .scored_session import DoubleDummy

__all__ = ["write_hands_pbn"]


def write_hands_pbn(
    deals: Mapping[int, str],
    figures: Mapping[int, DoubleDummy],
    *,
    event: str,
    generator: str,
) -> bytes:
    """The deals (``"N:…"`` by board) and the known double dummy as PBN."""
    lines = ["% PBN 2.1", "% EXPORT", "%Content-type: text/x-pbn; charset=UTF-8"]
    for board in sorted(deals):
        lines += [
            tag_pair("Event", event or "?"),
            tag_pair("Site", "?"),
            tag_pair("Date", "????.??.??"),
            tag_pair("Board", str(board)),
            *(tag_pair(seat, "?") for seat in ("West", "North", "East", "South")),
            tag_pair("Dealer", dealer(board).value),
            tag_pair("Vulnerable", VULNERABLE[vulnerability(board)]),
            tag_pair("Deal", deals[board]),
            *(tag_pair(name, "?") for name in ("Scoring", "Declarer", "Contract")),
            tag_pair("Result", "?"),
            tag_pair("Generator", generator),
            *_double_dummy(figures.get(board)),
            "",
        ]
    return ("\r\n".join(lines) + "\r\n").encode("utf-8")


def _double_dummy(found: DoubleDummy | None) -> list[str]:
    if found is None:
        return []
    digits = "".join(f"{tricks:x}" for _seat, _strain, tricks in found.tricks)
    return [tag_pair("DoubleDummyTricks", digits), *double_dummy_tags(found)]
