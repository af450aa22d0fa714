"""Read side: load a session from the database and score it with the engine.

Scores are computed on read, so every page, export and command shows the
results of the data as it is now: a correction re-scores at once.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Hashable
from dataclasses import dataclass

from scoring.engine.policy import ScoringPolicy, SectionScoring
from scoring.engine.session import (
    BoardPool,
    LinePoints,
    PairScore,
    score_matchpoints,
)
from tournaments.models import Event, Pair, Section, Session

from .adapters import board_line, policy_of
from .imp_pairs import imp_pair_scores, score_imp_board
from .models import AssignedScore, TravellerLine

DIRECTION_ORDER = {"NS": 0, "EW": 1, "": 2}


@dataclass(frozen=True)
class ScoredLine:
    line: TravellerLine
    points: LinePoints | None  # None: no result and no adjustment yet
    assigned: list[AssignedScore]


@dataclass(frozen=True)
class ScoredBoard:
    number: int
    section: Section | None  # None when compared across the field
    expected: int
    lines: list[ScoredLine]
    datum: int | None = None  # Butler datum or par; None for other kinds

    @property
    def top(self) -> int:
        tops = [
            s.points.top for s in self.lines if s.points and s.points.top is not None
        ]
        return max(tops, default=2 * (self.expected - 1))


@dataclass(frozen=True)
class Standing:
    pair: Pair
    score: PairScore


@dataclass(frozen=True)
class SessionResults:
    session: Session
    policy: ScoringPolicy
    standings: list[Standing]
    boards: list[ScoredBoard]
    kind: str = Event.Scoring.MATCHPOINTS

    @property
    def in_imps(self) -> bool:
        return self.kind != Event.Scoring.MATCHPOINTS

    def pair_lines(self, pair: Pair) -> list[tuple[ScoredBoard, ScoredLine]]:
        return [
            (board, scored)
            for board in self.boards
            for scored in board.lines
            if pair.pk in (scored.line.ns_pair_id, scored.line.ew_pair_id)
        ]


def _load_lines(session: Session) -> list[TravellerLine]:
    return list(
        TravellerLine.objects.filter(board__session=session)
        .select_related("board", "ns_pair", "ew_pair")
        .order_by("board__number", "section__letter", "table", "ns_pair__number")
    )


def _assigned_by_line(session: Session) -> dict[int, list[AssignedScore]]:
    by_line: dict[int, list[AssignedScore]] = defaultdict(list)
    for a in AssignedScore.objects.filter(line__board__session=session):
        by_line[a.line_id].append(a)
    return by_line


def _expected(sections: list[Section], lines: list[TravellerLine]) -> dict[int, int]:
    """E per section: as set by the director, else the most results on a board."""
    counts = Counter((line.section_id, line.board_id) for line in lines)
    most: dict[int, int] = defaultdict(int)
    for (section_id, _board), n in counts.items():
        most[section_id] = max(most[section_id], n)
    return {s.pk: s.expected_results or most[s.pk] for s in sections}


def _pool_key(line: TravellerLine, across: bool) -> tuple[int, int | None]:
    return (line.board.number, None if across else line.section_id)


@dataclass(frozen=True)
class LoadedSession:
    """A session's rows, grouped into comparison pools (board, section)."""

    session: Session
    event: Event
    policy: ScoringPolicy
    across: bool
    sections: dict[int, Section]
    lines: list[TravellerLine]
    assigned: dict[int, list[AssignedScore]]
    pools: list[tuple[int, int | None, int, list[TravellerLine]]]
    pairs: dict[int, Pair]


def _load(session: Session) -> LoadedSession:
    event = session.event
    policy = policy_of(event)
    across = policy.section_scoring is SectionScoring.ACROSS_FIELD
    sections = list(session.sections.all())
    lines = _load_lines(session)
    expected = _expected(sections, lines)
    grouped: dict[tuple[int, int | None], list[TravellerLine]] = defaultdict(list)
    for line in lines:
        grouped[_pool_key(line, across)].append(line)
    pools = [
        (
            number,
            section_id,
            sum(expected.values()) if across else expected[section_id],
            pool_lines,
        )
        for (number, section_id), pool_lines in sorted(grouped.items(), key=_sort_key)
    ]
    pairs = {
        p.pk: p
        for p in Pair.objects.filter(section__session=session)
        .select_related("section")
        .prefetch_related("players")
    }
    return LoadedSession(
        session,
        event,
        policy,
        across,
        {s.pk: s for s in sections},
        lines,
        _assigned_by_line(session),
        pools,
        pairs,
    )


def session_results(session: Session) -> SessionResults:
    data = _load(session)
    if data.event.is_imp_pairs:
        return _imp_session_results(data)
    if data.event.is_teams:
        from .team_lines import team_session_results  # imports this module

        return team_session_results(data)
    return _mp_session_results(data)


def _mp_session_results(data: LoadedSession) -> SessionResults:
    session, event, policy, across = data.session, data.event, data.policy, data.across
    by_id, assigned, pairs = data.sections, data.assigned, data.pairs
    pools, boards = [], data.pools
    for number, _section_id, e, pool_lines in boards:
        engine_lines = [board_line(x, assigned.get(x.pk, [])) for x in pool_lines]
        pools.append(BoardPool(number, tuple(b for b in engine_lines if b), e))
    scored = score_matchpoints(
        pools, policy=policy, ranking_group=_ranking_group(event, pairs, across)
    )
    return SessionResults(
        session=session,
        policy=policy,
        standings=_standings(scored.pairs, pairs, across=across),
        boards=[
            ScoredBoard(
                number,
                None if section_id is None else by_id[section_id],
                e,
                [
                    ScoredLine(x, scored.lines.get(x.pk), assigned.get(x.pk, []))
                    for x in pool_lines
                ],
            )
            for number, section_id, e, pool_lines in boards
        ],
    )


def _imp_session_results(data: LoadedSession) -> SessionResults:
    scored = [
        score_imp_board(
            number, pool_lines, data.assigned, event=data.event, policy=data.policy
        )
        for number, _section_id, _e, pool_lines in data.pools
    ]
    group = _ranking_group(data.event, data.pairs, data.across)
    pair_scores = imp_pair_scores(scored, data.lines, group)
    rows = [Standing(data.pairs[pid], score) for pid, score in pair_scores.items()]  # type: ignore[index]
    return SessionResults(
        session=data.session,
        policy=data.policy,
        standings=sorted(rows, key=lambda s: _imp_order(s, data.across)),
        boards=[
            ScoredBoard(
                number,
                None if section_id is None else data.sections[section_id],
                e,
                [
                    ScoredLine(x, imp.points.get(x.pk), data.assigned.get(x.pk, []))
                    for x in pool_lines
                ],
                datum=imp.datum,
            )
            for (number, section_id, e, pool_lines), imp in zip(
                data.pools, scored, strict=True
            )
        ],
        kind=data.event.scoring,
    )


def _imp_order(s: Standing, across: bool) -> tuple:
    return (
        "" if across else s.pair.section.letter,
        DIRECTION_ORDER[s.pair.direction],
        -s.score.total,
        s.pair.section.letter,
        s.pair.number,
    )


def _sort_key(item: tuple[tuple[int, int | None], object]) -> tuple[int, int]:
    (number, section_id), _ = item
    return (number, section_id or 0)


def _ranking_group(event: Event, pairs: dict[int, Pair], across: bool):  # noqa: ANN202
    def group(pair_id: Hashable) -> Hashable:
        pair = pairs[pair_id]  # type: ignore[index]
        field = None if across else pair.section_id
        return (field, pair.direction if event.two_winners else "")

    return group


def _standings(
    scores: dict[Hashable, PairScore], pairs: dict[int, Pair], *, across: bool
) -> list[Standing]:
    rows = [Standing(pairs[pid], score) for pid, score in scores.items()]  # type: ignore[index]
    return sorted(
        rows,
        key=lambda s: (
            "" if across else s.pair.section.letter,
            DIRECTION_ORDER[s.pair.direction],
            -s.score.percentage,
            s.pair.section.letter,
            s.pair.number,
        ),
    )


def event_results(event: Event) -> list[SessionResults]:
    return [session_results(s) for s in event.sessions.all()]
