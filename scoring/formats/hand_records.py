"""The deals of a PBN file by board number: a hand-record file from a dealing
program or machine, or the deals of a results file (formats.md §2, §6).

Every game with a ``Deal`` needs a board number; a board may come back in later
games (a results file repeats it for every table) but always with the same deal.
A tag the reader could not read, a deal that is not 52 different cards, or a
board dealt two ways refuses the whole file, naming the line.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .deals import DealError, normal_deal
from .pbn import PbnFile, PbnGame, decode_pbn, parse_pbn
from .problems import FormatError, gettext_noop

__all__ = [
    "HandRecord",
    "check_tags",
    "deals_of",
    "game_board",
    "hand_records",
    "read_hands",
    "read_hands_path",
]

UNKNOWN = ("", "?", "-")  # a Deal value that gives no deal


@dataclass(frozen=True, slots=True)
class HandRecord:
    board: int
    deal: str  # "N:<N> <E> <S> <W>", suits in rank order
    line: int  # where the file deals it (first time)


def read_hands(raw: bytes) -> dict[int, HandRecord]:
    """The deals of a PBN file's bytes (UTF-8 or ISO-8859-1)."""
    return hand_records(parse_pbn(decode_pbn(raw)))


def read_hands_path(path: str | Path) -> dict[int, HandRecord]:
    return read_hands(Path(path).read_bytes())


def check_tags(pbn: PbnFile) -> None:
    """Refuse a file with a line that opens a tag pair the reader cannot read."""
    if pbn.malformed:
        line, text = pbn.malformed[0]
        raise FormatError(
            gettext_noop('line %(line)s: %(text)s is not a tag pair [Name "value"]'),
            line=line,
            text=text[:60],
        )


def game_board(game: PbnGame) -> int | None:
    """The game's board number (None without a Board tag); refused when unreadable."""
    tag = game.tag("Board")
    if tag is None:
        return None
    value = tag.value.strip()
    if not value.isdigit() or int(value) < 1:
        raise FormatError(
            gettext_noop("line %(line)s: board number %(value)r is not a number"),
            line=tag.line,
            value=tag.value,
        )
    return int(value)


def hand_records(pbn: PbnFile) -> dict[int, HandRecord]:
    """Each board's deal; refused when the file has no deal at all."""
    check_tags(pbn)
    records = deals_of(pbn)
    if not records:
        raise FormatError(gettext_noop("the file holds no deal"))
    return records


def deals_of(pbn: PbnFile) -> dict[int, HandRecord]:
    """Each board's deal, for the boards the file deals."""
    records: dict[int, HandRecord] = {}
    for game in pbn.games:
        record = _record(game)
        if record is None:
            continue
        known = records.setdefault(record.board, record)
        if known.deal != record.deal:
            raise FormatError(
                gettext_noop(
                    "board %(board)s is dealt twice, differently "
                    "(lines %(first)s and %(second)s)"
                ),
                board=record.board,
                first=known.line,
                second=record.line,
            )
    return records


def _record(game: PbnGame) -> HandRecord | None:
    deal = game.tag("Deal")
    if deal is None or deal.value.strip() in UNKNOWN:
        return None
    board = game_board(game)
    if board is None:
        raise FormatError(
            gettext_noop("line %(line)s: a deal without a board number"),
            line=deal.line,
        )
    try:
        return HandRecord(board, normal_deal(deal.value), deal.line)
    except DealError as exc:
        raise FormatError(
            gettext_noop("board %(board)s (line %(line)s): %(problem)s"),
            board=board,
            line=deal.line,
            problem=exc,
        ) from None
