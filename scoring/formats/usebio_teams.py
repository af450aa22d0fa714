"""USEBIO team events (formats.md §1) into plain values, nothing scored: the
shape our own export writes and other programs read. ``EVENT_TYPE``
``TEAMS_OF_FOUR`` (board-a-match when ``BOARD_SCORING_METHOD`` is
``MATCH_POINTS``) or ``SWISS_TEAMS``; each ``TEAM`` (``TEAM_ID`` and
``TEAM_NAME`` attributes, its total, place and NS and EW ``PAIR``s); each
``MATCH`` (round, ``TEAM`` at home, ``OPPOSING_TEAM``, the teams' scores) with
the boards of both rooms, each line's ``DIRECTION`` where the home team sits
and its IMPs in ``NS_IMPS``/``EW_IMPS``.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from datetime import date
from pathlib import Path
from typing import Final

from .usebio import (
    INTEGER,
    UsebioError,
    UsebioLine,
    UsebioPair,
    board_number,
    read_date,
    read_deals,
    read_line,
    read_pairs,
    read_root,
    text_of,
    written_number,
)

__all__ = [
    "UsebioMatch",
    "UsebioTeam",
    "UsebioTeams",
    "is_team_event",
    "read_usebio_teams",
]

# EVENT_TYPE and BOARD_SCORING_METHOD -> the kind of event (Event.Scoring).
TEAM_KINDS: Final[Mapping[tuple[str, str], str]] = {
    ("TEAMS_OF_FOUR", "IMPS"): "teams",
    ("TEAMS_OF_FOUR", ""): "teams",
    ("TEAMS_OF_FOUR", "MATCH_POINTS"): "bam",
    ("SWISS_TEAMS", "IMPS"): "swiss",
    ("SWISS_TEAMS", ""): "swiss",
}
TEAM_POINTS: Final = ("NS_IMPS", "EW_IMPS")


@dataclass(frozen=True)
class UsebioTeam:
    number: int
    name: str
    pairs: list[UsebioPair]  # the NS pair first
    total: str  # as written, "" when absent


@dataclass(frozen=True)
class UsebioMatch:
    where: str  # "match 3 (24 v 18)"
    round: int
    home: int
    away: int
    home_score: str
    away_score: str
    lines: list[UsebioLine]


@dataclass(frozen=True)
class UsebioTeams:
    kind: str  # "teams", "bam" or "swiss"
    name: str
    club: str
    date: date | None
    program: str
    teams: list[UsebioTeam]
    matches: list[UsebioMatch]
    deals: dict[int, str] = field(default_factory=dict)
    club_number: str = ""  # CLUB_ID_NUMBER
    written_type: str = ""  # EVENT_TYPE as written


def is_team_event(path: Path | str) -> bool:
    event = read_root(path).find("EVENT")
    return event is not None and event.get("EVENT_TYPE", "") in {
        kind for kind, _method in TEAM_KINDS
    }


def read_usebio_teams(path: Path | str) -> UsebioTeams:
    root = read_root(path)
    event = root.find("EVENT")
    if root.tag != "USEBIO" or event is None:
        raise UsebioError("not a USEBIO file: no USEBIO/EVENT element")
    written = (event.get("EVENT_TYPE", ""), text_of(event, "BOARD_SCORING_METHOD"))
    if written not in TEAM_KINDS:
        raise UsebioError(
            f"EVENT_TYPE {written[0]!r} with BOARD_SCORING_METHOD {written[1]!r} is "
            "not a team event the importer takes"
        )
    teams = [_team(node) for node in event.iter("TEAM") if node.get("TEAM_ID")]
    numbers = {t.number for t in teams}
    matches = [
        _match(node, i, numbers)
        for i, node in enumerate(event.findall("MATCH"), start=1)
    ]
    _check_once_per_board(matches)
    deals = read_deals(root)
    return UsebioTeams(
        kind=TEAM_KINDS[written],
        name=text_of(event, "EVENT_DESCRIPTION") or "Teams",
        club=text_of(root.find("CLUB"), "CLUB_NAME"),
        club_number=text_of(root.find("CLUB"), "CLUB_ID_NUMBER"),
        written_type=written[0],
        date=read_date(text_of(event, "DATE")),
        program=text_of(event, "PROGRAM_NAME"),
        teams=teams,
        matches=matches,
        deals=deals,
    )


def _team(node: ET.Element) -> UsebioTeam:
    text = (node.get("TEAM_ID") or "").strip()
    if not INTEGER.fullmatch(text) or int(text) < 1:
        raise UsebioError(f"PARTICIPANTS: TEAM_ID {text!r} is not a team number")
    total = text_of(node, "TOTAL_SCORE")
    if total and written_number(total) is None:
        raise UsebioError(f"team {text}: TOTAL_SCORE {total!r} is not a number")
    pairs = sorted(read_pairs(node), key=lambda p: p.ref.direction != "NS")
    name = (node.get("TEAM_NAME") or "").strip() or text
    return UsebioTeam(int(text), name, pairs, total)


def _team_number(node: ET.Element, tag: str, where: str, known: set[int]) -> int:
    text = text_of(node, tag)
    if not INTEGER.fullmatch(text) or int(text) not in known:
        raise UsebioError(f"{where}: {tag} {text!r} is not a team of PARTICIPANTS")
    return int(text)


def _match(node: ET.Element, index: int, known: set[int]) -> UsebioMatch:
    where = f"match {index}"
    home = _team_number(node, "TEAM", where, known)
    away = _team_number(node, "OPPOSING_TEAM", where, known)
    where = f"match {index} ({home} v {away})"
    round_text = text_of(node, "ROUND_NUMBER", "1")
    if not INTEGER.fullmatch(round_text) or int(round_text) < 1:
        raise UsebioError(f"{where}: ROUND_NUMBER {round_text!r} is not a round")
    lines = [
        read_line(line, board_number(board), i, True, TEAM_POINTS)
        for board in node.findall("BOARD")
        for i, line in enumerate(board.findall("TRAVELLER_LINE"), start=1)
    ]
    for line in lines:
        if {line.ns.number, line.ew.number} != {home, away}:
            raise UsebioError(
                f"{where}, {line.where}: the pairs are not of the match's teams"
            )
    return UsebioMatch(
        where=where,
        round=int(round_text),
        home=home,
        away=away,
        home_score=text_of(node, "TEAM_SCORE"),
        away_score=text_of(node, "OPPOSING_TEAM_SCORE"),
        lines=[replace(x, where=f"{where}, {x.where}") for x in lines],
    )


def _check_once_per_board(matches: list[UsebioMatch]) -> None:
    seen: dict[tuple[int, int, str], str] = {}
    for line in (x for match in matches for x in match.lines):
        for ref in (line.ns, line.ew):
            first = seen.setdefault((line.board, ref.number, ref.direction), line.where)
            if first != line.where:
                raise UsebioError(
                    f"{line.where}: pair {ref.number}{ref.direction} already "
                    f"played board {line.board} ({first})"
                )
