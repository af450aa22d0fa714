"""Neuberg factoring, its rounding policies and the ACBL small-group rule (§5, §8)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from scoring.engine.factoring import (
    factor,
    neuberg,
    neuberg_percentage,
    round_factored,
    small_group_percentage,
    uses_small_group_share,
)
from scoring.engine.policy import (
    Factoring,
    NeubergRounding,
    ScoringPolicy,
    SmallGroupRule,
)

EBU = ScoringPolicy()
ACBL = ScoringPolicy(neuberg_rounding=NeubergRounding.ACBL)
EXACT = ScoringPolicy(neuberg_rounding=NeubergRounding.EXACT)
ACBL_SMALL = ScoringPolicy(small_group_rule=SmallGroupRule.ACBL)
NO_FACTORING = ScoringPolicy(factoring=Factoring.NONE)

N_1 = [
    (18, "19.9"),
    (16, "17.7"),
    (14, "15.5"),
    (12, "13.3"),
    (10, "11.1"),
    (8, "8.9"),
    (6, "6.7"),
    (4, "4.5"),
    (2, "2.3"),
    (0, "0.1"),
]


@pytest.mark.parametrize(("mp", "factored"), N_1, ids=[f"N-1 M={m}" for m, _ in N_1])
def test_n_1_factors_ten_results_to_eleven_with_ebu_rounding(
    mp: int, factored: str
) -> None:
    assert factor(mp, actual=10, expected=11, policy=EBU) == Fraction(factored)


@pytest.mark.parametrize(
    ("mp", "exact", "rounded"),
    [(4, Fraction(29, 6), Fraction("4.8")), (9, Fraction(32, 3), Fraction("10.7"))],
    ids=["N-2 4 of 10", "N-2 9 of 10"],
)
def test_n_2_factors_a_board_played_six_times_to_seven(
    mp: int, exact: Fraction, rounded: Fraction
) -> None:
    assert neuberg(mp, actual=6, expected=7) == exact
    assert factor(mp, actual=6, expected=7, policy=EBU) == rounded
    assert factor(mp, actual=6, expected=7, policy=EXACT) == exact


def test_n_2_percent_form_gives_40_28() -> None:
    factored = neuberg_percentage(40, actual=6, expected=7)
    assert round(factored, 2) == Fraction("40.28")
    # The percent form agrees with the internal-unit formula.
    assert factored == neuberg(4, actual=6, expected=7) * 100 / 12


@pytest.mark.parametrize(
    ("mp", "exact", "ebu"),
    [(0, "0.05", "0.1"), (19, "20", "20.0"), (38, "39.95", "39.9")],
    ids=["N-3 M=0", "N-3 M=19", "N-3 M=38"],
)
def test_n_3_rounds_an_exact_five_towards_the_average(
    mp: int, exact: str, ebu: str
) -> None:
    assert neuberg(mp, actual=20, expected=21) == Fraction(exact)
    assert factor(mp, actual=20, expected=21, policy=EBU) == Fraction(ebu)


FOUL_1_SEVEN = [
    (12, "17.6", "8.79"),
    (10, "14.7", "7.36"),
    (8, "11.9", "5.93"),
    (6, "9.0", "4.50"),
    (4, "6.1", "3.07"),
    (2, "3.3", "1.64"),
    (0, "0.4", "0.21"),
]


@pytest.mark.parametrize(
    ("mp", "internal", "acbl"),
    FOUL_1_SEVEN,
    ids=[f"FOUL-1 group of 7 M={m}" for m, _, _ in FOUL_1_SEVEN],
)
def test_foul_1_factors_the_group_of_seven_to_ten(
    mp: int, internal: str, acbl: str
) -> None:
    assert factor(mp, actual=7, expected=10, policy=EBU) == Fraction(internal)
    acbl_points = factor(mp, actual=7, expected=10, policy=ACBL)
    assert acbl_points / 2 == Fraction(acbl)
    small = factor(mp, actual=7, expected=10, policy=ACBL_SMALL, larger_group=True)
    assert small == Fraction(internal)


@pytest.mark.parametrize(
    ("mp", "formula", "acbl_small"),
    [(4, "15.7", "12.6"), (2, "9.0", "10.8"), (0, "2.3", "9.0")],
    ids=["FOUL-1 group of 3 M=4", "FOUL-1 group of 3 M=2", "FOUL-1 group of 3 M=0"],
)
def test_foul_1_factors_the_group_of_three_by_formula_or_fixed_share(
    mp: int, formula: str, acbl_small: str
) -> None:
    assert factor(mp, actual=3, expected=10, policy=EBU) == Fraction(formula)
    small = factor(mp, actual=3, expected=10, policy=ACBL_SMALL, larger_group=False)
    assert small == Fraction(acbl_small)


def test_foul_1_unrounded_group_totals_are_nine_per_result() -> None:
    seven = sum(neuberg(m, actual=7, expected=10) for m in range(0, 13, 2))
    three = sum(neuberg(m, actual=3, expected=10) for m in (0, 2, 4))
    assert (seven, three) == (63, 27)


def test_a_group_of_three_that_is_the_larger_group_uses_the_formula() -> None:
    assert not uses_small_group_share(
        actual=3, expected=6, larger_group=True, rule=SmallGroupRule.ACBL
    )
    assert factor(4, actual=3, expected=6, policy=ACBL_SMALL) == 9


@pytest.mark.parametrize(
    ("mp", "actual", "share"),
    [
        (2, 2, 65),
        (0, 2, 55),
        (1, 2, 60),
        (0, 1, 60),
        (4, 3, 70),
        (3, 3, 65),
        (2, 3, 60),
        (1, 3, 55),
        (0, 3, 50),
    ],
    ids=[
        "pair best",
        "pair worst",
        "pair tied",
        "single",
        "three best",
        "three tied best",
        "three middle or all tied",
        "three tied worst",
        "three worst",
    ],
)
def test_acbl_fixed_shares_are_shared_by_tied_results(
    mp: int, actual: int, share: int
) -> None:
    assert small_group_percentage(mp, actual=actual) == share


def test_small_groups_of_a_complete_board_are_not_factored() -> None:
    assert factor(2, actual=2, expected=2, policy=ACBL_SMALL) == 2


def test_a_single_result_gets_the_average_by_formula() -> None:
    assert factor(0, actual=1, expected=6, policy=EBU) == 5


def test_no_factoring_keeps_the_matchpoints() -> None:
    assert factor(4, actual=6, expected=7, policy=NO_FACTORING) == 4


@pytest.mark.parametrize(
    ("value", "rounding", "rounded"),
    [
        (Fraction("7.75"), NeubergRounding.EBU, Fraction("7.7")),
        (Fraction("0.25"), NeubergRounding.EBU, Fraction("0.3")),
        (Fraction("7.74"), NeubergRounding.EBU, Fraction("7.7")),
        (Fraction("7.76"), NeubergRounding.EBU, Fraction("7.8")),
        (Fraction("0.01"), NeubergRounding.ACBL, Fraction("0.02")),
        (Fraction("0.03"), NeubergRounding.ACBL, Fraction("0.04")),
        (Fraction("0.029"), NeubergRounding.ACBL, Fraction("0.02")),
        (Fraction(1, 3), NeubergRounding.EXACT, Fraction(1, 3)),
    ],
    ids=[
        "ebu half above average goes down",
        "ebu half below average goes up",
        "ebu below half",
        "ebu above half",
        "acbl half of 0.01 acbl goes up",
        "acbl second half goes up",
        "acbl below half",
        "exact keeps the fraction",
    ],
)
def test_it_rounds_factored_scores_per_policy(
    value: Fraction, rounding: NeubergRounding, rounded: Fraction
) -> None:
    assert round_factored(value, expected=5, rounding=rounding) == rounded


def test_neuberg_needs_a_real_result() -> None:
    with pytest.raises(ValueError, match="real result"):
        neuberg(0, actual=0, expected=5)
