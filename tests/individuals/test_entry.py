"""The keyboard traveller of an individual: each line names four players, from
the movement (table and round, or one player) or typed; refusals name the
seat at fault and write nothing; corrections and deletions are logged."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from scoring.entry.history import change_undo
from scoring.models import ChangeLog, TravellerLine
from tests.factories import join
from tests.individuals.factory import individual_section, numbers, player, seating
from tournaments.models import Director, Section

pytestmark = pytest.mark.django_db


@pytest.fixture
def director(client: Client) -> Client:
    user = User.objects.create_user("td", password="pw", is_staff=True)
    join(user)
    Director.objects.create(user=user, language="en")
    client.force_login(user)
    return client


def url(section: Section, board: int) -> str:
    return reverse("scoring:board_entry", args=[section.pk, board])


def test_a_round_is_entered_by_table_and_round(director: Client) -> None:
    section = individual_section()
    for table in (1, 2, 3):
        for board in (1, 2):
            response = director.post(
                url(section, board),
                {"table": table, "round_no": 1, "entry": "4S N ="},
            )
            assert response.status_code == 302, response.content
    lines = TravellerLine.objects.order_by("table", "board__number")
    assert lines.count() == 6
    for line in lines:
        s = seating(section, 1, line.table or 0)
        assert numbers(line) == numbers(s)
        assert line.round == 1
    # Board 1 nobody vulnerable, board 2 North-South vulnerable (Law 2).
    assert [line.score_ns for line in lines[:2]] == [420, 620]
    log = ChangeLog.objects.filter(action="entered").order_by("id").first()
    assert log is not None
    first = lines[0]
    assert f"{first.ns_pair.label}&{numbers(first)[2]}-" in log.description


def test_the_page_lists_each_table_s_four_players(director: Client) -> None:
    section = individual_section()
    s = seating(section, 1, 2)
    page = director.get(url(section, 1) + "?round=1&table=2").content.decode()
    heads = re.findall(r"<th[^>]*>\s*(\w*)\s*</th>", page)
    assert heads == ["Round", "Table", "North", "East", "South", "West", ""]
    north, _east, south, west = numbers(s)
    assert f'data-north="{north}"' in page
    assert f'data-west="{west}"' in page
    # The asked seating prefills the four players.
    assert f'name="south" value="{south}"' in page


def test_north_alone_finds_the_others_in_the_movement(director: Client) -> None:
    section = individual_section()
    s = seating(section, 3, 2)
    board = s.first_board
    response = director.post(
        url(section, board), {"north": numbers(s)[0], "entry": "3NT S +1"}
    )
    assert response.status_code == 302
    line = TravellerLine.objects.get()
    assert numbers(line) == numbers(s)
    assert (line.round, line.table) == (3, 2)


def test_without_a_movement_the_four_players_are_typed(director: Client) -> None:
    section = individual_section(seated=False)
    typed = {"north": 3, "east": 7, "south": 1, "west": 12, "entry": "4H E -1"}
    assert director.post(url(section, 5), typed).status_code == 302
    line = TravellerLine.objects.get()
    assert numbers(line) == (3, 7, 1, 12)
    assert line.score_ns == 50  # one down, East-West not vulnerable on board 5
    response = director.post(url(section, 6), {**typed, "west": ""})
    assert response.status_code == 200
    errors = response.context["form"].errors
    assert errors["west"] == ["Type the player sitting West."]
    assert TravellerLine.objects.count() == 1


def test_a_player_typed_twice_is_refused_on_his_second_seat(director: Client) -> None:
    section = individual_section(seated=False)
    response = director.post(
        url(section, 1),
        {"north": 3, "east": 7, "south": 3, "west": 12, "entry": "4S N ="},
    )
    assert response.status_code == 200
    assert response.context["form"].errors["south"] == [
        "Player 3 cannot sit both North and South."
    ]
    assert not TravellerLine.objects.exists()


def test_a_player_already_on_the_board_is_refused(director: Client) -> None:
    section = individual_section(seated=False)
    first = {"north": 3, "east": 7, "south": 1, "west": 12, "entry": "4S N ="}
    assert director.post(url(section, 1), first).status_code == 302
    again = {"north": 4, "east": 8, "south": 2, "west": 7, "entry": "2H E ="}
    response = director.post(url(section, 1), again)
    assert response.status_code == 200
    assert response.context["form"].non_field_errors() == [
        "Player 7 (West) already has a result on board 1 (3&1-7&12). "
        "Correct that line instead."
    ]
    assert TravellerLine.objects.count() == 1
    assert numbers(TravellerLine.objects.get()) == (3, 7, 1, 12)


def test_an_unknown_player_is_named(director: Client) -> None:
    section = individual_section(seated=False)
    typed = {"north": 3, "east": 13, "south": 1, "west": 12, "entry": "4S N ="}
    response = director.post(url(section, 1), typed)
    assert response.context["form"].errors["east"] == [
        "There is no player 13 in section A."
    ]
    assert not TravellerLine.objects.exists()


def test_a_line_is_corrected_logged_and_undone(director: Client) -> None:
    section = individual_section()
    s = seating(section, 1, 1)
    director.post(url(section, 1), {"table": 1, "round_no": 1, "entry": "4S N ="})
    line = TravellerLine.objects.get()
    edit = reverse("scoring:line_edit", args=[line.pk])
    page = director.get(edit).content.decode()
    north, east, south, west = numbers(s)
    assert f'name="west" value="{west}"' in page
    # The director swaps South and West by mistake, then the result.
    swapped = {"north": north, "east": east, "south": west, "west": south,
               "table": 1, "round_no": 1, "entry": "4S N -1"}  # fmt: skip
    corrected = director.post(edit, swapped, follow=True)
    shown = [str(m) for m in corrected.context["messages"]]
    assert shown[-1] == (
        f"By the movement, South and West on board 1 with North {north} and East "
        f"{east} are {south} and {west}, not {west} and {south}. The result is "
        "saved: correct it if the players are wrong."
    )
    line.refresh_from_db()
    assert numbers(line)[2:] == (west, south)
    assert line.score_ns == -50
    change = ChangeLog.objects.get(action="corrected")
    assert change.before is not None and change.after is not None
    assert change.before["south_id"] == s.south_id
    assert change.after["south_id"] == s.west_id
    change_undo(change=change, user=None)
    line.refresh_from_db()
    assert numbers(line)[2:] == (south, west)
    assert line.score_ns == 420


def test_a_line_is_deleted_and_logged(director: Client) -> None:
    section = individual_section(seated=False)
    typed = {"north": 3, "east": 7, "south": 1, "west": 12, "entry": "4S N ="}
    director.post(url(section, 1), typed)
    line = TravellerLine.objects.get()
    response = director.post(reverse("scoring:line_delete", args=[line.pk]))
    assert response.status_code == 302
    assert not TravellerLine.objects.exists()
    assert ChangeLog.objects.get(action="deleted").description.startswith(
        "B1 3&1-7&12 "
    )
    assert player(section, 7).ew_lines.count() == 0
