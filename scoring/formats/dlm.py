"""Duplimate for Windows' ``.dlm`` file (dealing.md §2): INI text, CR LF.

Each board is 26 letters, letter i being ``'a' + 4·owner(card 2i−1) +
owner(card 2i)``, and a 3-digit checksum, the board number XOR each letter's
code. The header's checksum is Duplicates XOR From board XOR To board XOR 1
when the status is Show. The file always lists boards 01 to 99; one outside
From–To holds a fixed filler deal. The reader refuses a file whose checksums do
not match, naming the board.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import reduce
from typing import Final

from scoring.engine.dealing import deal_pbn, pbn_deal

from .hand_records import HandRecord
from .problems import FormatError, gettext_noop

__all__ = ["read_dlm", "write_dlm"]

BOARDS: Final = 99
FILLER: Final = "aaaaaabffffffkkkkkklpppppp"
_BOARD = re.compile(r"^Board (\d\d)=([a-p]{26})(\d{3})$")


def board_checksum(board: int, letters: str) -> int:
    return reduce(lambda total, letter: total ^ ord(letter), letters, board)


def board_letters(deal: str) -> str:
    owners = pbn_deal(deal)
    return "".join(
        chr(ord("a") + 4 * owners[2 * i] + owners[2 * i + 1]) for i in range(26)
    )


def write_dlm(deals: Mapping[int, str], headline: str) -> bytes:
    """The boards' deals (``"N:…"`` by board 1–99, consecutive) as a .dlm."""
    first, last = min(deals), max(deals)
    if first < 1 or last > BOARDS or len(deals) != last - first + 1:
        raise ValueError("a .dlm holds consecutive boards from 1 to 99")
    duplicates, show = 1, 1
    header = duplicates ^ first ^ last ^ show
    lines = [
        "[Document]",
        "Headline=" + " ".join(headline.split())[:60],
        "Status=Show",
        f"Duplicates={duplicates}",
        f"From board={first}",
        f"To board={last}",
        "Next board to duplimate=0",
        "PrintOuts=0",
        "Crypto key=0",
        f"Checksum={header}",
    ]
    for board in range(1, BOARDS + 1):
        letters = board_letters(deals[board]) if board in deals else FILLER
        check = board_checksum(board, letters)
        lines += [
            f"Duplicates {board:02d}=0",
            f"Board {board:02d}={letters}{check:03d}",
        ]
    # Duplimate is a Windows program: its text is Windows-1252.
    return ("\r\n".join(lines) + "\r\n").encode("cp1252", errors="replace")


def read_dlm(raw: bytes) -> dict[int, HandRecord]:
    """The deals of the boards From–To of a .dlm file's bytes."""
    values, lines = _values(raw)
    first, last = _number(values, "From board"), _number(values, "To board")
    show = 1 if values.get("Status", "").lower() == "show" else 0
    expected = _number(values, "Duplicates") ^ first ^ last ^ show
    if _number(values, "Checksum") != expected:
        raise FormatError(
            gettext_noop("the header's checksum is not %(expected)s"),
            expected=expected,
        )
    records: dict[int, HandRecord] = {}
    for board in range(first, last + 1):
        line = lines.get(board)
        if line is None:
            raise FormatError(gettext_noop("board %(board)s is missing"), board=board)
        records[board] = _board(board, *line)
    if not records:
        raise FormatError(gettext_noop("the file holds no deal"))
    return records


def _values(raw: bytes) -> tuple[dict[str, str], dict[int, tuple[str, int]]]:
    """The header's values, and each board's line with its line number."""
    values: dict[str, str] = {}
    boards: dict[int, tuple[str, int]] = {}
    for number, line in enumerate(raw.decode("cp1252", "replace").splitlines(), 1):
        name, _, value = line.strip().partition("=")
        if name.startswith("Board "):
            board = name[6:].strip()
            boards[int(board) if board.isdigit() else 0] = (line.strip(), number)
        elif value:
            values[name.strip()] = value.strip()
    if not values and not boards:
        raise FormatError(gettext_noop("the file is not a .dlm file"))
    return values, boards


def _number(values: dict[str, str], name: str) -> int:
    value = values.get(name, "")
    if not value.isdigit():
        raise FormatError(
            gettext_noop("the header's %(name)s is %(value)r, not a number"),
            name=name,
            value=value,
        )
    return int(value)


def _board(board: int, line: str, number: int) -> HandRecord:
    match = _BOARD.match(line)
    if match is None:
        raise FormatError(
            gettext_noop(
                "line %(line)s: board %(board)s is not 26 letters a–p and 3 digits"
            ),
            line=number,
            board=board,
        )
    letters, written = match[2], int(match[3])
    if board_checksum(board, letters) != written:
        raise FormatError(
            gettext_noop("line %(line)s: board %(board)s's checksum does not match"),
            line=number,
            board=board,
        )
    owners = tuple(o for c in letters for o in divmod(ord(c) - ord("a"), 4))
    try:
        return HandRecord(board, deal_pbn(owners), number)
    except ValueError:
        raise FormatError(
            gettext_noop(
                "line %(line)s: board %(board)s does not deal 13 cards a hand"
            ),
            line=number,
            board=board,
        ) from None
