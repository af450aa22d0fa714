"""Swiss pairs matches to VPs (swiss_pairs.py, scoring.md §13, §15)."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from scoring.engine.policy import ScoringPolicy
from scoring.engine.swiss_pairs import pair_match, pair_totals

WBF = ScoringPolicy()
ACBL_20 = ScoringPolicy(vp_scale="acbl_20vp")


def test_the_ns_pairs_imps_are_the_margin_and_the_vps_add_to_20() -> None:
    # 2 boards: +1 and +11 IMPs against the datum → 12 → WBF 2 boards 17.31.
    match = pair_match(
        1, "A", "B", [Fraction(1), Fraction(11)], boards_per_round=2, policy=WBF
    )
    assert (match.ns_imps, match.ew_imps) == (12, -12)
    assert (match.ns_vp, match.ew_vp) == (Decimal("17.31"), Decimal("2.69"))
    assert match.played == 2


def test_a_fractional_margin_is_rounded_half_to_even_then_scaled() -> None:
    # 8 boards on the ACBL 20-VP scale: −2.5 IMPs → −2 → 9 v 11.
    match = pair_match(
        2, "A", "B", [Fraction(-5, 2)], boards_per_round=8, policy=ACBL_20
    )
    assert (match.ns_vp, match.ew_vp) == (9, 11)


def test_totals_add_vps_and_imps_over_the_rounds() -> None:
    one = pair_match(1, "A", "B", [Fraction(12)], boards_per_round=2, policy=WBF)
    two = pair_match(2, "C", "A", [Fraction(1)], boards_per_round=2, policy=WBF)
    totals = pair_totals([one, two])
    # A: 17.31 + (20 − 10.86) = 26.45 VPs, 12 − 1 = 11 IMPs
    assert totals["A"].vp == Decimal("26.45") and totals["A"].imps == 11
    assert totals["A"].matches == 2
    assert totals["B"].vp == Decimal("2.69") and totals["C"].vp == Decimal("10.86")
