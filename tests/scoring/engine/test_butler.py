"""Butler scoring (scoring.md §11, with §4, §6–8)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from scoring.engine.butler import (
    ButlerLine,
    ImpLine,
    butler_board,
    datum,
    default_drop,
    imp_pair_totals,
    median_datum,
)
from scoring.engine.outcomes import Artificial, Average, Played, Weighted
from scoring.engine.policy import DatumSource, DatumTie, ScoringPolicy

DEFAULT = ScoringPolicy()

# (id, NS results, drop (None = default rule), datum, Butler IMPs per result)
BUTLER_EXAMPLES = [
    (
        "BUT-1",
        [980] * 3 + [480] * 11 + [450] * 7 + [-50],
        0,
        510,
        [10] * 3 + [-1] * 11 + [-2] * 7 + [-11],
    ),
    (
        "BUT-2",
        [-650, -170, -1440, 100, -170, -200],
        None,
        -300,
        [-8, 4, -15, 9, 4, 3],
    ),
    ("BUT-3", [620] * 4 + [170] * 3, None, 440, [5] * 4 + [-7] * 3),
    ("BUT-4", [600, 600, 600, -200], 0, 400, [5, 5, 5, -12]),
    ("BUT-5", [650, 170, 200], None, 340, [7, -5, -4]),
]


def _lines(scores: list[int]) -> list[ImpLine]:
    return [ImpLine(key=i, ns=Played(s)) for i, s in enumerate(scores)]


@pytest.mark.parametrize(
    ("scores", "drop", "expected"),
    [case[1:4] for case in BUTLER_EXAMPLES],
    ids=[case[0] for case in BUTLER_EXAMPLES],
)
def test_the_datum_of_the_worked_examples(
    scores: list[int], drop: int | None, expected: int
) -> None:
    assert datum(scores, drop=drop) == expected


@pytest.mark.parametrize(
    ("scores", "drop", "expected_datum", "expected_imps"),
    [case[1:] for case in BUTLER_EXAMPLES],
    ids=[case[0] for case in BUTLER_EXAMPLES],
)
def test_butler_imps_of_the_worked_examples(
    scores: list[int], drop: int | None, expected_datum: int, expected_imps: list[int]
) -> None:
    policy = ScoringPolicy(butler_drop=drop)
    lines = butler_board(_lines(scores), policy=policy)
    assert [line.datum for line in lines] == [expected_datum] * len(scores)
    assert [line.ns_imps for line in lines] == expected_imps
    assert [line.ew_imps for line in lines] == [-i for i in expected_imps]


def test_by_default_it_drops_none_of_three_results_and_one_at_each_end_above() -> None:
    assert [default_drop(n) for n in (1, 2, 3, 4, 10)] == [0, 0, 0, 1, 1]


@pytest.mark.parametrize(
    ("scores", "expected"),
    [([420, 430], 420), ([430, 440], 440), ([-420, -430], -420), ([0, 10], 0)],
)
def test_it_rounds_an_exact_five_to_the_even_ten(
    scores: list[int], expected: int
) -> None:
    assert datum(scores) == expected


@pytest.mark.parametrize(
    ("scores", "expected"),
    [([420, 430], 430), ([430, 440], 440), ([-420, -430], -430), ([0, 10], 10)],
)
def test_it_can_round_an_exact_five_away_from_zero(
    scores: list[int], expected: int
) -> None:
    assert datum(scores, tie=DatumTie.AWAY_FROM_ZERO) == expected


def test_it_drops_by_sorting_and_slicing_regardless_of_ties() -> None:
    assert datum([100, 100, 100, 500], drop=1) == 100


def test_it_refuses_to_drop_every_result() -> None:
    with pytest.raises(ValueError):
        datum([100, 200], drop=1)


def test_artificial_scores_get_three_imps_and_stay_out_of_the_datum() -> None:
    lines = [
        *_lines([650, 170, 200]),
        ImpLine("adj", ns=Artificial(Average.PLUS), ew=Artificial(Average.MINUS)),
        ImpLine("avg", ns=Artificial(Average.AVERAGE)),
    ]
    result = butler_board(lines, policy=DEFAULT)
    assert [r.datum for r in result[:3]] == [340] * 3  # BUT-5 unchanged
    assert result[3] == ButlerLine("adj", 340, 3, -3)
    assert result[4] == ButlerLine("avg", 340, 0, 0)


def test_the_artificial_imps_follow_the_policy() -> None:
    policy = ScoringPolicy(artificial_imp=(2, 0, -2))
    lines = [*_lines([100]), ImpLine("x", ns=Artificial(Average.PLUS))]
    assert butler_board(lines, policy=policy)[1].ns_imps == 2


def test_each_version_of_a_fouled_board_has_its_own_datum() -> None:
    lines = [
        ImpLine(1, Played(620), version="A"),
        ImpLine(2, Played(170), version="A"),
        ImpLine(3, Played(650), version="B"),
        ImpLine(4, Played(170), version="B"),
        ImpLine(5, Played(200), version="B"),
    ]
    result = butler_board(lines, policy=DEFAULT)
    assert [r.datum for r in result] == [400, 400, 340, 340, 340]
    assert [r.ns_imps for r in result] == [6, -6, 7, -5, -4]


def test_butler_against_par_uses_the_par_score_as_the_datum() -> None:
    policy = ScoringPolicy(datum_source=DatumSource.PAR)
    result = butler_board(_lines([420, -100]), policy=policy, par=110)
    assert [(r.datum, r.ns_imps) for r in result] == [(110, 7), (110, -5)]


def test_butler_against_par_takes_one_par_per_fouled_version() -> None:
    policy = ScoringPolicy(datum_source=DatumSource.PAR)
    lines = [ImpLine(1, Played(420), version=1), ImpLine(2, Played(420), version=2)]
    result = butler_board(lines, policy=policy, par={1: 420, 2: -100})
    assert [r.ns_imps for r in result] == [0, 11]


def test_butler_against_par_needs_the_par() -> None:
    with pytest.raises(ValueError):
        butler_board(_lines([420]), policy=ScoringPolicy(datum_source=DatumSource.PAR))


def test_a_split_score_is_scored_per_direction() -> None:
    lines = [
        ImpLine(1, ns=Played(170), ew=Played(420)),
        *_lines([420, 170]),
    ]
    result = butler_board(lines, policy=DEFAULT)
    # NS column 170, 420, 170 → datum 250; EW column 420, 420, 170 → datum 340.
    assert result[0] == ButlerLine(1, 250, -2, -2)
    assert result[1].ns_imps == 5
    assert result[1].ew_imps == -2


def test_a_weighted_score_gets_the_weighted_imps_and_stays_out_of_the_datum() -> None:
    weighted = Weighted(((Fraction(2, 5), 420), (Fraction(3, 5), -50)))
    lines = [*_lines([420, 170, -50]), ImpLine("w", ns=weighted)]
    result = butler_board(lines, policy=DEFAULT)
    assert result[3].datum == 180
    assert result[3].ns_imps == Fraction(2, 5) * 6 + Fraction(3, 5) * -6
    assert result[3].ew_imps == -result[3].ns_imps


def test_a_board_without_any_real_result_cannot_be_butlered() -> None:
    weighted = Weighted(((Fraction(1), 420),))
    with pytest.raises(ValueError):
        butler_board([ImpLine(1, ns=weighted)], policy=DEFAULT)


def test_pair_totals_scale_pairs_that_played_fewer_boards() -> None:
    totals = imp_pair_totals({"A": [3, -1, 4, 2], "B": [5, 1], "C": []})
    assert totals == {"A": 8, "B": 12, "C": 0}
    assert imp_pair_totals({"B": [5, 1]}, boards_max=3) == {"B": 9}


def test_the_median_datum_of_an_odd_field_is_its_middle_result() -> None:
    # the mean without top and bottom would be 336.67 -> 340
    assert median_datum([420, 450, 170, -50, 420]) == 420
    assert datum([420, 450, 170, -50, 420]) == 340


def test_the_median_of_an_even_field_is_the_mean_of_the_middle_two() -> None:
    assert median_datum([-50, 170, 480, 600]) == 320  # 325 to the even ten
    assert median_datum([-50, 170, 480, 600], tie=DatumTie.AWAY_FROM_ZERO) == 330


def test_the_median_datum_is_a_policy_option() -> None:
    policy = ScoringPolicy(datum_source=DatumSource.MEDIAN)
    result = butler_board(_lines([420, 450, 170, -50, 420]), policy=policy)
    assert [(r.datum, r.ns_imps) for r in result] == [
        (420, 0), (420, 1), (420, -6), (420, -10), (420, 0)
    ]  # fmt: skip


def test_a_median_of_no_results_is_refused() -> None:
    with pytest.raises(ValueError):
        median_datum([])
