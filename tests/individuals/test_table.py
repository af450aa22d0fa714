"""An individual's table on the phones: the round's answer names the four
players by seat, each phone signs in as its seat, a result entered by North is
accepted by East on his own phone and stored with the four players of the
seating; the moves say where each player goes next."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.db.models import Q

from movements.selectors import board_expected, tables_per_board
from scoring.engine.types import Contract, Result, Seat, Strain
from scoring.entry.services import line_record
from scoring.models import ChangeLog, TableEntry, TravellerLine
from scoring.table.disputes.dispute import dispute_settle
from tests.individuals.factory import (
    NAMES,
    individual_section,
    numbers,
    record_individual,
    seating,
)
from tests.table.helpers import Phone, codes
from tournaments.models import Pair, Section, Session

pytestmark = pytest.mark.django_db


@pytest.fixture
def section() -> Section:
    section = individual_section()
    Session.objects.filter(pk=section.session_id).update(table_confirm="own")
    return section


def phone(section: Section, table: int, seat: str) -> Phone:
    return Phone(codes(section.session)["A", table], seat=seat)


def test_the_round_names_the_four_players_by_seat(section: Section) -> None:
    s = seating(section, 1, 2)
    north, east, south, west = numbers(s)
    data = phone(section, 2, "S").round()
    assert data["players"] == {
        seat: {"number": n, "label": str(n), "name": NAMES[n - 1]}
        for seat, n in zip("NESW", (north, east, south, west), strict=True)
    }
    # ns and ew stay the labels of the cards' holders, North and East.
    assert (data["ns"], data["ew"]) == (str(north), str(east))
    assert data["phone"].items() >= {"seat": "S", "side": "NS", "table": 2}.items()
    assert [b["number"] for b in data["boards"]] == [1, 2]
    assert data["options"]["players"] is False


def test_the_moves_name_each_player_s_next_table_and_seat(section: Section) -> None:
    data = phone(section, 1, "N").round()
    now, after = seating(section, 1, 1), section.seatings.filter(round=2)
    where = {
        p.pk: (s.table, seat)
        for s in after
        for seat, p in zip("NESW", (s.ns_pair, s.ew_pair, s.south, s.west), strict=True)
        if p is not None
    }
    expected = {
        seat: {"table": where[p.pk][0], "seat": where[p.pk][1]}
        for seat, p in zip(
            "NESW", (now.ns_pair, now.ew_pair, now.south, now.west), strict=True
        )
        if p is not None
    }
    assert data["next"]["round"] == 2
    assert data["next"]["players"] == expected
    assert len(data["next"]["text"]) == 5  # four players and the boards


def test_east_accepts_norths_result_and_the_line_has_four_players(
    section: Section,
) -> None:
    north, east = phone(section, 1, "N"), phone(section, 1, "E")
    sent = north.send(1, "4S", tricks=10)
    assert sent.status_code == 201, sent.content
    assert sent.json()["score_ns"] == 420
    # North's own side cannot accept it: the opponents do.
    own = phone(section, 1, "S").post(f"results/{sent.json()['id']}/confirm")
    assert own.status_code == 409 and own.json()["field"] == "seat"
    pending = east.round()["boards"][0]["entry"]
    assert (pending["status"], pending["side"], pending["score"]) == (
        "pending", "NS", -420,
    )  # fmt: skip
    accepted = east.post(f"results/{sent.json()['id']}/confirm")
    assert accepted.status_code == 200, accepted.content
    line = TravellerLine.objects.get()
    assert numbers(line) == numbers(seating(section, 1, 1))
    assert (line.round, line.table, line.score_ns) == (1, 1, 420)
    entry = TableEntry.objects.get()
    assert (entry.status, entry.seat, entry.decided_by) == ("accepted", "N", "E")
    a, b, c, d = numbers(line)
    log = ChangeLog.objects.get(action="entered")
    assert log.description == f"B1 {a}&{c}-{b}&{d} 4S N = +420"
    assert log.device == "table A1 E"


def test_a_result_is_refused_when_the_director_entered_a_partner(
    section: Section,
) -> None:
    """The director typed board 1 of table 1 while the phones' result waited:
    the phones' entry is set aside, not stored twice."""
    s = seating(section, 1, 1)
    north, east = phone(section, 1, "N"), phone(section, 1, "E")
    sent = north.send(1, "3NT", declarer="S", tricks=9)
    assert s.ns_pair is not None and s.ew_pair is not None
    line_record(
        section=section, board_number=1, ns_pair=s.ns_pair, ew_pair=s.ew_pair,
        south=s.south, west=s.west, round_no=1, table=1,
        result=Result(Contract(3, Strain.NOTRUMP), Seat.SOUTH, 9),
    )  # fmt: skip
    answer = east.post(f"results/{sent.json()['id']}/confirm")
    assert answer.status_code == 409 and answer.json()["field"] == "board"
    assert TravellerLine.objects.count() == 1
    assert TableEntry.objects.get().status == "replaced"


def test_members_sign_in_is_refused_in_an_individual(section: Section) -> None:
    Session.objects.filter(pk=section.session_id).update(table_players=True)
    answer = phone(section, 1, "N").post(
        "players", {"side": "NS", "members": ["111", "222"]}
    )
    assert answer.status_code == 409
    assert answer.json()["field"] == "side"


def test_the_openapi_description_names_the_players(section: Section) -> None:
    spec = phone(section, 1, "N").client.get("/api/table/openapi.json").json()
    schemas = spec["components"]["schemas"]
    described = schemas["Round"]["properties"]
    data = phone(section, 1, "W").round()
    assert (
        set(described["players"]["properties"]) == set(data["players"]) == set("NESW")
    )
    assert set(schemas["Player"]["properties"]) == set(data["players"]["W"])
    assert set(data["next"]) <= set(described["next"]["properties"])
    assert set(data["next"]["players"]["W"]) <= set(schemas["Seat"]["properties"])


def test_a_table_with_an_empty_seat_sits_out() -> None:
    """10 players: table 3 (which plays in round 3) sits out round 1 with a
    phantom, on the phone and in the keyboard traveller's list of who plays the
    board (table 1 never plays: it has no code)."""
    section = individual_section(10)
    seat_empty = Q(ns_pair=None) | Q(ew_pair=None) | Q(south=None) | Q(west=None)
    empty = section.seatings.filter(seat_empty, round=1, table=3).get()
    data = phone(section, empty.table, "N").round()
    assert (data["round"], data["sit_out"], data["boards"]) == (1, True, [])
    assert data["players"] is None
    tables = [e.seating.table for e in board_expected(section, empty.first_board, ())]
    assert tables == [2]
    assert tables_per_board(section.session)[empty.first_board] == 1


def test_west_disputes_and_the_director_settles_with_four_players(
    section: Section,
) -> None:
    south, west = phone(section, 2, "S"), phone(section, 2, "W")
    first = south.send(1, "4S", declarer="S", tricks=10).json()
    version = {"contract": "4S", "declarer": "S", "tricks": 9, "lead": "C2"}
    rejected = west.post(f"results/{first['id']}/reject", version).json()
    assert rejected["status"] == "rejected"  # back to South first
    sent = south.send(1, "4S", declarer="S", tricks=10, client_id="kept").json()
    disputed = west.post(f"results/{sent['id']}/reject", version).json()
    assert (disputed["status"], disputed["version"]["score"]) == ("disputed", 50)
    assert not TravellerLine.objects.exists()
    entry = TableEntry.objects.get(pk=sent["id"])
    line = dispute_settle(
        entry=entry, choice="version", user=User.objects.create_user("td")
    )
    assert numbers(line) == numbers(seating(section, 1, 2))
    assert (line.tricks, line.score_ns, line.table) == (9, -50, 2)
    a, b, c, d = numbers(line)
    settled = ChangeLog.objects.get(action="settled").description
    assert settled == f"dispute at table A2 settled: B1 {a}&{c}-{b}&{d} 4S S -1 -50"


def _played(player: Pair) -> set[int]:
    named = Q(ns_pair=player) | Q(ew_pair=player) | Q(south=player) | Q(west=player)
    lines = TravellerLine.objects.filter(named)
    return set(lines.values_list("board__number", flat=True))


def test_a_phone_sees_the_boards_its_own_player_played(section: Section) -> None:
    """A phone belongs to the player of its seat, not to the table: round 1's
    South of table 1, gone to another table that has not played round 2 yet,
    does not see the boards table 1 played in round 2 on the phone he left."""
    Session.objects.filter(pk=section.session_id).update(table_shows="traveller")
    first = seating(section, 1, 1)
    kept = phone(section, 1, "S")  # round 1's South, who then moves on
    for s in section.seatings.filter(round=1).select_related(
        "ns_pair", "ew_pair", "south", "west"
    ):
        for board in s.boards:
            record_individual(section, board, numbers(s), "4S N =", round_no=1,
                              table=s.table)  # fmt: skip
    now = seating(section, 2, 1)
    south, north_player = first.south, now.ns_pair
    assert south is not None and north_player is not None
    assert south.number not in numbers(now)
    north = phone(section, 1, "N")  # round 2's North
    for board in now.boards:
        record_individual(section, board, numbers(now), "4S N =", round_no=2,
                          table=1)  # fmt: skip
    boards = range(1, max(now.boards) + 1)

    def seen(on: Phone) -> set[int]:
        return {n for n in boards if on.get(f"boards/{n}").json()["shown"]}

    assert seen(kept) == _played(south) == set(first.boards)
    assert seen(north) == _played(north_player) == set(first.boards) | set(now.boards)


@pytest.mark.parametrize(
    ("players", "tables"), [(6, [1]), (10, [2, 3]), (12, [1, 2, 3])]
)
def test_a_table_that_never_plays_gets_no_code(players: int, tables: list[int]) -> None:
    section = individual_section(players)
    assert sorted(table for _letter, table in codes(section.session)) == tables
    assert sorted(section.table_codes.values_list(
        "table", flat=True)) == tables  # fmt: skip
