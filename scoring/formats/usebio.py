"""USEBIO 1.2/1.3 reader (formats.md §1): XML into plain values, nothing scored.

Readers are tolerant of the forms producers write (pair numbers ``1NS``, ``1``
with a DIRECTION, ``(A) 1 NS``); what cannot be understood is refused with a
message naming the board and traveller line at fault.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date, datetime
from pathlib import Path
from typing import Final

from defusedxml import DefusedXmlException
from defusedxml import ElementTree as safe_xml

__all__ = ["UsebioError", "UsebioEvent", "UsebioLine", "UsebioPair", "read_usebio"]

SUPPORTED_TYPES = ("MP_PAIRS", "BUTLER_PAIRS", "CROSS_IMP")
# The tags each event type writes a line's points in (NS, EW).
POINTS_TAGS: Final[Mapping[str, tuple[str, str]]] = {
    "MP_PAIRS": ("NS_MATCH_POINTS", "EW_MATCH_POINTS"),
    "BUTLER_PAIRS": ("NS_BUTLER_POINTS", "EW_BUTLER_POINTS"),
    "CROSS_IMP": ("NS_CROSS_IMP_POINTS", "EW_CROSS_IMP_POINTS"),
}
ARTIFICIAL = re.compile(r"^A([456]0)([456]0)$")
PAIR_NUMBER = re.compile(
    r"^\s*(?:\((?P<section>[A-Za-z0-9]+)\)\s*)?(?P<number>\d+)\s*"
    r"(?P<direction>NS|EW|N-S|E-W)?\s*$",
    re.IGNORECASE,
)
SEATS = {"North": "N", "East": "E", "South": "S", "West": "W"}


class UsebioError(ValueError):
    pass


@dataclass(frozen=True)
class PairRef:
    section: str
    number: int
    direction: str  # "NS", "EW" or "" (Howell)


@dataclass(frozen=True)
class UsebioPair:
    label: str
    ref: PairRef
    names: tuple[str, ...]
    national_ids: tuple[str, ...]
    total: str
    percentage: str
    place: str


@dataclass(frozen=True)
class UsebioLine:
    where: str  # "board 5, line 3 (1NS v 2EW)" for messages
    board: int
    ns: PairRef
    ew: PairRef
    contract: str
    played_by: str
    lead: str
    tricks: str
    score: str
    artificial: tuple[str, str] | None  # ("A60", "A40") from a code like A6040
    points: tuple[str, str]  # the producer's NS and EW points, as written


@dataclass(frozen=True)
class UsebioEvent:
    event_type: str
    name: str
    club: str
    date: date | None
    winner_type: int
    program: str
    pairs: list[UsebioPair]
    lines: list[UsebioLine]
    deals: dict[int, str] = field(default_factory=dict)  # board -> PBN deal
    datums: dict[int, str] = field(default_factory=dict)  # board -> BOARD_AVERAGE


def _text(node: ET.Element | None, tag: str, default: str = "") -> str:
    found = None if node is None else node.find(tag)
    return (found.text or "").strip() if found is not None else default


def parse_pair(text: str, direction: str = "", *, where: str) -> PairRef:
    match = PAIR_NUMBER.match(text or "")
    if not match:
        raise UsebioError(f"{where}: pair number {text!r} is not understood")
    written = (match["direction"] or direction or "").upper().replace("-", "")
    return PairRef(match["section"] or "A", int(match["number"]), written)


def _date(text: str) -> date | None:
    if not text:
        return None
    try:
        return datetime.strptime(text, "%d/%m/%Y").date()
    except ValueError:
        raise UsebioError(f"DATE {text!r} is not dd/mm/yyyy") from None


def _pairs(event: ET.Element) -> list[UsebioPair]:
    pairs = []
    for node in event.iter("PAIR"):
        label = _text(node, "PAIR_NUMBER")
        players = node.findall("PLAYER")
        pairs.append(
            UsebioPair(
                label=label,
                ref=parse_pair(label, _text(node, "DIRECTION"), where="PARTICIPANTS"),
                names=tuple(_text(p, "PLAYER_NAME") for p in players),
                national_ids=tuple(_text(p, "NATIONAL_ID_NUMBER") for p in players),
                total=_text(node, "TOTAL_SCORE"),
                percentage=_text(node, "PERCENTAGE"),
                place=_text(node, "PLACE"),
            )
        )
    return pairs


def _line(
    node: ET.Element, board: int, index: int, two_winners: bool, event_type: str
) -> UsebioLine:
    ns_text, ew_text = _text(node, "NS_PAIR_NUMBER"), _text(node, "EW_PAIR_NUMBER")
    where = f"board {board}, traveller line {index} ({ns_text} v {ew_text})"
    score = _text(node, "SCORE")
    code = ARTIFICIAL.match(score.upper())
    ns_points, ew_points = POINTS_TAGS[event_type]
    return UsebioLine(
        where=where,
        board=board,
        ns=parse_pair(ns_text, "NS" if two_winners else "", where=where),
        ew=parse_pair(ew_text, "EW" if two_winners else "", where=where),
        contract=_text(node, "CONTRACT"),
        played_by=_text(node, "PLAYED_BY"),
        lead=_text(node, "LEAD"),
        tricks=_text(node, "TRICKS"),
        score=score,
        artificial=(f"A{code[1]}", f"A{code[2]}") if code else None,
        points=(_text(node, ns_points), _text(node, ew_points)),
    )


def _deal(board: ET.Element) -> str:
    hands = {SEATS.get(_text(h, "DIRECTION"), ""): h for h in board.findall("HAND")}
    if set(hands) != set("NESW"):
        return ""
    suits = ("SPADES", "HEARTS", "DIAMONDS", "CLUBS")
    return "N:" + " ".join(
        ".".join(_text(hands[s], suit) for suit in suits) for s in "NESW"
    )


def _board_number(board: ET.Element) -> int:
    text = _text(board, "BOARD_NUMBER")
    if not text.isdigit() or int(text) < 1:
        raise UsebioError(f"BOARD_NUMBER {text!r} is not a board number")
    return int(text)


def _root(path: Path | str) -> ET.Element:
    """The file's XML; entity definitions and external references are refused
    (they have no place in results and are how XML files attack readers)."""
    try:
        root = safe_xml.parse(path).getroot()
    except (ET.ParseError, OSError) as exc:
        raise UsebioError(f"cannot read {path}: {exc}") from None
    except DefusedXmlException as exc:
        raise UsebioError(f"{path} is refused: {exc}") from None
    if root is None:
        raise UsebioError(f"{path} has no XML element")
    return root


def read_usebio(path: Path | str) -> UsebioEvent:
    root = _root(path)
    event = root.find("EVENT")
    if root.tag != "USEBIO" or event is None:
        raise UsebioError("not a USEBIO file: no USEBIO/EVENT element")
    event_type = event.get("EVENT_TYPE", "")
    if event_type not in SUPPORTED_TYPES:
        raise UsebioError(f"EVENT_TYPE {event_type!r} is not supported")
    two_winners = _text(event, "WINNER_TYPE", "2") == "2"
    lines = [
        _line(node, _board_number(board), i, two_winners, event_type)
        for board in event.iter("BOARD")
        for i, node in enumerate(board.findall("TRAVELLER_LINE"), start=1)
    ]
    deals = {
        _board_number(board): _deal(board)
        for board in root.iter("BOARD")
        if board.find("HAND") is not None and _deal(board)
    }
    datums = {
        _board_number(board): _text(board, "BOARD_AVERAGE")
        for board in event.iter("BOARD")
        if _text(board, "BOARD_AVERAGE")
    }
    return UsebioEvent(
        event_type=event_type,
        name=_text(event, "EVENT_DESCRIPTION") or _text(event, "TITLE") or "Event",
        club=_text(root.find("CLUB"), "CLUB_NAME"),
        date=_date(_text(event, "DATE")),
        winner_type=2 if two_winners else 1,
        program=_text(event, "PROGRAM_NAME"),
        pairs=_pairs(event),
        lines=lines,
        deals=deals,
        datums=datums,
    )
