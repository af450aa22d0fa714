"""The session engine against a plain reference written from scoring.md §3–9.

The reference is slow on purpose: every matchpoint is a pairwise comparison in
Fractions (§3, weighted scores as fractional results §7), Neuberg is the closed
form of §5 rounded as §5 says, artificial scores are the §6 percentages of the
full top, and totals, percentages, pro-rating and places follow §4–5. Random
sessions mix ties, passed-out boards, artificial and weighted scores, split
scores, versions of a fouled board and boards expecting more results than they
have.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine.outcomes import Artificial, Average, Outcome, Played, Weighted
from scoring.engine.policy import NeubergRounding, ScoringPolicy
from scoring.engine.session import (
    BoardLine,
    BoardPool,
    LinePoints,
    PairScore,
    score_board,
    score_matchpoints,
)

POLICIES = [
    ScoringPolicy(),
    ScoringPolicy(neuberg_rounding=NeubergRounding.ACBL),
    ScoringPolicy(neuberg_rounding=NeubergRounding.EXACT),
    ScoringPolicy(avg_plus_uses_session_pct=False),
    ScoringPolicy(artificial_mp=(70, 50, 30)),
]
FLAT = {Average.PLUS: 0, Average.AVERAGE: 1, Average.MINUS: 2}


# --- the reference ---


def parts(outcome: Outcome, sign: int) -> list[tuple[Fraction, int]]:
    """A real result as (weight, score in the column's direction) parts (§7)."""
    if isinstance(outcome, Played):
        return [(Fraction(1), sign * outcome.ns_score)]
    assert isinstance(outcome, Weighted)
    return [(weight, sign * score) for weight, score in outcome.parts]


def beats(mine: int, other: int) -> int:
    """§3: 2 per result beaten, 1 per tie, 0 per result that beats you."""
    return 2 if mine > other else 1 if mine == other else 0


def pairwise(results: list[list[tuple[Fraction, int]]], i: int) -> Fraction:
    """Result i's matchpoints: compared with every other result, part by part."""
    return sum(
        (
            w * v * beats(s, t)
            for j, other in enumerate(results)
            if j != i
            for w, s in results[i]
            for v, t in other
        ),
        Fraction(0),
    )


def rounded(value: Fraction, expected: int, rounding: NeubergRounding) -> Fraction:
    """§5: ebu to 0.1 (an exact .05 towards E − 1), acbl to 0.02 (.005 up), exact."""
    if rounding is NeubergRounding.EXACT:
        return value
    steps = 10 if rounding is NeubergRounding.EBU else 50
    low = math.floor(value * steps)
    rest = value * steps - low
    towards = rounding is NeubergRounding.ACBL or value < expected - 1
    up = rest > Fraction(1, 2) or (rest == Fraction(1, 2) and towards)
    return Fraction(low + up, steps)


def percent(points: Fraction, top: int) -> Fraction:
    return Fraction(50) if top == 0 else 100 * points / top


@dataclass
class Side:
    pair: Hashable
    points: Fraction
    raw: Fraction
    top: int
    raw_top: int
    code: Average | None = None


def reference_group(
    outcomes: list[Outcome], sign: int, expected: int, policy: ScoringPolicy
) -> list[Side]:
    """One direction of one version of a board: matchpoint, factor to E (§5, §8)."""
    real = [parts(o, sign) for o in outcomes if not isinstance(o, Artificial)]
    actual = len(real)
    full_top, raw_top = max(0, 2 * (expected - 1)), max(0, 2 * (actual - 1))
    raws = iter([pairwise(real, i) for i in range(actual)])
    sides = []
    for outcome in outcomes:
        if isinstance(outcome, Artificial):
            sides.append(Side(None, Fraction(0), Fraction(0), full_top, raw_top))
            sides[-1].code = outcome.code
            continue
        raw = next(raws)
        points = raw
        if actual < expected:
            neuberg = (raw + 1) * Fraction(expected, actual) - 1
            points = rounded(neuberg, expected, policy.neuberg_rounding)
        sides.append(Side(None, points, raw, full_top, raw_top))
    return sides


def reference_board(
    pool: BoardPool, expected: int, policy: ScoringPolicy
) -> list[tuple[Side, Side]]:
    ns: dict[int, Side] = {}
    ew: dict[int, Side] = {}
    for version in {line.version for line in pool.lines}:
        index = [i for i, x in enumerate(pool.lines) if x.version == version]
        for sign, column, pair, side in (
            (1, ns, "ns_pair", "ns"),
            (-1, ew, "ew_pair", "ew"),
        ):
            group = [getattr(pool.lines[i], side) for i in index]
            scored = reference_group(group, sign, expected, policy)
            for i, s in zip(index, scored, strict=True):
                s.pair = getattr(pool.lines[i], pair)
                column[i] = s
    return [(ns[i], ew[i]) for i in range(len(pool.lines))]


def award(sides: list[Side], policy: ScoringPolicy, session: bool) -> None:
    """§6: A60/A50/A40 as a percentage of the full top, Law 12C2(c) if ``session``."""
    for side in sides:
        if side.code is None:
            continue
        flat = Fraction(policy.artificial_mp[FLAT[side.code]])
        mine = [s for s in sides if s.pair == side.pair and s.code is None]
        share = flat
        if session and policy.avg_plus_uses_session_pct and mine:
            own_points = sum((s.points for s in mine), Fraction(0))
            own = percent(own_points, sum(s.top for s in mine))
            if side.code is Average.PLUS:
                share = max(flat, own)
            elif side.code is Average.MINUS:
                share = min(flat, own)
        side.points = share * side.top / 100
        side.raw = share * side.raw_top / 100


def line_points(ns: Side, ew: Side) -> LinePoints:
    return LinePoints(
        ns=ns.points,
        ew=ew.points,
        ns_raw=ns.raw,
        ew_raw=ew.raw,
        top=ns.top,
        raw_top=ns.raw_top,
        ns_percentage=percent(ns.points, ns.top),
        ew_percentage=percent(ew.points, ew.top),
        ew_top=ew.top,
        ew_raw_top=ew.raw_top,
    )


def reference_pairs(
    sides: list[Side], group: Callable[[Hashable], Hashable]
) -> dict[Hashable, PairScore]:
    """§4: ΣMP / Σtop, pro-rated to the group's most boards; ties share a place."""
    pairs = {side.pair for side in sides}
    mine = {p: [s for s in sides if s.pair == p] for p in pairs}
    points = {p: sum((s.points for s in mine[p]), Fraction(0)) for p in pairs}
    shares = {p: percent(points[p], sum(s.top for s in mine[p])) for p in pairs}
    scores = {}
    for p in pairs:
        field = [q for q in pairs if group(q) == group(p)]
        most = max(len(mine[q]) for q in field)
        place = 1 + sum(shares[q] > shares[p] for q in field)
        tied = sum(shares[q] == shares[p] for q in field) > 1
        scores[p] = PairScore(
            pair=p,
            matchpoints=points[p],
            top=sum(s.top for s in mine[p]),
            boards=len(mine[p]),
            total=points[p] * most / len(mine[p]),
            percentage=shares[p],
            rank=f"{place}{'=' if tied else ''}",
        )
    return scores


# --- random sessions ---

SCORES = st.sampled_from([-200, -100, -50, 0, 0, 110, 140, 420, 450, 620])


@st.composite
def outcomes(draw: st.DrawFn) -> Outcome:
    kind = draw(st.sampled_from(["played"] * 5 + ["artificial", "weighted"]))
    if kind == "played":
        return Played(draw(SCORES))
    if kind == "artificial":
        return Artificial(draw(st.sampled_from(list(Average))))
    scores = draw(st.lists(SCORES, min_size=1, max_size=3))
    size = len(scores)
    weights = draw(st.lists(st.integers(1, 5), min_size=size, max_size=size))
    total = sum(weights)
    return Weighted(
        tuple((Fraction(w, total), s) for w, s in zip(weights, scores, strict=True))
    )


@st.composite
def pools(draw: st.DrawFn) -> list[BoardPool]:
    boards = []
    for board in range(1, draw(st.integers(0, 4)) + 1):
        lines = []
        for table in range(draw(st.integers(0, 8))):
            ns = draw(outcomes())
            ew = draw(st.one_of(st.just(ns), outcomes()))  # a split score
            version = draw(st.sampled_from([None, None, "a", "b"]))
            ns_pair = f"N{draw(st.integers(0, 5))}"
            ew_pair = f"E{draw(st.integers(0, 5))}"
            lines.append(BoardLine((board, table), ns_pair, ew_pair, ns, ew, version))
        expected = draw(st.one_of(st.none(), st.integers(0, 3)))
        extra = None if expected is None else len(lines) + expected
        boards.append(BoardPool(board, tuple(lines), extra))
    return boards


def two_winners(pair: Hashable) -> Hashable:
    return str(pair)[0]


def one_field(pair: Hashable) -> Hashable:
    return None


def assert_same_types(engine: LinePoints | PairScore) -> None:
    for name, value in vars(engine).items():
        if name in ("ns", "ew", "ns_raw", "ew_raw", "matchpoints", "total"):
            assert type(value) is Fraction, name
        if name.endswith("percentage"):
            assert type(value) is Fraction, name


@settings(max_examples=300, deadline=None)
@given(pools(), st.sampled_from(POLICIES), st.booleans())
def test_it_scores_a_session_as_the_pairwise_reference_does(
    boards: list[BoardPool], policy: ScoringPolicy, two: bool
) -> None:
    group = two_winners if two else one_field
    engine = score_matchpoints(
        boards, policy=policy, ranking_group=group if two else None
    )
    default = max((len(b.lines) for b in boards), default=0)
    scored = []
    for pool in boards:
        expected = default if pool.expected is None else pool.expected
        board = reference_board(pool, expected, policy)
        scored += list(zip(pool.lines, board, strict=True))
    sides = [side for _, pair in scored for side in pair]
    award(sides, policy, session=True)
    lines = {line.key: line_points(ns, ew) for line, (ns, ew) in scored}
    assert dict(engine.lines) == lines
    assert dict(engine.pairs) == reference_pairs(sides, group)
    for value in engine.lines.values():
        assert_same_types(value)
    for score in engine.pairs.values():
        assert_same_types(score)


@settings(max_examples=200, deadline=None)
@given(pools().filter(bool), st.sampled_from(POLICIES), st.integers(0, 3))
def test_it_scores_one_board_as_the_pairwise_reference_does(
    boards: list[BoardPool], policy: ScoringPolicy, extra: int
) -> None:
    pool = boards[0]
    expected = len(pool.lines) + extra
    engine = score_board(pool, expected=expected, policy=policy)
    reference = reference_board(pool, expected, policy)
    award([side for pair in reference for side in pair], policy, session=False)
    assert engine == {
        line.key: line_points(ns, ew)
        for line, (ns, ew) in zip(pool.lines, reference, strict=True)
    }
    for value in engine.values():
        assert_same_types(value)
