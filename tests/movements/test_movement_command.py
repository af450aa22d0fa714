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
