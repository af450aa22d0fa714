"""Team events: matches board by board across both rooms, VPs (or board-a-match
points), team standings and the cross-table.

A team sits as pair "nNS" and pair "nEW" of its section. In a match the open room
has home NS against away EW and the closed room away NS against home EW, so each
board's two traveller lines are found by their pairs; the engine scores the
board. A line's points are the IMPs of the team sitting NS (EW: the other team's),
so travellers read them like Butler points.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction

from django.utils.translation import gettext as _

from scoring.adapters import outcome_of
from scoring.engine.policy import ScoringPolicy
from scoring.engine.ranking import rank
from scoring.engine.teams import Rooms, bam_points, board_result, match_vps
from scoring.models import AssignedScore
from tournaments.models import Event, Match, Pair, Team

from .lines import Line
from .load import LoadedSession
from .results import (
    ImpPoints,
    MatchBoard,
    MatchResult,
    ScoredBoard,
    Standing,
    scored_board,
)

__all__ = [
    "TeamStanding",
    "match_scored",
    "round_in_play",
    "score_team_session",
    "TeamUnits",
    "team_standings",
    "team_units",
]

ZERO = Decimal("0.00")
LineKey = tuple[int, int, int]  # board number, NS pair id, EW pair id


@dataclass(frozen=True)
class TeamUnits:
    """What a team scores in a match, as every page and file names it."""

    unit: str  # "VPs", or "Points" at board-a-match
    home: str
    away: str
    standings: str
    board_points: bool  # board-a-match: a match scores its boards won


def team_units(event: Event) -> TeamUnits:
    """Board points at board-a-match, else victory points."""
    if event.scoring == Event.Scoring.BAM:
        return TeamUnits(
            _("Points"), _("Points home"), _("Points away"),
            _("Standings (board points)"), board_points=True,
        )  # fmt: skip
    return TeamUnits(
        _("VPs"), _("VPs home"), _("VPs away"), _("VP standings"), board_points=False
    )


@dataclass
class TeamStanding:
    team: Team
    carry_over: Decimal
    score: Decimal = ZERO  # VPs (board-a-match: board points) won in matches
    imps_for: Fraction = Fraction(0)
    imps_against: Fraction = Fraction(0)
    matches: int = 0
    rank: str = ""
    opponents: set[int] = field(default_factory=set)

    @property
    def total(self) -> Decimal:
        return self.carry_over + self.score


@dataclass(frozen=True)
class _Session:
    """What scoring a match needs: lines by their pairs, the teams' pairs."""

    lines: dict[LineKey, Line]
    assigned: dict[int, list[AssignedScore]]
    pairs: dict[tuple[int, str], Pair]  # (team id, direction)
    event: Event
    policy: ScoringPolicy

    def line(self, number: int, ns: Pair | None, ew: Pair | None) -> Line | None:
        if ns is None or ew is None:
            return None
        return self.lines.get((number, ns.pk, ew.pk))

    def pair(self, team_id: int, direction: str) -> Pair | None:
        return self.pairs.get((team_id, direction))


def score_team_session(
    data: LoadedSession,
) -> tuple[list[Standing], list[ScoredBoard], list[MatchResult]]:
    """The matches of the session, and the travellers with each room's IMPs."""
    teams = _Session(
        lines={(x.board.number, x.ns_pair_id, x.ew_pair_id): x for x in data.lines},
        assigned=data.assigned,
        pairs={(p.team_id, p.direction): p for p in data.pairs.values() if p.team_id},
        event=data.event,
        policy=data.policy,
    )
    matches = data.session.matches.select_related("home", "away")
    results = [_match_result(m, teams) for m in matches]
    points = _line_imps(results)
    boards = [scored_board(data, pool, points) for pool in data.pools]
    return [], boards, results


def _line_imps(results: Sequence[MatchResult]) -> dict[Hashable, ImpPoints]:
    points: dict[Hashable, ImpPoints] = {}
    for result in results:
        for board in result.boards:
            if board.home_imps is None or board.away_imps is None:
                continue
            if board.open is None or board.closed is None:
                continue
            home, away = board.home_imps, board.away_imps
            points[board.open.pk] = ImpPoints(home, away)
            points[board.closed.pk] = ImpPoints(away, home)
    return points


def _board(
    number: int, open_line: Line | None, closed_line: Line | None,
    teams: _Session,
) -> MatchBoard:  # fmt: skip
    if open_line is None or closed_line is None:
        return MatchBoard(number, open_line, closed_line, None, None)
    sides = [
        outcome_of(line, side, teams.assigned.get(line.pk, []))
        for line in (open_line, closed_line)
        for side in ("NS", "EW")
    ]
    open_ns, open_ew, closed_ns, closed_ew = sides
    if open_ns is None or open_ew is None or closed_ns is None or closed_ew is None:
        return MatchBoard(number, open_line, closed_line, None, None)
    rooms = Rooms(open_ns, open_ew, closed_ns, closed_ew)
    scored = board_result(rooms, policy=teams.policy)
    return MatchBoard(
        number, open_line, closed_line,
        scored.home_imps, scored.away_imps, scored.home_bam, scored.away_bam,
    )  # fmt: skip


def _match_result(match: Match, teams: _Session) -> MatchResult:
    home_ns, home_ew = teams.pair(match.home_id, "NS"), teams.pair(match.home_id, "EW")
    away_ns, away_ew = teams.pair(match.away_id, "NS"), teams.pair(match.away_id, "EW")
    boards = [
        _board(
            number,
            teams.line(number, home_ns, away_ew),
            teams.line(number, away_ns, home_ew),
            teams,
        )
        for number in match.board_numbers
    ]
    return match_scored(match, boards, teams.event, teams.policy)


def match_scored(
    match: Match, boards: list[MatchBoard], event: Event, policy: ScoringPolicy
) -> MatchResult:
    """The match's IMPs and VPs (board-a-match: points) over ``boards``, on
    the VP scale of the whole match's length: all its boards, or those the
    public may see (``secrecy``)."""
    played = [b for b in boards if b.played]
    imps_home = sum((b.home_won or Fraction(0) for b in played), Fraction(0))
    imps_away = sum((b.away_won or Fraction(0) for b in played), Fraction(0))
    vp: tuple[Decimal | None, Decimal | None] = (None, None)
    if played and event.scoring == Event.Scoring.BAM:
        vp = (
            bam_points(b.home_bam or Fraction(0) for b in played),
            bam_points(b.away_bam or Fraction(0) for b in played),
        )
    elif played:
        size = len(match.board_numbers)
        vp = match_vps(imps_home, imps_away, size, policy=policy)
    return MatchResult(match, boards, imps_home, imps_away, *vp)


def round_in_play(results: Sequence[MatchResult]) -> int:
    """The first round with a match incomplete, else the last (0: none). A
    match the public is shown without its hidden boards is incomplete too."""
    unfinished = [
        r.match.round for r in results if r.played < len(r.match.board_numbers)
    ]
    return min(unfinished, default=max((r.match.round for r in results), default=0))


def team_standings(event: Event, results: Sequence[MatchResult]) -> list[TeamStanding]:
    """Teams by total VPs (carry-over included), then IMP difference, then number."""
    rows = {t.pk: TeamStanding(t, t.carry_over) for t in event.teams.all()}
    for r in results:
        home, away = rows[r.match.home_id], rows[r.match.away_id]
        home.opponents.add(away.team.pk)
        away.opponents.add(home.team.pk)
        if r.vp_home is None or r.vp_away is None:
            continue
        _count(home, r.vp_home, r.imps_home, r.imps_away)
        _count(away, r.vp_away, r.imps_away, r.imps_home)
    places = rank({pk: row.total for pk, row in rows.items()})
    for pk, row in rows.items():
        row.rank = places[pk]
    return sorted(
        rows.values(),
        key=lambda s: (-s.total, -(s.imps_for - s.imps_against), s.team.number),
    )


def _count(row: TeamStanding, vp: Decimal, won: Fraction, lost: Fraction) -> None:
    row.score += vp
    row.imps_for += won
    row.imps_against += lost
    row.matches += 1
