"""Load a session once: its lines, adjustments and pairs, grouped into pools.

A pool is what is compared on a board: a section's lines, or the whole field's
when the event is scored across the field. Every family scores from this one
load, so a page costs the same few queries whatever the event.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Collection, Hashable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction

from django.db.models import Prefetch, QuerySet

from scoring.adapters import policy_of
from scoring.engine.expected import expected_from_counts, field_expected
from scoring.engine.fields import Entrant, ranking_group, standing_key
from scoring.engine.policy import ScoringPolicy, SectionScoring
from scoring.models import AssignedScore
from scoring.queries import board_assigned, board_numbered
from tournaments.models import LOADED_PLAYERS, Event, Pair, Player, Section, Session

from .lines import FEW, Line, session_lines, sessions_lines

__all__ = [
    "LoadedSession",
    "Pool",
    "entrant",
    "load_session",
    "load_sessions",
    "reload_boards",
]


@dataclass(frozen=True)
class Pool:
    """The lines compared on one board: a section's (``section_id``) or the field's
    (None), with the number of results expected (E)."""

    number: int
    section_id: int | None
    expected: int
    lines: list[Line]


@dataclass(frozen=True)
class LoadedSession:
    session: Session
    event: Event
    policy: ScoringPolicy
    across: bool
    sections: dict[int, Section]
    assigned: dict[int, list[AssignedScore]]
    pools: list[Pool]
    pairs: dict[int, Pair]
    # Results on each (section id, board id): E follows them (scoring.md §5).
    played: Counter[tuple[int, int]] = field(default_factory=Counter, compare=False)
    # Each pair's ranking group, found once per pair of this load.
    ranking_groups: dict[Hashable, Hashable] = field(
        default_factory=dict, compare=False, repr=False
    )

    @property
    def lines(self) -> list[Line]:
        return [line for pool in self.pools for line in pool.lines]

    def section_of(self, pool: Pool) -> Section | None:
        return None if pool.section_id is None else self.sections[pool.section_id]

    def assigned_to(self, line: Line) -> Sequence[AssignedScore]:
        return self.assigned.get(line.id, ())

    def without_round(self, hidden: int, *, later: bool = False) -> LoadedSession:
        """The session as if the round ``hidden`` (and with ``later`` every round
        after it) had not been played; each board keeps the results it expects."""

        def kept(line: Line) -> bool:
            if line.round is None:
                return True
            return line.round < hidden if later else line.round != hidden

        pools = [
            replace(pool, lines=list(filter(kept, pool.lines))) for pool in self.pools
        ]
        return replace(self, pools=pools)

    def ranking_group(self) -> Callable[[Hashable], Hashable]:
        """The engine's ranking group of a pair id: its field (found once per
        pair of this load)."""
        groups = self.ranking_groups

        def group(pair_id: Hashable) -> Hashable:
            found = groups.get(pair_id)
            if found is None:
                found = groups[pair_id] = ranking_group(
                    entrant(self.pair(pair_id)),
                    across=self.across,
                    two_winners=self.event.two_winners,
                )
            return found

        return group

    def pair(self, pair_id: Hashable) -> Pair:
        """A pair by the id the engine keys it with."""
        assert isinstance(pair_id, int)
        return self.pairs[pair_id]

    def standing_key(self, pair: Pair, score: Fraction) -> tuple[object, ...]:
        return standing_key(entrant(pair), score, across=self.across)


def entrant(pair: Pair) -> Entrant:
    return Entrant(pair.section.letter, pair.direction, pair.number)


def load_session(session: Session) -> LoadedSession:
    sections = {s.pk: s for s in session.sections.all()}
    pairs = _pairs(Pair.objects.filter(section__session=session), sections)
    lines = session_lines(session, sections, pairs)
    return _loaded(session, sections, pairs, lines, _assigned_by_line(session))


def load_sessions(sessions: Sequence[Session]) -> dict[int, LoadedSession]:
    """Each of ``sessions`` loaded as ``load_session`` loads it, by session id,
    in the same few queries however many sessions (a simultaneous' heats):
    each kind of row read once for all of them."""
    ids = [s.pk for s in sessions]
    sections = {s.pk: s for s in Section.objects.filter(session__in=ids)}
    pairs = _pairs(Pair.objects.filter(section__session__in=ids), sections)
    lines = sessions_lines(sessions, sections, pairs)
    assigned = _assigned_by_line_of(
        AssignedScore.objects.filter(line__board__session__in=ids)
    )
    own: dict[int, dict[int, Section]] = defaultdict(dict)
    for pk, section in sections.items():
        own[section.session_id][pk] = section
    held: dict[int, dict[int, Pair]] = defaultdict(dict)
    for pk, pair in pairs.items():
        held[pair.section.session_id][pk] = pair
    return {
        s.pk: _loaded(
            s, own[s.pk], held[s.pk], lines[s.pk], _kept(assigned, lines[s.pk])
        )
        for s in sessions
    }


def _kept(
    assigned: dict[int, list[AssignedScore]], lines: list[Line]
) -> dict[int, list[AssignedScore]]:
    """The assigned scores of ``lines``."""
    return {x.id: assigned[x.id] for x in lines if x.id in assigned}


def _pairs(found: QuerySet[Pair], sections: dict[int, Section]) -> dict[int, Pair]:
    """The pairs with their players, each given its section object (one per
    section, those of the lines)."""
    players = Player.objects.only("pair", "name", "handicap")
    read = found.prefetch_related(Prefetch("players", players, to_attr=LOADED_PLAYERS))
    pairs = {p.pk: p for p in read}
    for pair in pairs.values():
        pair.section = sections[pair.section_id]
    return pairs


def _loaded(
    session: Session,
    sections: dict[int, Section],
    pairs: dict[int, Pair],
    lines: list[Line],
    assigned: dict[int, list[AssignedScore]],
) -> LoadedSession:
    event = session.event
    policy = policy_of(event)
    across = policy.section_scoring is SectionScoring.ACROSS_FIELD
    played = Counter((x.section_id, x.board_id) for x in lines)
    expected = expected_from_counts(played, _chosen(sections))
    return LoadedSession(
        session=session,
        event=event,
        policy=policy,
        across=across,
        sections=sections,
        assigned=assigned,
        pools=_pools(lines, expected, across=across),
        pairs=pairs,
        played=played,
    )


def reload_boards(data: LoadedSession, numbers: Collection[int]) -> LoadedSession:
    """``data`` with the lines of boards ``numbers`` read again (after a
    correction); the other boards' pools (the same objects, unless their E
    changed), the pairs and the sections are kept."""
    fresh = session_lines(data.session, data.sections, data.pairs, numbers)
    stale = [x for pool in data.pools if pool.number in numbers for x in pool.lines]
    assigned = dict(data.assigned)
    for x in stale:
        assigned.pop(x.id, None)
    assigned.update(_assigned_by_line(data.session, numbers))
    played = Counter(data.played)
    played.subtract((x.section_id, x.board_id) for x in stale)
    played.update((x.section_id, x.board_id) for x in fresh)
    played = +played  # a board left without a result is no longer counted
    expected = expected_from_counts(played, _chosen(data.sections))
    kept = [
        pool if pool.expected == (e := _expected(pool.section_id, expected))
        else replace(pool, expected=e)
        for pool in data.pools
        if pool.number not in numbers
    ]  # fmt: skip
    pools = sorted(kept + _pools(fresh, expected, across=data.across), key=_order)
    return replace(data, assigned=assigned, pools=pools, played=played)


def _chosen(sections: dict[int, Section]) -> dict[int, int | None]:
    return {pk: s.expected_results for pk, s in sections.items()}


def _expected(section_id: int | None, expected: dict[int, int]) -> int:
    return field_expected(expected) if section_id is None else expected[section_id]


def _assigned_by_line(
    session: Session, numbers: Collection[int] | None = None
) -> dict[int, list[AssignedScore]]:
    return _assigned_by_line_of(_assigned(session, numbers))


def _assigned_by_line_of(
    found: Iterable[AssignedScore],
) -> dict[int, list[AssignedScore]]:
    by_line: dict[int, list[AssignedScore]] = defaultdict(list)
    for a in found:
        by_line[a.line_id].append(a)
    return by_line


def _assigned(
    session: Session, numbers: Collection[int] | None
) -> Iterable[AssignedScore]:
    if numbers is not None and len(numbers) <= FEW:
        boards = (board_numbered(session.pk, n) for n in numbers)
        return [a for b in boards if b for a in board_assigned(b.pk)]
    found = AssignedScore.objects.filter(line__board__session=session)
    if numbers is not None:
        found = found.filter(line__board__number__in=numbers)
    return found


def _pools(
    lines: Iterable[Line], expected: dict[int, int], *, across: bool
) -> list[Pool]:
    grouped: dict[tuple[int, int | None], list[Line]] = defaultdict(list)
    for line in lines:
        grouped[line.board.number, None if across else line.section_id].append(line)
    return [
        Pool(number, section_id, _expected(section_id, expected), pool_lines)
        for (number, section_id), pool_lines in sorted(grouped.items(), key=_key)
    ]


def _key(item: tuple[tuple[int, int | None], object]) -> tuple[int, int]:
    (number, section_id), _lines = item
    return (number, section_id or 0)


def _order(pool: Pool) -> tuple[int, int]:
    return (pool.number, pool.section_id or 0)
