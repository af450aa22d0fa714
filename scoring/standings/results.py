"""What the read side hands to pages, reports and exports: a scored session.

Every event family fills the same types: a line's ``Points`` (matchpoints or
IMPs, each side in the family's own units), a board's scored lines, a pair's
standing, and a team event's matches. Matchpoint points also carry percentages
and tops; the helpers at the end are the one place that tells the two apart.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from functools import cached_property
from typing import Any, NamedTuple, Protocol

from scoring.engine.policy import ScoringPolicy
from scoring.engine.session import BoardPool, LinePoints, PairScore
from scoring.engine.tallies import PoolTallies
from scoring.models import AssignedScore
from tournaments.models import Match, Pair, Section, Session

from .lines import Line
from .load import LoadedSession, Pool

__all__ = [
    "Family",
    "ImpPoints",
    "MatchBoard",
    "MatchResult",
    "Points",
    "ReportMemo",
    "ScoredBoard",
    "ScoredLine",
    "ScoringMemo",
    "SessionResults",
    "Standing",
    "side_percentage",
    "scored_board",
    "side_points",
    "side_raw",
    "side_top",
]


class Points(Protocol):
    """A line's points: what NS and EW score on the board, in the family's units."""

    @property
    def ns(self) -> Fraction: ...

    @property
    def ew(self) -> Fraction: ...


@dataclass(frozen=True)
class ImpPoints:
    """A line's IMPs for NS and EW (Butler, cross-IMPs, or a team's two rooms)."""

    ns: Fraction
    ew: Fraction


class ScoredLine(NamedTuple):
    """A line with its points. A named tuple, not a frozen dataclass: a national
    field makes 26,000 at each scoring, three times faster so."""

    line: Line
    points: Points | None  # None: no result and no adjustment yet
    assigned: Sequence[AssignedScore]

    def mine(self, pair_id: int) -> Fraction | None:
        """The points of the pair's side of this line."""
        return side_points(self.points, self.sits(pair_id))

    def sits(self, pair_id: int) -> str:
        """The side of a pair, or of an individual's player (North or South: NS)."""
        return "NS" if pair_id in (self.line.ns_pair_id, self.line.south_id) else "EW"


@dataclass(frozen=True)
class ScoredBoard:
    number: int
    section: Section | None  # None when compared across the field
    expected: int
    lines: list[ScoredLine]
    datum: int | None = None  # Butler datum or par; None for other kinds

    @cached_property
    def top(self) -> int:
        tops = [side_top(s.points, "NS") for s in self.lines]
        return max((t for t in tops if t is not None), default=2 * (self.expected - 1))

    @cached_property
    def raw_top(self) -> int:
        """The top before factoring (the actual results'); ``top`` without any."""
        tops = [side_top(s.points, "NS", raw=True) for s in self.lines]
        return max((t for t in tops if t is not None), default=self.top)


@dataclass(frozen=True)
class Standing:
    """A pair's session: ``total`` is what it is ranked on (matchpoints pro-rated
    to the full session, or IMPs scaled to the most boards), ``points`` the sum.
    In a handicapped event ``rank`` is the place on the handicapped percentage."""

    pair: Pair
    points: Fraction
    total: Fraction
    percentage: Fraction | None  # None in IMPs
    boards: int
    rank: str
    handicap: Fraction | None = None  # None: not a handicapped event
    handicapped: Fraction | None = None  # percentage + handicap
    compass: str = ""  # a Rainbow individual's compass line (N, E, S, W) ranked in


@dataclass(frozen=True)
class MatchBoard:
    number: int
    open: Line | None
    closed: Line | None
    home_imps: Fraction | None  # None until both rooms have a result
    away_imps: Fraction | None
    home_bam: Fraction | None = None
    away_bam: Fraction | None = None

    @property
    def played(self) -> bool:
        return self.home_imps is not None

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
        return sum(b.played for b in self.boards)

    @property
    def complete(self) -> bool:
        return self.played == len(self.boards)


Scored = tuple[list[Standing], list[ScoredBoard], list[MatchResult]]


@dataclass(eq=False)
class ReportMemo:
    """What reports keep from one version of a session's results to the next:
    each pair's standing with its ranking row, and those rows' cells with the
    columns they were made for. The rows and cells are the reports' types
    (``scoring.reports.rows``, ``layout``), which this layer may not name."""

    ranking: dict[int, tuple[Standing, Any]] = field(default_factory=dict)
    ranking_cells: tuple[tuple[str, ...], dict[int, tuple[Any, dict[str, Any]]]] = (
        (),
        {},
    )


@dataclass(eq=False)
class ScoringMemo:
    """What scoring keeps between scorings of one loaded session and of its
    re-reads after a correction (each re-read keeps the unchanged boards' Pool
    objects), passed with it: each pool's engine pool
    and tally, each pool's scored board, each pair's standing, and what reports
    keep. A new one scores from scratch."""

    pools: dict[int, tuple[Pool, BoardPool]] = field(default_factory=dict)
    pool_tallies: PoolTallies = field(default_factory=PoolTallies)
    boards: dict[int, tuple[Pool, object, ScoredBoard]] = field(default_factory=dict)
    standings: dict[Hashable, tuple[PairScore, tuple[object, ...], Standing]] = field(
        default_factory=dict
    )
    reports: ReportMemo = field(default_factory=ReportMemo)


@dataclass(frozen=True)
class Family:
    """How an event family is scored and how its numbers read."""

    key: str
    in_imps: bool  # points are IMPs: no percentages, no tops
    teams: bool  # ranked as teams from matches, not as pairs
    score: Callable[[LoadedSession, ScoringMemo], Scored]
    individual: bool = False  # each pair is one player (Event.individual)


@dataclass(frozen=True)
class SessionResults:
    session: Session
    family: Family
    policy: ScoringPolicy
    standings: list[Standing]
    boards: list[ScoredBoard]
    matches: list[MatchResult] = field(default_factory=list)
    hidden: frozenset[int] = frozenset()  # boards withheld from the public now
    hidden_round: int | None = None  # the round in play left out (the barometer)
    # What reports keep from one version of the session's results to the next
    # (a row of a standing that did not change); shared by the versions.
    report_memo: ReportMemo = field(
        default_factory=ReportMemo, compare=False, repr=False
    )

    @property
    def in_imps(self) -> bool:
        return self.family.in_imps

    @cached_property
    def boards_played_once(self) -> int:
        """Boards with a single result played at the table: nothing to compare
        them with (``scoring.engine.once_played``)."""
        return sum(
            1
            for board in self.boards
            if len(board.lines) == 1
            and board.lines[0].points is not None
            and not board.lines[0].assigned
        )

    def standing_of(self, pair: Pair) -> Standing | None:
        return next((s for s in self.standings if s.pair.pk == pair.pk), None)

    @property
    def individual(self) -> bool:
        """Each pair is one player, credited with his side's points."""
        return self.family.individual

    def pair_lines(self, pair_id: int) -> list[tuple[ScoredBoard, ScoredLine]]:
        """The pair's (or an individual's player's) lines, board by board."""
        return [
            (board, scored)
            for board in self.boards
            for scored in board.lines
            if pair_id in _seats(scored.line)
        ]


def _seats(line: Line) -> tuple[int | None, ...]:
    return (line.ns_pair_id, line.ew_pair_id, line.south_id, line.west_id)


def scored_board(
    data: LoadedSession,
    pool: Pool,
    points: Mapping[Hashable, Points],
    datum: int | None = None,
) -> ScoredBoard:
    """A pool's lines with the points the family gave them."""
    lines = [ScoredLine(x, points.get(x.pk), data.assigned_to(x)) for x in pool.lines]
    return ScoredBoard(pool.number, data.section_of(pool), pool.expected, lines, datum)


def side_points(points: Points | None, direction: str) -> Fraction | None:
    if points is None:
        return None
    return points.ns if direction == "NS" else points.ew


def side_raw(points: Points | None, direction: str) -> Fraction | None:
    """Matchpoints before factoring (IMPs as they are)."""
    if isinstance(points, LinePoints):
        return points.ns_raw if direction == "NS" else points.ew_raw
    return side_points(points, direction)


def side_percentage(points: Points | None, direction: str) -> Fraction | None:
    """The side's percentage of the board; None in IMPs."""
    if isinstance(points, LinePoints):
        return points.ns_percentage if direction == "NS" else points.ew_percentage
    return None


def side_top(points: Points | None, direction: str, *, raw: bool = False) -> int | None:
    """The top of the side's column (factored, or ``raw``); None in IMPs."""
    if not isinstance(points, LinePoints):
        return None
    if direction == "NS" or points.ew_top is None:
        return points.raw_top if raw else points.top
    return points.ew_raw_top if raw else points.ew_top
