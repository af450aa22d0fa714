"""USEBIO 1.2 writer (formats.md §1): a scored session as XML, laid out as the
club programs in circulation write it (Compscore): CLUB, then EVENT with its
PARTICIPANTS and BOARDs of TRAVELLER_LINEs, then the deals in a HANDSET.

Pair numbers are written ``1NS`` / ``1EW`` (plain ``3`` in a Howell) with a
DIRECTION, and ``(B) 1NS`` when the session has several sections; leads as
Compscore writes them, rank then suit (``QD``, ``TS``); an artificial score as
its code (``A6040``). Master points are written only as the director awarded
them (``Entrant.master_points``, in hundredths). Team events are written as
USEBIO carries them in files read by other programs (a TEAM's number and name
as attributes, its pairs, and a MATCH per match with the teams' scores and the
boards of both rooms); the points of a team line (``NS_IMPS``/``EW_IMPS``) are
this program's naming.

An individual (``EVENT_TYPE="INDIVIDUAL"``) lists its players directly under
PARTICIPANTS: number, name, member number, place, total and percentage; its
traveller lines name North and East in NS_PAIR_NUMBER and EW_PAIR_NUMBER, the
only player elements USEBIO has on a line (South and West are not written).

Every value goes through ElementTree, which escapes it; characters XML 1.0
cannot hold are left out. The file is UTF-8 with an explicit declaration.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Mapping
from typing import Final

from .scored_session import (
    Entrant,
    Kind,
    Line,
    MatchScore,
    ScoredBoard,
    ScoredSession,
    artificial_code,
)
from .usebio import GENERIC_PAIRS, POINTS_TAGS

__all__ = ["USEBIO_TYPE", "write_usebio"]

USEBIO_TYPE: Final = "application/xml"
VERSION: Final = "1.2"
DOCTYPE: Final = (
    '<!DOCTYPE USEBIO SYSTEM "http://www.ebu.co.uk/usebio/usebio_v1_2.dtd">'
)
EVENT_TYPES: Final[Mapping[Kind, str]] = {
    Kind.MATCHPOINTS: "MP_PAIRS",
    Kind.BUTLER: "BUTLER_PAIRS",
    Kind.CROSS_IMPS: "CROSS_IMP",
    Kind.TEAMS: "TEAMS_OF_FOUR",
    Kind.BAM: "TEAMS_OF_FOUR",
    Kind.SWISS: "SWISS_TEAMS",
    Kind.SWISS_PAIRS: "SWISS_PAIRS",
}
# How a team event scores boards and matches (board-a-match: each board
# matchpointed against the other room, the match the sum of its boards).
TEAM_SCORING: Final[Mapping[Kind, tuple[str, str]]] = {
    Kind.TEAMS: ("IMPS", "VPS"),
    Kind.BAM: ("MATCH_POINTS", "AGGREGATE"),
    Kind.SWISS: ("IMPS", "VPS"),
}
TEAM_POINTS: Final = ("NS_IMPS", "EW_IMPS")
# A generic PAIRS event's BOARD_SCORING_METHOD, by kind (as NZ Scorer writes it).
PAIRS_SCORING: Final[Mapping[Kind, str]] = {
    Kind.MATCHPOINTS: "MATCH_POINTS",
    Kind.BUTLER: "BUTLER_IMPS",
    Kind.CROSS_IMPS: "CROSS_IMPS",
}
# The points a traveller line carries, by the event type whose tags they use
# (Swiss pairs' boards are Butler-scored).
_BOARD_POINTS: Final[Mapping[Kind, str]] = {
    **EVENT_TYPES,
    Kind.SWISS_PAIRS: "BUTLER_PAIRS",
}
# An individual: each participant is a PLAYER; a traveller line's NS and EW
# numbers are North's and East's (USEBIO has no element for their partners).
INDIVIDUAL: Final = "INDIVIDUAL"
SEATS: Final = {"N": "North", "E": "East", "S": "South", "W": "West"}
SUITS: Final = ("SPADES", "HEARTS", "DIAMONDS", "CLUBS")  # as a PBN hand
HAND_ORDER: Final = ("CLUBS", "DIAMONDS", "HEARTS", "SPADES")  # as Compscore
# XML 1.0 §2.2: characters a document cannot hold, even escaped.
_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
_DEAL = re.compile(r"^([NESW]):(\S+) (\S+) (\S+) (\S+)$")


def write_usebio(session: ScoredSession) -> bytes:
    """The session as a USEBIO 1.2 file."""
    root = ET.Element("USEBIO", Version=VERSION)
    if session.club:
        club = ET.SubElement(root, "CLUB")
        _add(club, "CLUB_NAME", session.club)
        if session.club_number:
            _add(club, "CLUB_ID_NUMBER", session.club_number)
    kind = INDIVIDUAL if session.individual else _event_type(session)
    event = ET.SubElement(root, "EVENT", EVENT_TYPE=kind)
    _header(event, session)
    participants = ET.SubElement(event, "PARTICIPANTS")
    if session.kind.teams:
        for team in session.standings:
            _team(participants, team, session)
        for match in session.matches:
            _match(event, match, session)
    else:
        for pair in session.standings:
            if session.individual:
                _player(participants, pair)
            else:
                _pair(participants, pair, session)
        for board in session.boards:
            if board.lines:
                _board(event, board, session)
    _handset(root, session.boards)
    ET.indent(root)
    text = ET.tostring(root, encoding="unicode", short_empty_elements=False)
    return f'<?xml version="1.0" encoding="UTF-8"?>\n{DOCTYPE}\n{text}\n'.encode()


def _event_type(session: ScoredSession) -> str:
    """The EVENT_TYPE of the file the event came from, when it means the event's
    kind (NZ Scorer's generic PAIRS, its scoring then in BOARD_SCORING_METHOD);
    else the kind's."""
    written = session.event_type
    if written == GENERIC_PAIRS and session.kind in PAIRS_SCORING:
        return written
    return EVENT_TYPES[session.kind]


def _clean(text: str) -> str:
    return _NOT_XML.sub("", text)


def _add(parent: ET.Element, tag: str, text: str) -> ET.Element:
    node = ET.SubElement(parent, tag)
    node.text = _clean(text)
    return node


def _header(event: ET.Element, session: ScoredSession) -> None:
    _add(event, "EVENT_IDENTIFIER", session.identifier)
    _add(event, "EVENT_DESCRIPTION", session.name)
    _add(event, "PROGRAM_NAME", session.program)
    _add(event, "PROGRAM_VERSION", session.version)
    _add(event, "WINNER_TYPE", "2" if session.two_winners else "1")
    if session.day is not None:
        _add(event, "DATE", session.day.strftime("%d/%m/%Y"))
    if any(p.master_points is not None for p in session.standings):
        _add(event, "MPS_AWARDED_FLAG", "Y")
    _add(event, "SESSION_COUNT", str(session.session_count))
    _add(event, "SECTION_COUNT", str(session.sections))
    if session.event_type == GENERIC_PAIRS and session.kind in PAIRS_SCORING:
        _add(event, "BOARD_SCORING_METHOD", PAIRS_SCORING[session.kind])
    if session.kind in TEAM_SCORING:
        boards, matches = TEAM_SCORING[session.kind]
        _add(event, "BOARD_SCORING_METHOD", boards)
        _add(event, "MATCH_SCORING_METHOD", matches)


def _number(section: str, number: str, session: ScoredSession) -> str:
    """The documented form: "1NS", or "(B) 1NS" when there are several sections."""
    return f"({section}) {number}" if session.sections > 1 else number


def _pair(parent: ET.Element, pair: Entrant, session: ScoredSession) -> None:
    node = ET.SubElement(parent, "PAIR")
    _add(node, "PAIR_NUMBER", _number(pair.section, pair.number, session))
    _add(node, "DIRECTION", pair.direction)
    if pair.total:
        _add(node, "TOTAL_SCORE", pair.total)
    # A handicapped pair: the percentage it is ranked on, as NZ Scorer writes it.
    if pair.handicapped or pair.percentage:
        _add(node, "PERCENTAGE", pair.handicapped or pair.percentage)
    if pair.handicap:
        _add(node, "HANDICAP", pair.handicap)
    if pair.place:
        _add(node, "PLACE", pair.place)
    if pair.master_points is not None:
        _add(node, "MASTER_POINTS_AWARDED", str(pair.master_points))
    _players(node, pair)


def _player(parent: ET.Element, player: Entrant) -> None:
    """An individual's player, directly under PARTICIPANTS."""
    node = ET.SubElement(parent, "PLAYER")
    _add(node, "PLAYER_NUMBER", player.number)
    person = player.players[0] if player.players else None
    _add(node, "PLAYER_NAME", person.name if person else "")
    if person and person.national_id:
        _add(node, "NATIONAL_ID_NUMBER", person.national_id)
    for tag, value in (
        ("PLACE", player.place),
        ("TOTAL_SCORE", player.total),
        ("PERCENTAGE", player.percentage),
    ):
        if value:
            _add(node, tag, value)


def _players(node: ET.Element, entrant: Entrant) -> None:
    for person in entrant.players:
        player = ET.SubElement(node, "PLAYER")
        _add(player, "PLAYER_NAME", person.name)
        if person.national_id:
            _add(player, "NATIONAL_ID_NUMBER", person.national_id)


def _team(parent: ET.Element, team: Entrant, session: ScoredSession) -> None:
    node = ET.SubElement(
        parent, "TEAM", TEAM_ID=_clean(team.number), TEAM_NAME=_clean(team.name)
    )
    if team.total:
        _add(node, "TOTAL_SCORE", team.total)
    if team.place:
        _add(node, "PLACE", team.place)
    for pair in team.pairs:
        _pair(node, pair, session)


def _match(event: ET.Element, match: MatchScore, session: ScoredSession) -> None:
    node = ET.SubElement(event, "MATCH")
    _add(node, "ROUND_NUMBER", str(match.round))
    _add(node, "TEAM", match.home)
    _add(node, "OPPOSING_TEAM", match.away)
    if match.home_score:
        _add(node, "TEAM_SCORE", match.home_score)
        _add(node, "OPPOSING_TEAM_SCORE", match.away_score)
    for board in match.boards:
        if board.lines:
            _board(node, board, session)


def _board(parent: ET.Element, board: ScoredBoard, session: ScoredSession) -> None:
    node = ET.SubElement(parent, "BOARD")
    _add(node, "BOARD_NUMBER", str(board.number))
    if board.datum:
        _add(node, "BOARD_AVERAGE", board.datum)
    points = POINTS_TAGS.get(_BOARD_POINTS.get(session.kind, ""), TEAM_POINTS)
    for line in board.lines:
        _line(node, line, session, points)


def _line(
    board: ET.Element, line: Line, session: ScoredSession, points: tuple[str, str]
) -> None:
    node = ET.SubElement(board, "TRAVELLER_LINE")
    if line.home:
        _add(node, "DIRECTION", line.home)
    _add(node, "NS_PAIR_NUMBER", _number(line.section, line.ns, session))
    _add(node, "EW_PAIR_NUMBER", _number(line.section, line.ew, session))
    if line.artificial is not None:
        _add(node, "SCORE", artificial_code(line.artificial))
    elif line.not_played:
        _add(node, "CONTRACT", "NP")
    else:
        _result(node, line)
    for tag, value in zip(points, (line.ns_points, line.ew_points), strict=True):
        if value:
            _add(node, tag, value)


def _result(node: ET.Element, line: Line) -> None:
    _add(node, "CONTRACT", line.contract)
    _add(node, "PLAYED_BY", line.declarer)
    if line.lead:
        _add(node, "LEAD", line.lead[1:] + line.lead[0])  # rank, then suit
    _add(node, "TRICKS", "" if line.tricks is None else str(line.tricks))
    if line.score_ns is not None:
        _add(node, "SCORE", str(line.score_ns))


def _handset(root: ET.Element, boards: tuple[ScoredBoard, ...]) -> None:
    dealt = [(b.number, _hands(b.deal)) for b in boards if _hands(b.deal)]
    if not dealt:
        return
    handset = ET.SubElement(root, "HANDSET")
    for number, hands in dealt:
        board = ET.SubElement(handset, "BOARD")
        _add(board, "BOARD_NUMBER", str(number))
        for seat in "NESW":
            hand = ET.SubElement(board, "HAND")
            _add(hand, "DIRECTION", SEATS[seat])
            suits = dict(zip(SUITS, hands[seat].split("."), strict=True))
            for suit in HAND_ORDER:
                _add(hand, suit, suits[suit])


def _hands(deal: str) -> dict[str, str]:
    """Each seat's hand of a PBN deal ({} when there is none to write)."""
    match = _DEAL.match(deal.strip())
    if match is None or any(h.count(".") != 3 for h in match.groups()[1:]):
        return {}
    start = "NESW".index(match[1])
    return {"NESW"[(start + i) % 4]: hand for i, hand in enumerate(match.groups()[1:])}
