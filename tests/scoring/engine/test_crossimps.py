"""Cross-IMPs (scoring.md §12, with §6–8)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from scoring.engine.butler import ImpLine
from scoring.engine.crossimps import cross_imps_board
from scoring.engine.outcomes import Artificial, Average, Played, Weighted
from scoring.engine.policy import ScoringPolicy, XimpDivisor

AVERAGE_IMPS = ScoringPolicy()
PER_RESULT = ScoringPolicy(ximp_divisor=XimpDivisor.N)
TOTAL_IMPS = ScoringPolicy(ximp_divisor=XimpDivisor.NONE)

XI_1_SCORES = [620, 170, 140, 140, -100]


def _lines(scores: list[int], version: int = 1) -> list[ImpLine]:
    return [
        ImpLine((version, i), Played(s), version=version) for i, s in enumerate(scores)
    ]


def _ns(lines: list[ImpLine], policy: ScoringPolicy, **kw: int) -> list[Fraction]:
    return [r.ns_imps for r in cross_imps_board(lines, policy=policy, **kw)]


@pytest.mark.parametrize(
    ("policy", "expected"),
    [
        (TOTAL_IMPS, ["42", "-1", "-5", "-5", "-31"]),
        (AVERAGE_IMPS, ["10.5", "-0.25", "-1.25", "-1.25", "-7.75"]),
        (PER_RESULT, ["8.4", "-0.2", "-1", "-1", "-6.2"]),
    ],
    ids=["XI-1 total", "XI-1 n-1", "XI-1 n"],
)
def test_xi_1_five_results(policy: ScoringPolicy, expected: list[str]) -> None:
    result = _ns(_lines(XI_1_SCORES), policy)
    assert result == [Fraction(e) for e in expected]
    assert sum(result) == 0


def test_xi_1_ew_scores_are_the_negated_ns_scores() -> None:
    result = cross_imps_board(_lines(XI_1_SCORES), policy=AVERAGE_IMPS)
    assert [r.ew_imps for r in result] == [-r.ns_imps for r in result]


def test_xi_2_six_results_divided_by_five() -> None:
    result = _ns(_lines([420, 450, -100, -200, 400, 590]), AVERAGE_IMPS)
    assert result[0] == Fraction(18, 5)


@pytest.mark.parametrize(
    ("scores", "expected"),
    [([420, 170, 170], [12, -6, -6]), ([430, 420, 420], [0, 0, 0])],
    ids=["XI-3 a", "XI-3 b"],
)
def test_xi_3_three_results_total_imps(scores: list[int], expected: list[int]) -> None:
    assert _ns(_lines(scores), TOTAL_IMPS) == expected


@pytest.mark.parametrize(
    ("policy", "award"), [(AVERAGE_IMPS, 3), (PER_RESULT, 3), (TOTAL_IMPS, 3 * 5)]
)
def test_artificial_scores_get_three_imps_or_three_per_comparison(
    policy: ScoringPolicy, award: int
) -> None:
    lines = [
        *_lines([420, 170, 170, 420]),
        ImpLine("adj", ns=Artificial(Average.PLUS), ew=Artificial(Average.MINUS)),
        ImpLine("avg", ns=Artificial(Average.AVERAGE)),
    ]
    result = cross_imps_board(lines, policy=policy)
    assert (result[4].ns_imps, result[4].ew_imps) == (award, -award)
    assert (result[5].ns_imps, result[5].ew_imps) == (0, 0)
    # the four real results are compared among themselves only
    assert result[0].ns_imps == _ns(_lines([420, 170, 170, 420]), policy)[0]


def test_fouled_versions_are_compared_within_their_group_only() -> None:
    lines = _lines([420, 170, 170], version=1) + _lines([-100, 100], version=2)
    result = _ns(lines, AVERAGE_IMPS)
    assert result == [6, -3, -3, -5, 5]


def test_total_imps_on_a_fouled_board_are_scaled_to_the_whole_board() -> None:
    lines = _lines([420, 170, 170], version=1) + _lines([-100, 100], version=2)
    result = _ns(lines, TOTAL_IMPS)
    # n = 5 results on the board: × (n − 1)/(g − 1) = 4/2 and 4/1
    assert result == [24, -12, -12, -20, 20]


def test_the_fewer_results_variant_scales_by_e_over_a() -> None:
    lines = _lines([420, 170, 170, 420])
    result = _ns(lines, AVERAGE_IMPS, expected=5)
    assert result[0] == Fraction(12) * 5 / 4 / 4


def test_the_fewer_results_variant_needs_the_n_minus_1_divisor() -> None:
    with pytest.raises(ValueError):
        cross_imps_board(_lines([1, 2]), policy=TOTAL_IMPS, expected=3)


def test_a_single_result_scores_nothing() -> None:
    assert _ns(_lines([420]), AVERAGE_IMPS) == [0]


def test_a_weighted_score_counts_with_its_weights() -> None:
    weighted = Weighted(((Fraction(2, 5), 420), (Fraction(3, 5), -50)))
    lines = [ImpLine("w", ns=weighted), *_lines([420, 170])]
    result = _ns(lines, TOTAL_IMPS)
    # w: .4·(0 + 6) + .6·(−10 − 6); 420: .4·0 + .6·10 + 6; 170: .4·−6 + .6·6 − 6
    assert result == [Fraction(-36, 5), 12, Fraction(-24, 5)]
    assert sum(result) == 0


def test_a_split_score_is_compared_per_direction() -> None:
    lines = [ImpLine(1, ns=Played(170), ew=Played(420)), *_lines([420, 170])]
    result = cross_imps_board(lines, policy=TOTAL_IMPS)
    assert [r.ns_imps for r in result] == [-6, 12, -6]
    assert [r.ew_imps for r in result] == [-6, -6, 12]
