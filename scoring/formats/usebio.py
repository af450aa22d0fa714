"""USEBIO 1.2/1.3 reader (formats.md §1): XML into plain values, nothing scored.

Readers are tolerant of the forms producers write (pair numbers ``1NS``, ``1``
with a DIRECTION, ``(A) 1 NS``; the generic ``PAIRS`` event type of NZ Scorer's
converter, its scoring read from BOARD_SCORING_METHOD or else from the points
its lines carry; ``NP`` for a board not played); what cannot be understood is
refused with a message naming the board and traveller line, or the pair, at
fault.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date, datetime
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Final

from defusedxml import DefusedXmlException
from defusedxml import ElementTree as safe_xml

from .deals import DealError, normal_deal

__all__ = [
    "UsebioError",
    "UsebioEvent",
    "UsebioLine",
    "UsebioPair",
    "board_number",
    "parse_pair",
    "read_date",
    "read_deal",
    "read_deals",
    "read_line",
    "read_pairs",
    "read_root",
    "read_usebio",
    "text_of",
    "written_number",
]

SUPPORTED_TYPES = ("MP_PAIRS", "BUTLER_PAIRS", "CROSS_IMP")
GENERIC_PAIRS = "PAIRS"
# A generic PAIRS event's BOARD_SCORING_METHOD -> the event type it means.
SCORING_METHODS: Final[Mapping[str, str]] = {
    "MATCH_POINTS": "MP_PAIRS",
    "BUTLER_IMPS": "BUTLER_PAIRS",
    "BUTLER": "BUTLER_PAIRS",
    "CROSS_IMPS": "CROSS_IMP",
    "CROSS_IMP": "CROSS_IMP",
}
# The tags each event type writes a line's points in (NS, EW).
POINTS_TAGS: Final[Mapping[str, tuple[str, str]]] = {
    "MP_PAIRS": ("NS_MATCH_POINTS", "EW_MATCH_POINTS"),
    "BUTLER_PAIRS": ("NS_BUTLER_POINTS", "EW_BUTLER_POINTS"),
    "CROSS_IMP": ("NS_CROSS_IMP_POINTS", "EW_CROSS_IMP_POINTS"),
}
NOT_PLAYED = frozenset({"NP", "NOTPLAYED"})  # CONTRACT of a board not played
ARTIFICIAL = re.compile(r"^A([456]0)([456]0)$")
INTEGER = re.compile(r"[+-]?[0-9]+")
PAIR_NUMBER = re.compile(
    r"^\s*(?:\((?P<section>[A-Za-z0-9]+)\)\s*)?(?P<number>\d+)\s*"
    r"(?P<direction>NS|EW|N-S|E-W)?\s*$",
    re.IGNORECASE,
)
SEATS = {"North": "N", "East": "E", "South": "S", "West": "W"}
SUITS: Final = ("SPADES", "HEARTS", "DIAMONDS", "CLUBS")  # a PBN hand's order
HOLDING_BREAKS: Final = re.compile(r"[\s.:]")
# The largest file read: Compscore writes about 550 bytes a traveller line, so
# 200 tables on 27 boards with the hand records are 3 MB.
LARGEST_FILE: Final = 8 * 2**20


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
    total: str  # TOTAL_SCORE as written ("" when absent), a number
    percentage: str  # PERCENTAGE as written ("" when absent), a number
    place: str
    master_points: str = ""  # MASTER_POINTS_AWARDED (hundredths), "" when absent
    handicap: str = ""  # HANDICAP (percentage points, NZ Scorer), "" when absent


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
    not_played: bool = False  # CONTRACT NP: no result, for the director

    @property
    def written_score(self) -> int | None:
        """The NS score the file writes; None for a line not played, an
        artificial code or no score."""
        if self.not_played or self.artificial or not INTEGER.fullmatch(self.score):
            return None
        return int(self.score)


@dataclass(frozen=True)
class UsebioEvent:
    event_type: str  # MP_PAIRS, BUTLER_PAIRS or CROSS_IMP (a PAIRS event's kind)
    name: str
    club: str
    date: date | None
    winner_type: int
    program: str
    pairs: list[UsebioPair]
    lines: list[UsebioLine]
    deals: dict[int, str] = field(default_factory=dict)  # board -> PBN deal
    datums: dict[int, str] = field(default_factory=dict)  # board -> BOARD_AVERAGE
    club_number: str = ""  # CLUB_ID_NUMBER, the federation's number for the club
    written_type: str = ""  # EVENT_TYPE as written (PAIRS for a generic event)


def written_number(text: str) -> Decimal | None:
    """A number as a file writes it (``"442.22"``, ``"-3"``); None when it is not
    one (infinities and NaN are not)."""
    try:
        number = Decimal(text)
    except InvalidOperation:
        return None
    return number if number.is_finite() else None


def text_of(node: ET.Element | None, tag: str, default: str = "") -> str:
    found = None if node is None else node.find(tag)
    return (found.text or "").strip() if found is not None else default


def _number_text(node: ET.Element, tag: str, where: str) -> str:
    """The element's text, which must be a number when it is written at all."""
    text = text_of(node, tag)
    if text and written_number(text) is None:
        raise UsebioError(f"{where}: {tag} {text!r} is not a number")
    return text


def parse_pair(text: str, direction: str = "", *, where: str) -> PairRef:
    match = PAIR_NUMBER.match(text or "")
    if not match:
        raise UsebioError(f"{where}: pair number {text!r} is not understood")
    written = (match["direction"] or direction or "").upper().replace("-", "")
    return PairRef(match["section"] or "A", int(match["number"]), written)


def read_date(text: str) -> date | None:
    if not text:
        return None
    try:
        return datetime.strptime(text, "%d/%m/%Y").date()
    except ValueError:
        raise UsebioError(f"DATE {text!r} is not dd/mm/yyyy") from None


def read_pairs(event: ET.Element) -> list[UsebioPair]:
    pairs = []
    for node in event.iter("PAIR"):
        label = text_of(node, "PAIR_NUMBER")
        players = node.findall("PLAYER")
        where = f"PARTICIPANTS, pair {label}"
        pairs.append(
            UsebioPair(
                label=label,
                ref=parse_pair(label, text_of(node, "DIRECTION"), where="PARTICIPANTS"),
                names=tuple(text_of(p, "PLAYER_NAME") for p in players),
                national_ids=tuple(text_of(p, "NATIONAL_ID_NUMBER") for p in players),
                total=_number_text(node, "TOTAL_SCORE", where),
                percentage=_number_text(node, "PERCENTAGE", where),
                place=text_of(node, "PLACE"),
                master_points=text_of(node, "MASTER_POINTS_AWARDED"),
                handicap=_number_text(node, "HANDICAP", where),
            )
        )
    return pairs


def _where(node: ET.Element, board: int, index: int) -> str:
    ns, ew = text_of(node, "NS_PAIR_NUMBER"), text_of(node, "EW_PAIR_NUMBER")
    return f"board {board}, traveller line {index} ({ns} v {ew})"


def read_line(
    node: ET.Element,
    board: int,
    index: int,
    two_winners: bool,
    points: tuple[str, str],
) -> UsebioLine:
    """A TRAVELLER_LINE, its points read from the ``points`` tags (NS, EW)."""
    where = _where(node, board, index)
    ns_text, ew_text = text_of(node, "NS_PAIR_NUMBER"), text_of(node, "EW_PAIR_NUMBER")
    score, contract = text_of(node, "SCORE"), text_of(node, "CONTRACT")
    code = ARTIFICIAL.match(score.upper())
    ns_points, ew_points = points
    return UsebioLine(
        where=where,
        board=board,
        ns=parse_pair(ns_text, "NS" if two_winners else "", where=where),
        ew=parse_pair(ew_text, "EW" if two_winners else "", where=where),
        contract=contract,
        played_by=text_of(node, "PLAYED_BY"),
        lead=text_of(node, "LEAD"),
        tricks=text_of(node, "TRICKS"),
        score=score,
        artificial=(f"A{code[1]}", f"A{code[2]}") if code else None,
        points=(
            _number_text(node, ns_points, where),
            _number_text(node, ew_points, where),
        ),
        not_played=contract.upper().replace(" ", "") in NOT_PLAYED,
    )


def read_deals(root: ET.Element) -> dict[int, str]:
    """The deal of every board written with HAND elements, by board number."""
    return {
        board_number(board): read_deal(board)
        for board in root.iter("BOARD")
        if board.find("HAND") is not None
    }


def read_deal(board: ET.Element) -> str:
    """The board's four HAND elements as ``normal_deal`` writes the deal; four
    hands that are not 52 different cards refuse the file, naming the board (the
    rule of every deal the program reads, ``deals.normal_deal``)."""
    where = f"board {board_number(board)}"
    hands = board.findall("HAND")
    seats = [SEATS.get(text_of(hand, "DIRECTION"), "") for hand in hands]
    if sorted(seats) != sorted("NESW"):
        written = ", ".join(text_of(hand, "DIRECTION") or "?" for hand in hands)
        raise UsebioError(
            f"{where}: the HAND elements are for {written}, not North, East, "
            "South and West once each"
        )
    by_seat = dict(zip(seats, hands, strict=True))
    text = "N:" + " ".join(
        ".".join(_holding(by_seat[seat], suit, where) for suit in SUITS)
        for seat in "NESW"
    )
    try:
        return normal_deal(text)
    except DealError as exc:
        raise UsebioError(f"{where}: the deal is refused: {exc}") from None


def _holding(hand: ET.Element, suit: str, where: str) -> str:
    """A suit's cards as written; text that would change the meaning of the PBN
    deal it is put into (a space, a dot, a colon) is refused here."""
    cards = text_of(hand, suit)
    if HOLDING_BREAKS.search(cards):
        seat = text_of(hand, "DIRECTION")
        raise UsebioError(f"{where}: {seat} {suit} {cards!r} is not a holding")
    return cards


def board_number(board: ET.Element) -> int:
    text = text_of(board, "BOARD_NUMBER")
    if not INTEGER.fullmatch(text) or int(text) < 1:
        raise UsebioError(f"BOARD_NUMBER {text!r} is not a board number")
    return int(text)


def _event_type(event: ET.Element) -> str:
    """MP_PAIRS, BUTLER_PAIRS or CROSS_IMP: as written, or what a generic PAIRS
    event's BOARD_SCORING_METHOD (else its lines' points) says it is."""
    written = event.get("EVENT_TYPE", "")
    if written in SUPPORTED_TYPES:
        return written
    if written != GENERIC_PAIRS:
        raise UsebioError(
            f"EVENT_TYPE {written!r} is not supported: the importer takes "
            f"{', '.join(SUPPORTED_TYPES)} and {GENERIC_PAIRS} scored at "
            "matchpoints, Butler or cross-IMPs"
        )
    found = next(event.iter("BOARD_SCORING_METHOD"), None)
    method = (found.text or "").strip().upper() if found is not None else ""
    if not method:
        return _type_from_points(event)
    if method not in SCORING_METHODS:
        raise UsebioError(
            f"EVENT_TYPE {GENERIC_PAIRS} with BOARD_SCORING_METHOD {method!r} is "
            f"not supported: the importer takes {', '.join(sorted(SCORING_METHODS))}"
        )
    return SCORING_METHODS[method]


def _type_from_points(event: ET.Element) -> str:
    """A PAIRS event without BOARD_SCORING_METHOD: the kind whose points its
    lines carry (the first line carrying each kind, for the message)."""
    first: dict[str, str] = {}
    for board in event.iter("BOARD"):
        for i, node in enumerate(board.findall("TRAVELLER_LINE"), start=1):
            for kind, (ns_tag, ew_tag) in POINTS_TAGS.items():
                if node.find(ns_tag) is not None or node.find(ew_tag) is not None:
                    first.setdefault(kind, _where(node, board_number(board), i))
    if len(first) == 1:
        return next(iter(first))
    head = f"EVENT_TYPE {GENERIC_PAIRS} without BOARD_SCORING_METHOD"
    if not first:
        raise UsebioError(
            f"{head}: no traveller line carries matchpoints, Butler or cross-IMP "
            "points, so the scoring cannot be told"
        )
    mixed = "; ".join(f"{POINTS_TAGS[k][0]} on {where}" for k, where in first.items())
    raise UsebioError(f"{head}: the lines mix kinds of points ({mixed})")


def read_root(path: Path | str) -> ET.Element:
    """The file's XML; entity definitions and external references are refused
    (they have no place in results and are how XML files attack readers), and
    so is a file larger than any results file (``LARGEST_FILE``), unread."""
    try:
        size = Path(path).stat().st_size
    except OSError as exc:
        raise UsebioError(f"cannot read {path}: {exc}") from None
    if size > LARGEST_FILE:
        raise UsebioError(
            f"{Path(path).name} is {size / 2**20:.1f} MB: a results file is at "
            f"most {LARGEST_FILE // 2**20} MB"
        )
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
    root = read_root(path)
    event = root.find("EVENT")
    if root.tag != "USEBIO" or event is None:
        raise UsebioError("not a USEBIO file: no USEBIO/EVENT element")
    event_type = _event_type(event)
    two_winners = text_of(event, "WINNER_TYPE", "2") == "2"
    lines = [
        read_line(node, board_number(board), i, two_winners, POINTS_TAGS[event_type])
        for board in event.iter("BOARD")
        for i, node in enumerate(board.findall("TRAVELLER_LINE"), start=1)
    ]
    deals = read_deals(root)
    datums = {
        board_number(board): text_of(board, "BOARD_AVERAGE")
        for board in event.iter("BOARD")
        if text_of(board, "BOARD_AVERAGE")
    }
    return UsebioEvent(
        event_type=event_type,
        name=text_of(event, "EVENT_DESCRIPTION") or text_of(event, "TITLE") or "Event",
        club=text_of(root.find("CLUB"), "CLUB_NAME"),
        club_number=text_of(root.find("CLUB"), "CLUB_ID_NUMBER"),
        written_type=event.get("EVENT_TYPE", ""),
        date=read_date(text_of(event, "DATE")),
        winner_type=2 if two_winners else 1,
        program=text_of(event, "PROGRAM_NAME"),
        pairs=read_pairs(event),
        lines=lines,
        deals=deals,
        datums=datums,
    )
