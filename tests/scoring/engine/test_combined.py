"""The ranking over an event's sessions (scoring/engine/combined.py)."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from scoring.engine.combined import CombinedBy, SessionScore, combined_ranking


def s(session: int, score: int | F, pct: int | F | None) -> SessionScore:
    return SessionScore(session, F(score), None if pct is None else F(pct))


PLAYED = {
    "a": [s(1, 60, 60), s(2, 50, 50)],  # sum 110, average (60 + 50) / 2 = 55
    "b": [s(2, 70, 70), s(1, 45, 45)],  # sum 115, average 57.5 (sessions sorted)
    "late": [s(2, 80, 80)],  # sum 80, average (0 + 80) / 2 = 40
}


def test_it_adds_the_session_scores_and_a_missing_session_counts_nothing() -> None:
    ranked = combined_ranking(PLAYED, sessions=2, by=CombinedBy.SUM)
    assert [(t.key, t.score, t.rank) for t in ranked] == [
        ("b", 115, "1"),
        ("a", 110, "2"),
        ("late", 80, "3"),
    ]
    assert [x.session for x in ranked[0].sessions] == [1, 2]
    assert ranked[2].percentage == 40


def test_it_averages_percentages_over_the_events_sessions() -> None:
    ranked = combined_ranking(PLAYED, sessions=2, by=CombinedBy.AVERAGE)
    assert [(t.key, t.percentage, t.rank) for t in ranked] == [
        ("b", F(115, 2), "1"),
        ("a", 55, "2"),
        ("late", 40, "3"),
    ]


def test_a_carry_over_percentage_counts_as_one_more_session() -> None:
    # a: (60 + 50 + 56) / 3 = 166/3; b: (45 + 70 + 0) / 3 = 115/3
    ranked = combined_ranking(
        {k: PLAYED[k] for k in "ab"},
        sessions=2,
        by=CombinedBy.AVERAGE,
        carry_over={"a": F(56)},
    )
    assert [(t.key, t.percentage) for t in ranked] == [
        ("a", F(166, 3)),
        ("b", F(115, 3)),
    ]


def test_a_carry_over_score_is_added_and_ties_share_the_place() -> None:
    # a: 110 + 5 = 115 = b's 115
    ranked = combined_ranking(
        {k: PLAYED[k] for k in "ab"},
        sessions=2,
        by=CombinedBy.SUM,
        carry_over={"a": F(5)},
    )
    assert {t.key: t.rank for t in ranked} == {"a": "1=", "b": "1="}


def test_it_ranks_each_group_apart() -> None:
    ranked = combined_ranking(
        PLAYED, sessions=2, by=CombinedBy.SUM, group=lambda k: k == "late"
    )
    assert [(t.key, t.rank) for t in ranked] == [("b", "1"), ("a", "2"), ("late", "1")]


def test_an_average_needs_percentages() -> None:
    with pytest.raises(ValueError, match="percentage"):
        combined_ranking({"x": [s(1, 12, None)]}, sessions=1, by=CombinedBy.AVERAGE)
