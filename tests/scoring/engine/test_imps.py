"""IMP scale, Law 78B (scoring.md §10)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine.imps import IMP_BOUNDS, MAX_IMPS, imps

# scoring.md §10 table: (lowest difference, highest difference, IMPs).
SCALE = [
    (0, 10, 0), (20, 40, 1), (50, 80, 2), (90, 120, 3), (130, 160, 4),
    (170, 210, 5), (220, 260, 6), (270, 310, 7), (320, 360, 8), (370, 420, 9),
    (430, 490, 10), (500, 590, 11), (600, 740, 12), (750, 890, 13),
    (900, 1090, 14), (1100, 1290, 15), (1300, 1490, 16), (1500, 1740, 17),
    (1750, 1990, 18), (2000, 2240, 19), (2250, 2490, 20), (2500, 2990, 21),
    (3000, 3490, 22), (3500, 3990, 23),
]  # fmt: skip


@pytest.mark.parametrize(
    ("difference", "expected"),
    [(0, 0), (10, 0), (20, 1), (2240, 19), (3600, 23), (4000, 24), (50000, 24),
     (-20, -1)],
)  # fmt: skip
def test_it_matches_the_spec_test_points(difference: int, expected: int) -> None:
    assert imps(difference) == expected


@pytest.mark.parametrize(("low", "high", "expected"), SCALE)
def test_every_step_of_the_law_78b_table_is_reproduced(
    low: int, high: int, expected: int
) -> None:
    assert {imps(d) for d in range(low, high + 1, 10)} == {expected}


def test_the_bounds_are_the_24_lower_bounds_of_law_78b() -> None:
    assert len(IMP_BOUNDS) == MAX_IMPS == 24
    assert [low for low, _, _ in SCALE[1:]] == list(IMP_BOUNDS[:-1])
    assert IMP_BOUNDS[-1] == 4000


def test_a_difference_that_is_not_a_multiple_of_ten_counts_from_the_lower_bound() -> (
    None
):
    assert imps(19) == 0
    assert imps(45) == 1
    assert imps(-4999) == -24


@settings(max_examples=300, deadline=None)
@given(st.integers(min_value=-100_000, max_value=100_000))
def test_imps_are_antisymmetric(difference: int) -> None:
    assert imps(-difference) == -imps(difference)


@settings(max_examples=300, deadline=None)
@given(
    st.integers(min_value=-10_000, max_value=10_000),
    st.integers(min_value=0, max_value=10_000),
)
def test_imps_are_monotone_in_the_difference(difference: int, step: int) -> None:
    assert imps(difference) <= imps(difference + step)
