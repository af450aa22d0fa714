"""Team events laid out as report tables: standings, matches, match scorecards.

The same `Document` blocks as the pairs reports, so the pages, the PDF and the
workbook of a team event come from the same rows.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from django.utils.translation import gettext as _

from scoring.documents.document import Block, Column, Document, Kind, Table, folding
from scoring.standings import SessionResults
from scoring.standings.lines import Line
from scoring.standings.results import MatchBoard, MatchResult
from scoring.standings.teams import TeamStanding, team_standings, team_units
from tournaments.models import Event

from .layout import (
    document_of,
    hand_record_blocks,
    parts_document,
    report_table,
    traveller_blocks,
)
from .lines import artificial_label, contract_text, tricks_text
from .numbers import maybe_rounded

__all__ = [
    "Room",
    "cross_table",
    "match_board_rows",
    "match_scorecard",
    "match_scorecards",
    "match_table",
    "round_tables",
    "standing_table",
    "team_session_document",
    "team_workbook_sheets",
]


@dataclass(frozen=True)
class StandingRow:
    rank: str
    team: str
    players: str
    matches: int
    imps_for: Decimal | None
    imps_against: Decimal | None
    carry_over: Decimal
    total: Decimal | None


@dataclass(frozen=True)
class MatchRow:
    round: int
    home: str
    away: str
    imps_home: Decimal | None
    imps_away: Decimal | None
    vp_home: Decimal | None
    vp_away: Decimal | None


@dataclass(frozen=True)
class Room:
    """One room's result on a board of a match."""

    contract: str = ""
    declarer: str = ""
    result: str = ""
    score_ns: int | None = None
    adjusted: str = ""

    @property
    def text(self) -> str:
        return " ".join(x for x in (self.contract, self.result) if x)


@dataclass(frozen=True)
class MatchBoardRow:
    board: int
    open: Room
    closed: Room
    home_imps: Decimal | None
    away_imps: Decimal | None
    home_bam: Decimal | None
    away_bam: Decimal | None
    played: bool

    @property
    def open_text(self) -> str:
        return self.open.text

    @property
    def open_score(self) -> int | None:
        return self.open.score_ns

    @property
    def closed_text(self) -> str:
        return self.closed.text

    @property
    def closed_score(self) -> int | None:
        return self.closed.score_ns


def _standing_row(row: TeamStanding) -> StandingRow:
    return StandingRow(
        rank=row.rank,
        team=row.team.name,
        players=", ".join(row.team.player_names),
        matches=row.matches,
        imps_for=maybe_rounded(row.imps_for),
        imps_against=maybe_rounded(row.imps_against),
        carry_over=row.carry_over,
        total=maybe_rounded(row.total),
    )


def standing_table(
    event: Event, matches: list[MatchResult], *, page: bool = False
) -> Table:
    """The standings; a page also shows each team's carry-over."""
    rows = [_standing_row(r) for r in team_standings(event, matches)]
    columns = (
        Column("rank", _("Rank")),
        Column("team", _("Team")),
        Column("players", _("Players")),
        Column("matches", _("Matches"), Kind.INT),
        Column("imps_for", _("IMPs for"), Kind.DECIMAL),
        Column("imps_against", _("IMPs against"), Kind.DECIMAL),
        *([Column("carry_over", _("Carry-over"), Kind.DECIMAL)] if page else []),
        Column("total", team_units(event).unit, Kind.DECIMAL),
    )
    kept = {"rank", "team", "total"}
    return report_table(_("Standings"), folding(columns, kept), rows)


def cross_table(event: Event, matches: list[MatchResult]) -> Table:
    """One row per team: what it scored against each other team."""
    teams = list(event.teams.all())
    won: dict[tuple[int, int], Decimal | None] = {}
    for r in matches:
        won[r.match.home_id, r.match.away_id] = r.vp_home
        won[r.match.away_id, r.match.home_id] = r.vp_away
    columns = (Column("team", _("Team")),) + tuple(
        Column(f"t{t.pk}", str(t.number), Kind.DECIMAL) for t in teams
    )
    rows = tuple(
        {
            "team": f"{row.number} {row.name}",
            **{
                f"t{col.pk}": "—" if row.pk == col.pk else won.get((row.pk, col.pk))
                for col in teams
            },
        }
        for row in teams
    )
    return Table(_("Cross-table"), columns, rows)


@dataclass(frozen=True)
class RoundMatchRow:
    tables: str
    boards: str
    home: str
    away: str
    imps_home: Decimal | None
    imps_away: Decimal | None
    vp_home: Decimal | None
    vp_away: Decimal | None
    played: str
    scorecard: str


def round_tables(event: Event, matches: list[MatchResult]) -> list[Table]:
    """The matches round by round, each row keyed by its match for a link."""
    units = team_units(event)
    columns = (
        Column("tables", _("Tables")),
        Column("boards", _("Boards")),
        Column("home", _("Home")),
        Column("away", _("Away")),
        Column("imps_home", _("IMPs home"), Kind.DECIMAL),
        Column("imps_away", _("IMPs away"), Kind.DECIMAL),
        Column("vp_home", units.home, Kind.DECIMAL),
        Column("vp_away", units.away, Kind.DECIMAL),
        Column("played", _("Played")),
        Column("scorecard", ""),
    )
    rounds: dict[int, list[MatchResult]] = {}
    for r in matches:
        rounds.setdefault(r.match.round, []).append(r)
    return [
        report_table(
            _("Round %(round)s") % {"round": number},
            columns,
            [_round_row(r) for r in results],
            keys=tuple(r.match.pk for r in results),
        )
        for number, results in sorted(rounds.items())
    ]


def _round_row(r: MatchResult) -> RoundMatchRow:
    m = r.match
    return RoundMatchRow(
        tables=f"{m.open_table} / {m.closed_table}",
        boards=f"{m.first_board}–{m.last_board}",
        home=m.home.name,
        away=m.away.name,
        imps_home=maybe_rounded(r.imps_home) if r.played else None,
        imps_away=maybe_rounded(r.imps_away) if r.played else None,
        vp_home=maybe_rounded(r.vp_home),
        vp_away=maybe_rounded(r.vp_away),
        played="" if r.complete else f"{r.played}/{len(r.boards)}",
        scorecard=_("Scorecard"),
    )


def match_table(event: Event, matches: list[MatchResult]) -> Table:
    units = team_units(event)
    rows = [
        MatchRow(
            round=r.match.round,
            home=r.match.home.name,
            away=r.match.away.name,
            imps_home=maybe_rounded(r.imps_home) if r.played else None,
            imps_away=maybe_rounded(r.imps_away) if r.played else None,
            vp_home=maybe_rounded(r.vp_home),
            vp_away=maybe_rounded(r.vp_away),
        )
        for r in matches
    ]
    columns = (
        Column("round", _("Round"), Kind.INT),
        Column("home", _("Home")),
        Column("away", _("Away")),
        Column("imps_home", _("IMPs home"), Kind.DECIMAL),
        Column("imps_away", _("IMPs away"), Kind.DECIMAL),
        Column("vp_home", units.home, Kind.DECIMAL),
        Column("vp_away", units.away, Kind.DECIMAL),
    )
    return report_table(_("Matches"), columns, rows)


def _room(line: Line | None) -> Room:
    if line is None:
        return Room()
    return Room(
        contract=contract_text(line),
        declarer=line.declarer,
        result=tricks_text(line),
        score_ns=line.score_ns,
        adjusted=artificial_label(line),
    )


def _match_board_row(board: MatchBoard) -> MatchBoardRow:
    return MatchBoardRow(
        board=board.number,
        open=_room(board.open),
        closed=_room(board.closed),
        home_imps=maybe_rounded(board.home_won) or None,
        away_imps=maybe_rounded(board.away_won) or None,
        home_bam=maybe_rounded(board.home_bam),
        away_bam=maybe_rounded(board.away_bam),
        played=board.played,
    )


def match_board_rows(result: MatchResult) -> list[MatchBoardRow]:
    """A match board by board: both rooms' results and the IMPs each way."""
    return [_match_board_row(board) for board in result.boards]


def match_scorecard(result: MatchResult, *, page: bool = False) -> Table:
    """A match board by board; on a page, with the board-a-match points."""
    match = result.match
    units = team_units(match.session.event)
    bam, unit = page and units.board_points, units.unit
    columns = (
        Column("board", _("Board"), Kind.INT),
        Column("open_text", _("Open room")),
        Column("open_score", _("NS score"), Kind.INT),
        Column("closed_text", _("Closed room")),
        Column("closed_score", _("NS score"), Kind.INT),
        Column("home_imps", match.home.name, Kind.DECIMAL),
        Column("away_imps", match.away.name, Kind.DECIMAL),
        *(
            [
                Column("home_bam", f"{unit} {match.home.name}", Kind.DECIMAL),
                Column("away_bam", f"{unit} {match.away.name}", Kind.DECIMAL),
            ]
            if bam
            else []
        ),
    )
    title = _("Round %(round)s: %(home)s v %(away)s") % {
        "round": match.round,
        "home": match.home.name,
        "away": match.away.name,
    }
    rows = match_board_rows(result)
    keys = tuple(row.board for row in rows)
    return report_table(title, columns, rows, keys=keys, keep_together=True)


def match_scorecards(matches: list[MatchResult]) -> list[Table]:
    return [match_scorecard(r) for r in matches]


def team_session_document(results: SessionResults) -> Document:
    """Standings and matches, match scorecards, travellers, hand records (a team
    event has one session: its matches are the event's)."""
    event, matches = results.session.event, results.matches
    parts: list[list[Block]] = [
        [standing_table(event, matches), match_table(event, matches)],
        list(match_scorecards(matches)),
        traveller_blocks(results),
        hand_record_blocks(results),
    ]
    return parts_document(results, parts)


def team_workbook_sheets(results: SessionResults) -> list[tuple[str, Document]]:
    event, matches = results.session.event, results.matches
    sheets: list[tuple[str, list[Block]]] = [
        (_("Standings"), [standing_table(event, matches)]),
        (_("Matches"), [match_table(event, matches)]),
        (_("Scorecards"), list(match_scorecards(matches))),
        (_("Travellers"), traveller_blocks(results)),
    ]
    return [(name, document_of(results, name, blocks)) for name, blocks in sheets]
