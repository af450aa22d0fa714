"""Fields (who is ranked against whom) and the standing order (scoring.md §4, §9)."""

from __future__ import annotations

from fractions import Fraction

from scoring.engine.fields import Entrant, by_direction, ranking_group, standing_key

NS1, EW1 = Entrant("A", "NS", 1), Entrant("A", "EW", 1)
NS_B2 = Entrant("B", "NS", 2)


def test_two_winners_rank_ns_and_ew_of_a_section_apart() -> None:
    groups = {ranking_group(e, across=False, two_winners=True) for e in (NS1, EW1)}
    assert groups == {("A", "NS"), ("A", "EW")}


def test_one_winner_ranks_the_whole_section_together() -> None:
    groups = {ranking_group(e, across=False, two_winners=False) for e in (NS1, EW1)}
    assert groups == {("A", "")}


def test_across_the_field_sections_share_a_ranking() -> None:
    assert ranking_group(NS1, across=True, two_winners=True) == ranking_group(
        NS_B2, across=True, two_winners=True
    )


def test_standings_list_sections_then_ns_before_ew_then_the_best_score() -> None:
    scores = {NS1: Fraction(40), EW1: Fraction(70), NS_B2: Fraction(60)}
    order = sorted(scores, key=lambda e: standing_key(e, scores[e], across=False))
    assert order == [NS1, EW1, NS_B2]


def test_across_the_field_equal_scores_are_broken_by_section_then_number() -> None:
    a2, b1 = Entrant("A", "NS", 2), Entrant("B", "NS", 1)
    same = Fraction(50)
    order = sorted([b1, a2], key=lambda e: standing_key(e, same, across=True))
    assert order == [a2, b1]
    mixed = {b1: Fraction(60), a2: Fraction(50)}
    order = sorted(mixed, key=lambda e: standing_key(e, mixed[e], across=True))
    assert order == [b1, a2]


def test_two_winners_only_when_every_pair_keeps_its_direction() -> None:
    assert by_direction(True, ["NS", "EW", "NS"])
    assert not by_direction(True, ["NS", "EW", ""])  # a Howell pair among them
    assert not by_direction(False, ["NS", "EW"])
    assert by_direction(True, iter(["EW"]))  # read once: a generator will do
