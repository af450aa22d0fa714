"""The round in play, for live standings that hide it (the barometer way)."""

from __future__ import annotations

from scoring.engine.rounds import Played, first_unfinished_round, round_in_play


def rounds(section: str, tables: int, boards: int, *numbers: int) -> list[Played]:
    """Every table of ``section`` played ``boards`` boards in each round given."""
    return [
        Played(section, r, t)
        for r in numbers
        for t in range(1, tables + 1)
        for _b in range(boards)
    ]


def test_no_round_is_in_play_when_every_round_is_complete() -> None:
    assert round_in_play(rounds("A", 3, 2, 1, 2), {"A": 3}) is None


def test_the_latest_incomplete_round_is_in_play() -> None:
    played = rounds("A", 3, 2, 1, 2) + [Played("A", 3, 1), Played("A", 3, 1)]
    assert round_in_play(played, {"A": 3}) == 3


def test_a_round_is_complete_only_in_every_section() -> None:
    played = rounds("A", 2, 2, 1) + rounds("B", 2, 2, 1)[:-1]
    assert round_in_play(played, {"A": 2, "B": 2}) == 1


def test_tables_not_set_are_counted_from_the_results() -> None:
    played = rounds("A", 4, 3, 1) + rounds("A", 4, 3, 2)[:5]
    assert round_in_play(played, {"A": 0}) == 2
    assert round_in_play(played, {}) == 2


def test_nothing_played_means_no_round_in_play() -> None:
    assert round_in_play([], {"A": 7}) is None


def test_with_a_barometer_the_first_unfinished_round_and_later_ones_are_hidden() -> (
    None
):
    expected = {1: 6, 2: 6, 3: 6}
    # Round 2 lacks one table's boards while round 3 has begun.
    played = [1] * 6 + [2] * 4 + [3] * 2
    assert first_unfinished_round(played, expected) == 2
    assert first_unfinished_round([1] * 6 + [2] * 6 + [3] * 5, expected) == 3


def test_with_a_barometer_finished_rounds_hide_nothing() -> None:
    expected = {1: 6, 2: 6, 3: 6}
    assert first_unfinished_round([1] * 6 + [2] * 6, expected) is None
    assert first_unfinished_round([], expected) is None
    assert first_unfinished_round([1] * 6 + [2] * 6 + [3] * 6, expected) is None
