"""Read side of team events: matches board by board, VPs, standings, cross-table.

A team sits as pair "nNS" and pair "nEW" of its section. In a match the open room
has home NS against away EW and the closed room away NS against home EW, so each
board's two traveller lines are found by their pairs. Scored on read like pairs.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction

from scoring.engine.bam import BAM_UNITS, bam_board
from scoring.engine.butler import artificial_imps
from scoring.engine.imps import imps
from scoring.engine.outcomes import Artificial, Outcome, Played, Weighted
from scoring.engine.policy import ScoringPolicy
from scoring.engine.ranking import rank
from scoring.engine.vp import scale_vp
from tournaments.models import Event, Match, Pair, Session, Team

from .adapters import outcome_of, policy_of
from .models import AssignedScore, TravellerLine

ZERO = Decimal("0.00")


@dataclass(frozen=True)
class MatchBoard:
    number: int
    open: TravellerLine | None
    closed: TravellerLine | None
    home_imps: Fraction | None  # None until both rooms have a result
    away_imps: Fraction | None
    home_bam: Fraction | None = None
    away_bam: Fraction | None = None

    @property
    def home_won(self) -> Fraction | None:
        """IMPs won by home on this board (0 when it lost IMPs)."""
        return None if self.home_imps is None else max(self.home_imps, Fraction(0))

    @property
    def away_won(self) -> Fraction | None:
        return None if self.away_imps is None else max(self.away_imps, Fraction(0))


@dataclass(frozen=True)
class MatchResult:
    match: Match
    boards: list[MatchBoard]
    imps_home: Fraction  # IMPs won by each team over the boards played
    imps_away: Fraction
    vp_home: Decimal | None  # VPs, or board-a-match points; None before any board
    vp_away: Decimal | None

    @property
    def played(self) -> int:
        return sum(b.home_imps is not None for b in self.boards)

    @property
    def complete(self) -> bool:
        return self.played == len(self.boards)


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
class _Rooms:
    """The four pairs of the teams of one session, by (team id, direction)."""

    pairs: dict[tuple[int, str], Pair]

    def of(self, team_id: int, direction: str) -> Pair | None:
        return self.pairs.get((team_id, direction))


def _rooms(session: Session) -> _Rooms:
    pairs = Pair.objects.filter(section__session=session, team__isnull=False)
    return _Rooms({(p.team_id, p.direction): p for p in pairs})


def _lines_by_pairs(
    session: Session,
) -> tuple[dict[tuple[int, int, int], TravellerLine], dict[int, list[AssignedScore]]]:
    lines = TravellerLine.objects.filter(board__session=session).select_related(
        "board", "ns_pair", "ew_pair"
    )
    assigned: dict[int, list[AssignedScore]] = defaultdict(list)
    for a in AssignedScore.objects.filter(line__board__session=session):
        assigned[a.line_id].append(a)
    by_pairs = {(x.board.number, x.ns_pair_id, x.ew_pair_id): x for x in lines}
    return by_pairs, assigned


def _team_imps(own_ns: Outcome, own_ew: Outcome, policy: ScoringPolicy) -> Fraction:
    """A team's IMPs on a board from its two sides (both NS view): NS in one
    room, EW in the other. An artificial side gets its award (+3 / 0 / −3)."""
    for side in (own_ns, own_ew):
        if isinstance(side, Artificial):
            return Fraction(artificial_imps(side.code, policy=policy))
    return sum(
        (w * v * imps(s - t) for w, s in _parts(own_ns) for v, t in _parts(own_ew)),
        Fraction(0),
    )


def _parts(outcome: Outcome) -> tuple[tuple[Fraction, int], ...]:
    if isinstance(outcome, Weighted):
        return outcome.parts
    return ((Fraction(1), outcome.ns_score),)  # type: ignore[union-attr]


def board_result(
    open_line: TravellerLine | None,
    closed_line: TravellerLine | None,
    assigned: dict[int, list[AssignedScore]],
    policy: ScoringPolicy,
) -> tuple[Fraction, Fraction, Fraction, Fraction] | None:
    """(home IMPs, away IMPs, home BAM, away BAM) of one board, home NS in the
    open room; None until both rooms have a result."""
    if open_line is None or closed_line is None:
        return None
    sides = [
        outcome_of(line, side, assigned.get(line.pk, []))
        for line in (open_line, closed_line)
        for side in ("NS", "EW")
    ]
    if None in sides:
        return None
    open_ns, open_ew, closed_ns, closed_ew = sides
    home = _team_imps(open_ns, closed_ew, policy)  # type: ignore[arg-type]
    away = _team_imps(closed_ns, open_ew, policy)  # type: ignore[arg-type]
    if isinstance(open_ns, Played) and isinstance(closed_ew, Played):
        bam = bam_board(
            open_ns.ns_score,
            closed_ew.ns_score,
            units=policy.bam_units,
            tolerance=policy.bam_tolerance,
        )
    else:  # an adjusted room: the board goes to the side with more IMPs
        win, tie, loss = BAM_UNITS[policy.bam_units]
        bam = (
            (tie, tie) if home == away else (win, loss) if home > away else (loss, win)
        )
    return home, away, *bam


def _match_result(
    match: Match,
    rooms: _Rooms,
    lines: dict[tuple[int, int, int], TravellerLine],
    assigned: dict[int, list[AssignedScore]],
    event: Event,
    policy: ScoringPolicy,
) -> MatchResult:
    home_ns, home_ew = rooms.of(match.home_id, "NS"), rooms.of(match.home_id, "EW")
    away_ns, away_ew = rooms.of(match.away_id, "NS"), rooms.of(match.away_id, "EW")
    boards = []
    for number in match.board_numbers:
        open_line = _find(lines, number, home_ns, away_ew)
        closed_line = _find(lines, number, away_ns, home_ew)
        scored = board_result(open_line, closed_line, assigned, policy)
        values = scored or (None, None, None, None)
        boards.append(MatchBoard(number, open_line, closed_line, *values))
    played = [b for b in boards if b.home_imps is not None]
    imps_home = sum((b.home_won for b in played), Fraction(0))  # type: ignore[misc]
    imps_away = sum((b.away_won for b in played), Fraction(0))  # type: ignore[misc]
    vp: tuple[Decimal | None, Decimal | None] = (None, None)
    if played and event.scoring == Event.Scoring.BAM:
        vp = (
            _decimal(sum(b.home_bam for b in played)),  # type: ignore[misc]
            _decimal(sum(b.away_bam for b in played)),  # type: ignore[misc]
        )
    elif played:
        margin = round(imps_home - imps_away)
        vp = scale_vp(margin, len(boards), scale=policy.vp_scale)
    return MatchResult(match, boards, imps_home, imps_away, *vp)


def _decimal(value: Fraction | int) -> Decimal:
    value = Fraction(value)
    return (Decimal(value.numerator) / Decimal(value.denominator)).quantize(ZERO)


def _find(
    lines: dict[tuple[int, int, int], TravellerLine],
    number: int,
    ns: Pair | None,
    ew: Pair | None,
) -> TravellerLine | None:
    if ns is None or ew is None:
        return None
    return lines.get((number, ns.pk, ew.pk))


def session_matches(session: Session) -> list[MatchResult]:
    event = session.event
    policy = policy_of(event)
    rooms = _rooms(session)
    lines, assigned = _lines_by_pairs(session)
    matches = session.matches.select_related("home", "away")
    return [_match_result(m, rooms, lines, assigned, event, policy) for m in matches]


def event_matches(event: Event) -> list[MatchResult]:
    return [r for s in event.sessions.all() for r in session_matches(s)]


def standings(event: Event, results: Sequence[MatchResult]) -> list[TeamStanding]:
    """Teams by total VPs (carry-over included), then IMP difference, then number."""
    rows = {t.pk: TeamStanding(t, t.carry_over) for t in event.teams.all()}
    for r in results:
        home, away = rows[r.match.home_id], rows[r.match.away_id]
        home.opponents.add(away.team.pk)
        away.opponents.add(home.team.pk)
        if r.vp_home is None:
            continue
        for row, vp, won, lost in (
            (home, r.vp_home, r.imps_home, r.imps_away),
            (away, r.vp_away, r.imps_away, r.imps_home),
        ):
            row.score += vp  # type: ignore[operator]
            row.imps_for += won
            row.imps_against += lost
            row.matches += 1
    places = rank({pk: row.total for pk, row in rows.items()})
    for pk, row in rows.items():
        row.rank = places[pk]
    return sorted(
        rows.values(),
        key=lambda s: (-s.total, -(s.imps_for - s.imps_against), s.team.number),
    )


def cross_table(
    teams: Sequence[Team], results: Sequence[MatchResult]
) -> list[tuple[Team, list[Decimal | None | str]]]:
    """One row per team: its VPs against each other team ("—" on the diagonal)."""
    won: dict[tuple[int, int], Decimal] = {}
    for r in results:
        if r.vp_home is not None:
            won[r.match.home_id, r.match.away_id] = r.vp_home
            won[r.match.away_id, r.match.home_id] = r.vp_away  # type: ignore[assignment]
    return [
        (row, ["—" if row.pk == col.pk else won.get((row.pk, col.pk)) for col in teams])
        for row in teams
    ]
