"""How many results each board should have (E) for factoring (scoring.md §5, §9)."""

from __future__ import annotations

from scoring.engine.expected import expected_results, field_expected


def test_e_is_the_most_results_on_one_board_of_the_section() -> None:
    played = [("A", 1)] * 7 + [("A", 2)] * 6 + [("B", 1)] * 5
    assert expected_results(played, {"A": None, "B": None}) == {"A": 7, "B": 5}


def test_the_directors_number_wins() -> None:
    assert expected_results([("A", 1)] * 3, {"A": 7}) == {"A": 7}


def test_a_section_without_results_expects_none() -> None:
    assert expected_results([], {"A": None}) == {"A": 0}


def test_across_the_field_a_board_expects_every_sections_results() -> None:
    assert field_expected({"A": 7, "B": 5}) == 12
