"""A teams event in a PBN results file (formats.md §2), in the two shapes met:

* a game per table, as RealBridge and BBO write them: the board's deal, the
  table's players, contract, result and ``Score``, the teams by name in
  ``HomeTeam`` (sitting NS) and ``VisitTeam``, the ``Table`` and the IMPs of the
  table against the other room of its match in ``ScoreIMP``; a game without a
  ``Score`` is a table that did not play the board (it still seats its teams);
* a game per board with a ScoreTable, as our own export writes it: a row per
  table (``Table``, ``Round``, the teams' pairs ``24NS``/``18EW``, ``IMP_NS``)
  and, on the first board, a TotalScoreTable of the teams (``PairId``, ``Names``
  the team's name, ``TotalScore`` its VPs).

Either becomes the same plain values: the teams by number, each table's result
as a ``ResultRow`` whose pairs are the team's NS pair (``PairKey(…, 24, "NS")``)
and the other team's EW pair, and where the teams sat at each table. Nothing is
scored here.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import Final

from .hand_records import check_tags, game_board
from .pbn import PbnFile, PbnGame, decode_pbn, parse_pbn
from .problems import FormatError, gettext_noop
from .score_tables import (
    NO_RESULTS,
    PbnResults,
    ResultRow,
    check_once_per_board,
    file_header,
    pbn_results,
)
from .total_scores import DEFAULT_SECTION, PairKey, Pairs, decimal_cell

__all__ = [
    "Seating",
    "TeamInfo",
    "TeamResults",
    "is_teams",
    "read_team_results",
    "team_results",
]

NO_TEAMS: Final = gettext_noop(
    "line %(line)s: a teams game without its teams (HomeTeam and VisitTeam)"
)


@dataclass(frozen=True, slots=True)
class TeamInfo:
    number: int
    name: str
    players: tuple[str, ...]  # the NS pair's two, then the EW pair's
    total: Decimal | None  # the VPs the file writes
    line: int


@dataclass(frozen=True, slots=True)
class Seating:
    """Team ``ns`` sat NS against team ``ew`` on a board (played or not)."""

    board: int
    table: int | None
    round: int | None
    ns: int
    ew: int
    line: int


@dataclass(frozen=True)
class TeamResults:
    doc: PbnResults  # the rows' pairs are the teams' (number, "NS" or "EW")
    teams: dict[int, TeamInfo]
    seatings: list[Seating]


def is_teams(pbn: PbnFile) -> bool:
    """Whether the file is a teams event: its games name a HomeTeam, or say
    ``Competition "Teams"``."""
    return any(
        game.value("HomeTeam") or (game.value("Competition") or "").strip() == "Teams"
        for game in pbn.games
    )


def read_team_results(path: str | Path) -> TeamResults:
    return team_results(parse_pbn(decode_pbn(Path(path).read_bytes())))


def team_results(pbn: PbnFile) -> TeamResults:
    check_tags(pbn)
    if any(game.tag("ScoreTable") for game in pbn.games):
        return _from_score_tables(pbn)
    if not any(game.tag("Score") for game in pbn.games):
        raise FormatError(NO_RESULTS)
    return _from_games(pbn)


def _from_score_tables(pbn: PbnFile) -> TeamResults:
    doc = pbn_results(pbn, teams=True)
    rows = doc.rows
    teams = {info.number: info for info in _listed(pbn)}
    for row in rows:
        for key in (row.ns, row.ew):
            if key.number not in teams:
                raise FormatError(
                    gettext_noop(
                        "line %(line)s: team %(team)s is not in the TotalScoreTable"
                    ),
                    line=row.line,
                    team=key.number,
                )
    seatings = [
        Seating(r.board, r.table, r.round, r.ns.number, r.ew.number, r.line)
        for r in rows
    ]
    return TeamResults(doc, teams, seatings)


def _listed(pbn: PbnFile) -> Iterable[TeamInfo]:
    """The teams of the TotalScoreTable: number, name (a name is one cell, not
    a list of players) and VPs."""
    for game in pbn.games:
        table = game.table("TotalScoreTable")
        if table is None:
            continue
        for line, cells in zip(table.lines, table.records(), strict=True):
            number = (cells.get("PairId") or "").strip()
            if not number.isdigit():
                raise FormatError(
                    gettext_noop("line %(line)s: team %(value)r is not a number"),
                    line=line,
                    value=number,
                )
            total = decimal_cell(
                (cells.get("TotalScore") or "").strip(), "TotalScore", line
            )
            name = (cells.get("Names") or "").strip() or number
            yield TeamInfo(int(number), name, (), total, line)


def _from_games(pbn: PbnFile) -> TeamResults:
    games = [g for g in pbn.games if game_board(g) is not None]
    names = sorted({name for g in games for name in _teams_of(g)})
    numbers = {name: i for i, name in enumerate(names, start=1)}
    teams = {
        numbers[name]: TeamInfo(numbers[name], name, players, None, 0)
        for name, players in _players(games).items()
    }
    seatings, rows = [], []
    for game in games:
        home, visit = _teams_of(game)
        seating = Seating(
            board=game_board(game) or 0,
            table=_whole(game.value("Table")),
            round=_whole(game.value("Round")),
            ns=numbers[home],
            ew=numbers[visit],
            line=game.line,
        )
        seatings.append(seating)
        if game.tag("Score") is not None:
            rows.append(_game_row(game, seating))
    check_once_per_board(rows)
    header = file_header(pbn)
    pairs = Pairs(apart=True, listed={}, line=0)
    doc = PbnResults(rows=rows, pairs=pairs, **header)
    return TeamResults(doc, teams, seatings)


def _teams_of(game: PbnGame) -> tuple[str, str]:
    home = (game.value("HomeTeam") or "").strip()
    visit = (game.value("VisitTeam") or "").strip()
    if not home or not visit:
        raise FormatError(NO_TEAMS, line=game.line)
    return home, visit


def _players(games: list[PbnGame]) -> dict[str, tuple[str, ...]]:
    """Each team's players: North and South where it sits NS, then East and
    West where it sits EW (the first such table)."""
    ns: dict[str, list[str]] = {}
    ew: dict[str, list[str]] = {}
    for game in games:
        home, visit = _teams_of(game)
        ns.setdefault(home, [game.value(s) or "" for s in ("North", "South")])
        ew.setdefault(visit, [game.value(s) or "" for s in ("East", "West")])
    return {
        team: tuple(p for p in ns.get(team, []) + ew.get(team, []) if p.strip())
        for team in ns.keys() | ew.keys()
    }


def _whole(value: str | None) -> int | None:
    text = (value or "").strip()
    return int(text) if text.isdigit() else None


def _game_row(game: PbnGame, seating: Seating) -> ResultRow:
    score = game.tag("Score")
    line = score.line if score is not None else game.line
    score_ns = game.score_ns
    if score_ns is None:
        raise FormatError(
            gettext_noop("line %(line)s: the score %(value)r is not a score"),
            line=line,
            value=score.value if score is not None else "",
        )
    imps = game.score_imp_ns
    section = DEFAULT_SECTION
    return ResultRow(
        line=line,
        board=seating.board,
        ns=PairKey(section, seating.ns, "NS"),
        ew=PairKey(section, seating.ew, "EW"),
        contract=(game.value("Contract") or "").strip(),
        declarer=(game.declarer or ""),
        result=(game.value("Result") or "").strip(),
        lead=_lead(game),
        score_ns=score_ns,
        artificial=None,
        table=seating.table,
        round=seating.round,
        points=(None, None) if imps is None else (Decimal(imps), Decimal(-imps)),
        percentages=(None, None),
    )


def _lead(game: PbnGame) -> str:
    """The first card of the play (the Play section starts with the leader)."""
    play = game.tag("Play")
    if play is None or not play.data:
        return ""
    first = play.data[0].split()
    return first[0] if first and first[0] not in ("-", "*") else ""
