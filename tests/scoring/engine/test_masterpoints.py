"""Master points by place to the top third of a field; ties share."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from scoring.engine.masterpoints import by_place, top_third
from scoring.engine.ranking import rank


def test_the_top_third_of_a_field_rounded_up_scores() -> None:
    assert [top_third(n) for n in (1, 3, 4, 9, 10)] == [1, 1, 2, 3, 4]


def test_it_gives_the_points_of_each_place_in_the_top_third() -> None:
    ranks = {p: str(p) for p in range(1, 10)}  # nine pairs: three score
    assert by_place(ranks, [600, 400, 300, 200]) == {1: 600, 2: 400, 3: 300}


def test_tied_pairs_share_the_points_of_the_places_they_cover() -> None:
    ranks = {"a": "1", "b": "2=", "c": "2=", "d": "4", "e": "5", "f": "6"}
    # two pairs score (a third of six); b and c share 2nd place's 400 and the
    # third place, outside the top third, gives nothing
    assert by_place(ranks, [600, 400, 300]) == {"a": 600, "b": 200, "c": 200}


def test_a_share_drops_the_part_of_a_hundredth_left_over() -> None:
    ranks = {"a": "1=", "b": "1=", "c": "1=", "d": "4", "e": "5", "f": "6", "g": "7"}
    assert by_place(ranks, [100, 50, 50]) == {"a": 66, "b": 66, "c": 66}


def test_places_past_the_end_of_the_table_get_nothing() -> None:
    assert by_place({p: str(p) for p in range(1, 13)}, [300, 100]) == {1: 300, 2: 100}


@given(
    st.lists(st.integers(0, 5), min_size=1, max_size=30),
    st.lists(st.integers(0, 1000), min_size=1, max_size=10),
)
def test_a_field_never_gets_more_than_the_table_gives(
    scores: list[int], table: list[int]
) -> None:
    ranks = rank(dict(enumerate(scores)))
    awards = by_place(ranks, table)
    assert sum(awards.values()) <= sum(table[: top_third(len(scores))])
    assert len(awards) <= len(scores)
