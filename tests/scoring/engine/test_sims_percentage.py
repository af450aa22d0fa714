"""An event ranked on the simultaneous percentage: each pair the mean of its
boards' (MP + 1) / (2n), placed on it (the rule of scoring.engine.simultaneous)."""

from __future__ import annotations

from fractions import Fraction

from scoring.engine.outcomes import Played
from scoring.engine.policy import ScoringPolicy
from scoring.engine.pools import BoardLine, BoardPool
from scoring.engine.session import score_matchpoints
from scoring.engine.simultaneous import sims_share, with_sims_percentages


def _line(pair: object) -> str:
    return str(pair)[0]  # NS and EW ranked apart


def _pool(board: int, tables: list[tuple[str, str, int]]) -> BoardPool:
    return BoardPool(
        board,
        tuple(
            BoardLine((board, ns), ns, ew, Played(score), Played(score))
            for ns, ew, score in tables
        ),
    )


def test_a_top_of_three_results_is_five_sixths() -> None:
    assert sims_share(Fraction(4), 4) == Fraction(250, 3)  # (4 + 1) / 6
    assert sims_share(Fraction(0), 4) == Fraction(50, 3)


def test_pairs_are_ranked_on_the_mean_of_their_boards_shares() -> None:
    """Two boards of three tables: pair N1 tops one and is bottom on the other
    (a mean of 50 %), N2 is average on both (50 %), N3 the rest."""
    pools = [
        _pool(1, [("N1", "E1", 420), ("N2", "E2", 400), ("N3", "E3", 100)]),
        _pool(2, [("N1", "E2", -100), ("N2", "E3", 110), ("N3", "E1", 140)]),
    ]
    plain = score_matchpoints(pools, policy=ScoringPolicy(), ranking_group=_line)
    scored = with_sims_percentages(plain, pools, _line)
    assert scored.boards is plain.boards  # the lines are unchanged
    percentages = {pair: s.percentage for pair, s in scored.pairs.items()}
    assert percentages["N1"] == (Fraction(250, 3) + Fraction(50, 3)) / 2 == 50
    assert percentages["N2"] == 50
    assert percentages["N3"] == (Fraction(50, 3) + Fraction(250, 3)) / 2
    assert scored.pairs["N1"].matchpoints == plain.pairs["N1"].matchpoints == 4
    assert {scored.pairs[p].rank for p in ("N1", "N2", "N3")} == {"1="}
    assert scored.pairs["E2"].percentage == (50 + Fraction(250, 3)) / 2
    ranks = [scored.pairs[p].rank for p in ("E1", "E2", "E3")]
    assert ranks == ["3", "1=", "1="]  # placed among the EW pairs only
