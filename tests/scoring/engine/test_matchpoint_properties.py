"""Properties of matchpointing and Neuberg factoring (scoring.md §3, §5, §7)."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine.outcomes import Outcome, Played, Weighted
from scoring.engine.policy import Factoring, NeubergRounding, ScoringPolicy
from scoring.engine.session import BoardLine, BoardPool, LinePoints, score_board

EXACT = ScoringPolicy(neuberg_rounding=NeubergRounding.EXACT)
EBU = ScoringPolicy()
NO_FACTORING = ScoringPolicy(factoring=Factoring.NONE)

# Few distinct scores, so that ties are common.
scores = st.lists(st.integers(-5, 5).map(lambda s: s * 10), min_size=1, max_size=30)


def board(outcomes: Sequence[Outcome]) -> BoardPool:
    lines = tuple(
        BoardLine(key=i, ns_pair=f"N{i}", ew_pair=f"E{i}", ns=o, ew=o)
        for i, o in enumerate(outcomes)
    )
    return BoardPool(board=1, lines=lines)


def score(
    values: Sequence[int], *, expected: int, policy: ScoringPolicy
) -> list[LinePoints]:
    points = score_board(
        board([Played(v) for v in values]), expected=expected, policy=policy
    )
    return [points[i] for i in range(len(values))]


@settings(max_examples=150, deadline=None)
@given(scores)
def test_ns_plus_ew_is_the_top_and_each_column_sums_to_n_n_minus_one(
    values: list[int],
) -> None:
    n = len(values)
    points = score(values, expected=n, policy=EBU)
    assert all(p.ns + p.ew == p.top == 2 * (n - 1) for p in points)
    assert sum(p.ns for p in points) == sum(p.ew for p in points) == n * (n - 1)


@settings(max_examples=150, deadline=None)
@given(scores, st.integers(0, 5))
def test_a_better_ns_score_never_gets_fewer_ns_points(
    values: list[int], missing: int
) -> None:
    points = score(values, expected=len(values) + missing, policy=EBU)
    ranked = sorted(zip(values, points, strict=True), key=lambda pair: pair[0])
    for (low, low_points), (high, high_points) in itertools.pairwise(ranked):
        assert low_points.ns <= high_points.ns
        assert low_points.ew >= high_points.ew
        if high > low:
            assert low_points.ns_raw < high_points.ns_raw


@settings(max_examples=100, deadline=None)
@given(scores)
def test_neuberg_on_a_complete_board_changes_nothing(values: list[int]) -> None:
    n = len(values)
    factored = score(values, expected=n, policy=EBU)
    plain = score(values, expected=n, policy=NO_FACTORING)
    assert factored == plain
    assert all(p.ns == p.ns_raw and p.top == p.raw_top for p in factored)


@settings(max_examples=150, deadline=None)
@given(scores, st.integers(1, 10))
def test_factored_scores_average_e_minus_one(values: list[int], missing: int) -> None:
    actual, expected = len(values), len(values) + missing
    points = score(values, expected=expected, policy=EXACT)
    assert sum(p.ns for p in points) == actual * (expected - 1)
    assert sum(p.ew for p in points) == actual * (expected - 1)
    assert all(0 <= p.ns <= p.top == 2 * (expected - 1) for p in points)


@st.composite
def weighted_outcomes(draw: st.DrawFn) -> Outcome:
    parts_scores = draw(st.lists(st.integers(-5, 5), min_size=1, max_size=3))
    raw = draw(
        st.lists(
            st.integers(1, 10), min_size=len(parts_scores), max_size=len(parts_scores)
        )
    )
    total = sum(raw)
    parts = tuple(
        (Fraction(w, total), s * 10) for w, s in zip(raw, parts_scores, strict=True)
    )
    return Weighted(parts)


outcomes = st.lists(
    st.one_of(st.integers(-5, 5).map(lambda s: Played(s * 10)), weighted_outcomes()),
    min_size=1,
    max_size=12,
)


@settings(max_examples=150, deadline=None)
@given(outcomes)
def test_weighted_column_totals_stay_n_n_minus_one(values: list[Outcome]) -> None:
    n = len(values)
    points = score_board(board(values), expected=n, policy=EXACT).values()
    assert sum(p.ns_raw for p in points) == n * (n - 1)
    assert sum(p.ew_raw for p in points) == n * (n - 1)
    assert all(p.ns + p.ew == p.top for p in points)
