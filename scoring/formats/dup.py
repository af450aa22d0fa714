"""Duplimate for DOS' ``.dup`` file (dealing.md §2): 156 bytes a board.

Bytes 1–78 are North's, East's and South's cards as two-digit card numbers
(01 = ♠A … 52 = ♣2, West has the rest); bytes 79–146 the four hands again, 17
bytes each, a suit symbol in code page 437 (♠ 06, ♥ 03, ♦ 04, ♣ 05) before the
suit's ranks; bytes 147–156 random hands (Y/N), counting backwards (Y/N), the
lowest board (3, left-aligned), copies (2, right-aligned), the highest board (3,
left-aligned). Boards follow each other from the lowest.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from scoring.engine.dealing import deal_pbn, pbn_deal

from .hand_records import HandRecord
from .problems import FormatError, gettext_noop

__all__ = ["RECORD", "read_dup", "write_dup"]

RECORD: Final = 156
RANKS: Final = "AKQJT98765432"
SUITS: Final = b"\x06\x03\x04\x05"  # ♠ ♥ ♦ ♣ in code page 437


def write_dup(deals: Mapping[int, str]) -> bytes:
    """The boards' deals (``"N:…"``, consecutive boards) as a .dup."""
    first, last = min(deals), max(deals)
    if first < 1 or last > 999 or len(deals) != last - first + 1:
        raise ValueError("a .dup holds consecutive boards from 1 to 999")
    trailer = f"YN{first:<3d}{1:>2d}{last:<3d}".encode("ascii")
    return b"".join(
        _numbers(owners) + _hands(owners) + trailer
        for owners in (pbn_deal(deals[board]) for board in range(first, last + 1))
    )


def _numbers(owners: tuple[int, ...]) -> bytes:
    return b"".join(
        f"{card + 1:02d}".encode("ascii")
        for seat in range(3)
        for card in range(52)
        if owners[card] == seat
    )


def _hands(owners: tuple[int, ...]) -> bytes:
    return b"".join(
        bytes([SUITS[suit]])
        + "".join(
            RANKS[c % 13] for c in range(suit * 13, suit * 13 + 13) if owners[c] == seat
        ).encode("ascii")
        for seat in range(4)
        for suit in range(4)
    )


def read_dup(raw: bytes) -> dict[int, HandRecord]:
    """The deals of a .dup file's bytes, by board number."""
    if not raw or len(raw) % RECORD:
        raise FormatError(
            gettext_noop("%(size)s bytes is not a whole number of 156-byte boards"),
            size=len(raw),
        )
    lowest = raw[148:151].decode("latin-1").strip()
    if not lowest.isdigit():
        raise FormatError(gettext_noop("the first board's number is not a number"))
    records: dict[int, HandRecord] = {}
    for index in range(len(raw) // RECORD):
        board = int(lowest) + index
        record = raw[index * RECORD : (index + 1) * RECORD]
        records[board] = HandRecord(board, _deal(board, record), index + 1)
    return records


def _deal(board: int, record: bytes) -> str:
    """The deal of one board's record, its two parts agreeing."""
    owners = [3] * 52
    text = record[:78].decode("latin-1")
    for position in range(39):
        number = text[2 * position : 2 * position + 2]
        if not number.isdigit() or not 1 <= int(number) <= 52:
            raise FormatError(
                gettext_noop("board %(board)s: %(text)r is not a card number"),
                board=board,
                text=number,
            )
        owners[int(number) - 1] = position // 13
    try:
        deal = tuple(owners)
        if _hands(deal) != record[78:146]:
            raise ValueError
        return deal_pbn(deal)
    except ValueError:
        raise FormatError(
            gettext_noop("board %(board)s: the card numbers and hands disagree"),
            board=board,
        ) from None
