"""The `movement` management command (no database)."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError


def run(*args: str) -> str:
    out = StringIO()
    call_command("movement", *args, stdout=out)
    return out.getvalue()


def test_it_prints_a_mitchell_as_json():
    data = json.loads(run("mitchell", "--tables", "5", "--json"))
    assert set(data) == {"kind", "tables", "rounds", "boards_per_round", "schedule"}
    assert (data["kind"], data["tables"], data["rounds"]) == ("mitchell", 5, 5)
    assert data["schedule"][5] == {
        "round": 2, "table": 1, "ns": "1NS", "ew": "5EW", "boards": [3, 4]
    }  # fmt: skip
    assert len(data["schedule"]) == 25


def test_relay_sets_are_not_tables_and_the_sharing_table_plays_another_order():
    data = json.loads(run("mitchell", "--tables", "6", "--relay", "--json",
                          "--boards-per-round", "3"))  # fmt: skip
    first = [row for row in data["schedule"] if row["round"] == 1]
    assert [row["table"] for row in first] == [1, 2, 3, 4, 5, 6]
    assert first[0]["boards"] == [1, 2, 3]
    assert first[5]["boards"] == [2, 3, 1]


def test_a_switched_round_prints_numbers_and_the_card_holders():
    data = json.loads(run("mitchell", "--tables", "7", "--arrow-switch", "2",
                          "--json"))  # fmt: skip
    first, second = data["schedule"][0], data["schedule"][7]
    assert (first["ns"], first["ew"]) == (1, 8)
    assert (second["round"], second["ns"], second["ew"]) == (2, 14, 1)


def test_a_howell_prints_integers_and_null_for_the_phantom():
    data = json.loads(run("howell", "--tables", "4", "--phantom", "--json"))
    assert data["rounds"] == 7
    assert data["schedule"][0] == {
        "round": 1, "table": 1, "ns": None, "ew": 1, "boards": [1, 2]
    }  # fmt: skip


def test_the_readable_grid_shows_the_schedule_and_the_checks():
    text = run("mitchell", "--tables", "6", "--skip", "--rounds", "4")
    assert "1-3 s4" in text
    assert "check 6" in text


def test_a_three_quarter_howell_can_be_asked_for():
    data = json.loads(run("howell", "--tables", "6", "--three-quarter", "--json"))
    assert data["rounds"] == 8


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("mitchell", "--tables", "6"), "skip or a share-and-relay"),
        (("mitchell", "--tables", "31"), "2 to 30"),
        (("mitchell", "--tables", "5", "--skip"), "even number"),
        (("mitchell", "--tables", "5", "--arrow-switch", "9"), "arrow-switch"),
        (("mitchell", "--tables", "5", "--arrow-switch", "x"), "round numbers"),
        (("howell", "--tables", "4", "--relay"), "for a Mitchell"),
        (("howell", "--tables", "12"), "2 to 10"),
    ],
)
def test_an_impossible_request_is_a_command_error(args, message):
    with pytest.raises(CommandError, match=message):
        run(*args)


def test_an_individual_prints_four_players_by_seat_as_json():
    data = json.loads(run("individual", "--players", "12", "--json",
                          "--boards-per-round", "2"))  # fmt: skip
    assert set(data) == {"kind", "players", "tables", "rounds", "boards_per_round",
                         "schedule"}  # fmt: skip
    assert (data["kind"], data["players"], data["tables"], data["rounds"]) == (
        "individual", 12, 3, 11
    )  # fmt: skip
    assert data["schedule"][0] == {
        "round": 1, "table": 1, "boards": [1, 2],
        "players": {"N": 8, "E": 12, "S": 1, "W": 9},
    }  # fmt: skip
    assert len(data["schedule"]) == 33
    assert {row["round"]: row["boards"] for row in data["schedule"]}[11] == [21, 22]


def test_a_player_who_sits_out_is_in_no_row_of_that_round():
    data = json.loads(run("individual", "--players", "9", "--json"))
    for number in range(1, 10):
        seated = [
            p for row in data["schedule"] if row["round"] == number
            for p in row["players"].values()
        ]  # fmt: skip
        assert sorted(seated + [number]) == list(range(1, 10))


def test_phantom_tables_are_left_out_of_the_json():
    data = json.loads(run("individual", "--players", "7", "--json"))
    assert len(data["schedule"]) == 7
    assert all(8 not in row["players"].values() for row in data["schedule"])


def test_a_rainbow_individual_can_be_asked_for():
    data = json.loads(run("rainbow", "--tables", "5", "--json"))
    assert (data["kind"], data["players"], data["rounds"]) == ("rainbow", 20, 5)
    assert data["schedule"][5]["players"] == {"N": 1, "E": 9, "S": 15, "W": 18}


def test_the_readable_individual_grid_names_the_sit_outs_and_the_checks():
    text = run("individual", "--players", "10")
    assert "out: " in text and "check 5" in text


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("individual", "--players", "4"), "5 to 20 players"),
        (("individual", "--players", "21"), "5 to 20 players"),
        (("individual",), "needs --players"),
        (("individual", "--players", "8", "--tables", "2"), "not --tables"),
        (("individual", "--players", "8", "--skip"), "--skip is not for"),
        (("individual", "--players", "8", "--boards-per-round", "0"), "at least 1"),
        (("rainbow", "--tables", "9"), "divisible by 2 or 3"),
        (("rainbow", "--tables", "8"), "divisible by 2 or 3"),
        (("rainbow",), "needs --tables"),
        (("rainbow", "--players", "20"), "not --players"),
        (("mitchell",), "needs --tables"),
        (("howell", "--tables", "4", "--players", "8"), "for an individual"),
    ],
)
def test_an_impossible_individual_request_is_a_command_error(args, message):
    with pytest.raises(CommandError, match=message):
        run(*args)


def test_a_web_mitchell_prints_two_copies_of_a_set_in_a_round():
    data = json.loads(run("mitchell", "--tables", "14", "--web", "--json"))
    assert (data["tables"], data["rounds"]) == (14, 13)
    first = [row["boards"] for row in data["schedule"] if row["round"] == 1]
    assert first[0] == first[12] == [1, 2]
    assert first[13] == [25, 26]


def test_barometer_boards_give_every_table_the_round_s_set():
    data = json.loads(run("howell", "--tables", "4", "--barometer", "--json",
                          "--boards-per-round", "3"))  # fmt: skip
    for row in data["schedule"]:
        first = 3 * (row["round"] - 1) + 1
        assert row["boards"] == [first, first + 1, first + 2]


def test_an_individual_already_has_barometer_boards():
    plain = run("individual", "--players", "8", "--json")
    assert run("individual", "--players", "8", "--barometer", "--json") == plain


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ("mitchell", "--tables", "14", "--web", "--sets", "12"),
            "even number of sets",
        ),
        (("mitchell", "--tables", "15", "--web"), "even number of tables"),
        (("mitchell", "--tables", "7", "--sets", "13"), "for a Web Mitchell"),
        (("mitchell", "--tables", "14", "--web", "--rounds", "3"), "neither"),
        (("howell", "--tables", "4", "--web"), "are for a Mitchell"),
        (("rainbow", "--tables", "5", "--barometer"), "moves its boards"),
        (("individual", "--players", "8", "--web"), "--web is not for"),
    ],
)
def test_an_impossible_web_or_barometer_request_is_a_command_error(args, message):
    with pytest.raises(CommandError, match=message):
        run(*args)


@pytest.mark.parametrize("tables", ["8", "12"])
def test_an_even_barometer_mitchell_is_accepted_without_skip(tables):
    data = json.loads(run("mitchell", "--tables", tables, "--barometer", "--json"))
    assert data["rounds"] == int(tables)
    assert {row["boards"][0] for row in data["schedule"] if row["round"] == 3} == {5}
