"""Phones that follow their pair: a phone that named a seat is its pair's (in an
individual, its player's), goes with it to the table the movement seats it at,
acts only for it there, and its notices are its pair's; the scorer's phone stays
its table's; renewing the code it signed in with voids it wherever it is."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db.models import Q
from django.test import Client
from django.urls import reverse

from movements.models import Seating
from scoring.engine.types import Contract, Result, Seat, Strain
from scoring.entry.services import line_record
from scoring.models import PairPhone, TableEntry, TravellerLine
from scoring.table.play.codes import code_renew
from scoring.table.room.state import room_state
from tests.factories import CLUB, join, make_howell
from tests.individuals.factory import individual_section
from tournaments.models import Pair, Session

from .helpers import Phone, codes, own_phones_session

pytestmark = pytest.mark.django_db

REFUSED = (
    "This phone is your pair's: it can act only for your pair, at the table "
    "where your pair plays now."
)


@pytest.fixture
def session() -> Session:
    return own_phones_session()


def where(session: Session, label: str, round_no: int) -> tuple[int, str]:
    """The table and side pair ``label`` holds in the round."""
    pair = Pair.objects.get(section__session=session, label=label)
    row = Seating.objects.get(section__session=session, round=round_no, **_in(pair))
    return row.table, "NS" if row.ns_pair_id == pair.pk else "EW"


def _in(pair: Pair) -> dict[str, Any]:
    return {"ns_pair" if pair.direction == "NS" else "ew_pair": pair}


def six_phones(session: Session) -> dict[str, Phone]:
    """Each pair of the 3-table Mitchell on its own phone, signed in at the
    table it starts at."""
    phones = {}
    for (_letter, table), code in codes(session).items():
        phones[f"{table}NS"] = Phone(code, seat="NS")
        phones[f"{table}EW"] = Phone(code, seat="EW")
    return phones


def play_table(ns: Phone, ew: Phone) -> None:
    """North-South send every board of their round, East-West accept each."""
    data = ns.round()
    assert ew.round()["phone"]["table"] == data["table"]
    for board in data["boards"]:
        sent = ns.send(board["number"])
        assert sent.status_code == 201, sent.content
        accepted = ew.post(f"results/{sent.json()['id']}/confirm")
        assert accepted.status_code == 200, accepted.content


def play_round(session: Session, phones: dict[str, Phone], round_no: int) -> None:
    """Every table plays the round on its pairs' phones; both pairs confirm."""
    for table in (1, 2, 3):
        at = {where(session, label, round_no): p for label, p in phones.items()}
        play_table(at[table, "NS"], at[table, "EW"])
    for phone in phones.values():
        assert phone.post(f"rounds/{round_no}/confirm").status_code == 200


def test_a_moved_pairs_phone_is_its_next_tables_phone(session: Session) -> None:
    phones = six_phones(session)
    ew1 = phones["1EW"]
    play_table(phones["1NS"], ew1)
    table, side = where(session, "1EW", 2)
    assert table != 1
    data = ew1.round()
    assert data["scorecard"]["round"] == 1 and data["phone"]["table"] == 1
    assert data["go_to"] == {
        "round": 2,
        "table": table,
        "seat": side,
        "text": f"You go to table {table}, East-West.",
    }
    assert ew1.post("rounds/1/confirm").status_code == 200
    data = ew1.round()
    # At its next table, which still plays round 1: nothing to act on yet.
    assert data["table"] == table and data["phone"]["waits"] is True
    assert data["boards"] == []
    other = phones[f"{table}NS"].round()["boards"][0]["number"]
    refused = ew1.send(other)
    assert (refused.status_code, refused.json()["error"]) == (409, REFUSED)
    play_table(phones[f"{table}NS"], phones[f"{table}EW"])
    data = ew1.round()
    assert (data["table"], data["round"], data["ew"]) == (table, 2, "1EW")
    assert data["phone"] == {
        "seat": "EW",
        "side": "EW",
        "follows": True,
        "table": table,
        "round": 2,
        "signed_in": 1,
        "sit_out": False,
        "waits": False,
    }
    sent = phones[f"{table}NS"].send(data["boards"][0]["number"]).json()
    assert ew1.post(f"results/{sent['id']}/confirm").status_code == 200
    line = TravellerLine.objects.get(round=2)
    assert (line.table, line.ew_pair.label) == (table, "1EW")


def test_the_pair_leaving_cannot_act_for_its_old_table(session: Session) -> None:
    phones = six_phones(session)
    play_round(session, phones, 1)
    newcomer = next(p for p in phones if where(session, p, 2) == (1, "EW"))
    sent = phones["1NS"].send(phones["1NS"].round()["boards"][0]["number"])
    entry = sent.json()["id"]
    old = phones["1EW"]
    assert old.round()["phone"]["table"] != 1
    for decision in ("confirm", "reject"):
        refused = old.post(f"results/{entry}/{decision}", {"contract": "3NT"})
        assert refused.status_code == 404
    resent = old.send(phones["1NS"].round()["boards"][1]["number"], "3NT", tricks=9)
    assert resent.status_code == 409  # not a board its pair plays now
    assert TableEntry.objects.get(pk=entry).status == "pending"
    assert TableEntry.objects.filter(status="pending").count() == 1
    assert phones[newcomer].post(f"results/{entry}/confirm").status_code == 200


def test_a_board_of_another_table_is_refused_as_such_lead_or_none(
    session: Session,
) -> None:
    """Sent without the lead the session asks for, a board the phone's pair
    does not play now is refused for the board, not for the missing lead."""
    phones = six_phones(session)
    play_round(session, phones, 1)
    other = phones["1NS"].round()["boards"][0]["number"]
    old = phones["1EW"]
    body = {"board": other, "contract": "3NT", "declarer": "S", "tricks": 9,
            "client_id": "elsewhere"}  # fmt: skip
    refused = old.post("results", body)
    assert (refused.status_code, refused.json()["field"]) == (409, "board")
    mine = old.round()["boards"][0]["number"]
    refused = old.post("results", {**body, "board": mine})
    assert (refused.status_code, refused.json()["field"]) == (400, "lead")
    assert not TableEntry.objects.filter(round=2).exists()


def test_the_scorers_phone_stays_its_tables(session: Session) -> None:
    scorer = Phone(codes(session)["A", 1])
    phones = six_phones(session)
    play_round(session, phones, 1)
    data = scorer.round()
    assert (data["table"], data["round"]) == (1, 2)
    assert data["phone"] == {"seat": None, "side": "NS", "follows": False}
    assert data["go_to"] is None


def test_a_renewed_code_voids_the_pairs_phones_signed_in_with_it(
    session: Session,
) -> None:
    phones = six_phones(session)
    play_round(session, phones, 1)
    assert phones["1EW"].round()["table"] != 1
    code_renew(codes(session)["A", 1])
    for label in ("1NS", "1EW"):
        answer = phones[label].get("round")
        assert answer.status_code == 401
        assert answer.json()["error"] == "This table's code has changed: sign in again."
    assert phones["2EW"].get("round").status_code == 200  # now at table 1


def test_a_pair_sitting_out_is_told_so_then_follows(session: Session) -> None:
    # A phantom North-South at table 3: a table that never plays has no code,
    # and the East-West pair reaching it in round 2 sits out there.
    Seating.objects.filter(section__session=session, table=3).update(ns_pair=None)
    assert ("A", 3) not in codes(session)
    label = next(p for p in ("1EW", "2EW") if where(session, p, 2)[0] == 3)
    start = codes(session)["A", where(session, label, 1)[0]]
    ns, ew = Phone(start, seat="NS"), Phone(start, seat="EW")
    play_table(ns, ew)
    for phone in (ns, ew):
        assert phone.post("rounds/1/confirm").status_code == 200
    Session.objects.filter(pk=session.pk).update(round_called=2)
    data = ew.round()
    assert data["sit_out"] is True and data["boards"] == []
    assert data["phone"]["sit_out"] is True and data["phone"]["table"] is None
    table, _side = where(session, label, 3)
    assert data["go_to"]["text"] == f"You go to table {table}, East-West."
    assert ew.send(5).status_code == 409
    Session.objects.filter(pk=session.pk).update(round_called=3)
    data = ew.round()
    assert (data["table"], data["round"], data["ew"]) == (table, 3, label)


def test_an_individual_players_phone_follows_the_player() -> None:
    section = individual_section(8)
    Session.objects.filter(pk=section.session_id).update(table_confirm="own")
    code = codes(section.session)["A", 1]
    north, east = Phone(code, seat="N"), Phone(code, seat="E")
    for board in north.round()["boards"]:
        sent = north.send(board["number"]).json()
        assert east.post(f"results/{sent['id']}/confirm").status_code == 200
    player = Seating.objects.get(section=section, round=1, table=1).ns_pair
    assert player is not None
    table, letter = player_seat(section.pk, player.pk, 2)
    assert (table, letter) != (1, "N")  # the movement moves North on
    data = north.round()
    names = {"N": "North", "E": "East", "S": "South", "W": "West"}
    assert data["go_to"]["text"] == f"You go to table {table}, {names[letter]}."
    assert east.post("rounds/1/confirm").status_code == 200
    assert north.round()["phone"]["table"] == 1  # its own scorecard first
    assert north.post("rounds/1/confirm").status_code == 200
    data = north.round()
    assert data["phone"]["seat"] == letter and data["phone"]["table"] == table
    if table != 1:  # its next table plays round 1 still: nothing to act on
        assert data["phone"]["waits"] is True and data["boards"] == []


def player_seat(section_id: int, player_id: int, round_no: int) -> tuple[int, str]:
    for row in Seating.objects.filter(section_id=section_id, round=round_no):
        ids = (row.ns_pair_id, row.ew_pair_id, row.south_id, row.west_id)
        for letter, pk in zip("NESW", ids, strict=True):
            if pk == player_id:
                return row.table, letter
    raise AssertionError(f"player {player_id} sits out in round {round_no}")


def test_notices_belong_to_the_pairs_concerned(session: Session) -> None:
    phones = six_phones(session)
    play_round(session, phones, 1)
    play_round(session, phones, 2)
    line = TravellerLine.objects.get(round=1, table=1, board__number=1)
    line_record(
        section=line.section,
        board_number=1,
        ns_pair=line.ns_pair,
        ew_pair=line.ew_pair,
        result=Result(Contract(4, Strain.SPADES), Seat.NORTH, 9),
        round_no=1,
        table=1,
        line=line,
        user=User.objects.get_or_create(username="director")[0],
    )
    # Round 3: the pair at table 1 now has played board 1 elsewhere, not here.
    newcomer = next(p for p in phones if where(session, p, 3) == (1, "EW"))
    assert phones[newcomer].round()["table"] == 1
    assert phones[newcomer].round()["notices"] == []
    for label in ("1NS", "1EW"):  # 1EW reads it at its new table
        found = phones[label].round()["notices"]
        assert [n["board"] for n in found] == [1], label
    assert phones["1EW"].round()["table"] != 1


def test_the_control_room_shows_each_pairs_phone(session: Session) -> None:
    phones = six_phones(session)
    play_round(session, phones, 1)
    phones["1EW"].round()
    room = room_state(session)
    rows = {p.holder.label: p for p in room.pair_phones}
    assert set(rows) == set(phones)
    table, _side = where(session, "1EW", 2)
    assert (rows["1EW"].table, rows["1EW"].seat, rows["1EW"].signed_in.table) == (
        table,
        "EW",
        1,
    )
    assert rows["1EW"].last_seen is not None
    assert PairPhone.objects.count() == 6


def test_the_control_room_page_lists_the_pairs_phones(
    session: Session, client: Client
) -> None:
    user = User.objects.create_user("td", password="pw")
    join(user, CLUB)
    client.force_login(user)
    phones = six_phones(session)
    play_round(session, phones, 1)
    phones["1EW"].round()
    table, _side = where(session, "1EW", 2)
    url = reverse("table_room:room", args=[session.pk]) + "?part=live"
    text = " ".join(client.get(url).content.decode().split())
    assert "<h2>Pairs' phones</h2>" in text
    row = f"<td>1EW</td> <td>Table A{table} EW</td> <td>Table A1</td>"
    assert row in text


def _seated(phones: dict[str, Phone]) -> dict[tuple[int, str], Phone]:
    """The phones by the table and side their pairs play at now."""
    found = {}
    for phone in phones.values():
        mine = phone.round()["phone"]
        found[mine["table"], mine["side"]] = phone
    return found


def test_a_howell_pairs_phone_changes_side_with_its_pair() -> None:
    session = make_howell(tables=2, boards_per_round=2).sessions.get()
    Session.objects.filter(pk=session.pk).update(table_confirm="own")
    phones: dict[str, Phone] = {}
    for row in Seating.objects.filter(section__session=session, round=1):
        code = codes(session)["A", row.table]
        for pair, seat in ((row.ns_pair, "NS"), (row.ew_pair, "EW")):
            assert pair is not None
            phones[pair.label] = Phone(code, seat=seat)
    sides = {}
    for label in phones:
        pair = Pair.objects.get(section__session=session, label=label)
        rows = Seating.objects.filter(pair_in(pair), section__session=session)
        sides[label] = {
            r.round: "NS" if r.ns_pair_id == pair.pk else "EW" for r in rows
        }
    turned = next(label for label, s in sides.items() if s[1] != s[2])
    at = _seated(phones)
    for table in (1, 2):
        play_table(at[table, "NS"], at[table, "EW"])
    for phone in phones.values():
        assert phone.post("rounds/1/confirm").status_code == 200
    data = phones[turned].round()
    assert data["phone"]["side"] == sides[turned][2] == data["phone"]["seat"]
    at = _seated(phones)
    for table in (1, 2):  # each phone acts with its pair's new side
        play_table(at[table, "NS"], at[table, "EW"])
    assert TravellerLine.objects.filter(round=2).count() == 4


def pair_in(pair: Pair) -> Q:
    return Q(ns_pair=pair) | Q(ew_pair=pair)


def _seat_at(section: Any, pk: int, round_no: int) -> tuple[int, str]:
    for row in Seating.objects.filter(section=section, round=round_no):
        ids = (row.ns_pair_id, row.ew_pair_id, row.south_id, row.west_id)
        for letter, holder in zip("NESW", ids, strict=True):
            if holder == pk:
                return row.table, letter
    raise AssertionError(f"player {pk} sits nowhere in round {round_no}")


SIDES = {"N": "NS", "S": "NS", "E": "EW", "W": "EW"}


def test_a_player_behind_on_his_scorecard_cannot_accept_his_own_sides_result() -> None:
    # A player who stays at his table but changes side (S, then W) and leaves
    # his scorecard unconfirmed still holds his old seat: he must confirm
    # before he acts, or he could accept his new partner's result.
    section = individual_section(8)
    Session.objects.filter(pk=section.session_id).update(table_confirm="own")
    by_code = codes(section.session)
    phones = {}
    for row in Seating.objects.filter(section=section, round=1):
        ids = (row.ns_pair_id, row.ew_pair_id, row.south_id, row.west_id)
        for letter, pk in zip("NESW", ids, strict=True):
            if pk is not None:
                phones[pk] = Phone(by_code["A", row.table], seat=letter)
    seats = {pk: (_seat_at(section, pk, 1), _seat_at(section, pk, 2)) for pk in phones}
    player = next(
        pk
        for pk, ((t1, s1), (t2, s2)) in seats.items()
        if t1 == t2 and SIDES[s1] != SIDES[s2]
    )
    (table, before), (_, after) = seats[player]
    for number in (1, 2):
        at = {s1: phones[pk] for pk, ((t1, s1), _) in seats.items() if t1 == number}
        for board in at["N"].round()["boards"]:
            sent = at["N"].send(board["number"])
            assert (
                at["E"].post(f"results/{sent.json()['id']}/confirm").status_code == 200
            )
    behind = {
        pk for pk, ((t1, s1), _) in seats.items()
        if t1 == table and SIDES[s1] == SIDES[before]
    }  # fmt: skip
    for pk, phone in phones.items():
        if pk not in behind:
            assert phone.post("rounds/1/confirm").status_code == 200
    partner = next(
        pk for pk, (_, (t2, s2)) in seats.items()
        if pk != player and t2 == table and SIDES[s2] == SIDES[after]
    )  # fmt: skip
    board = phones[partner].round()["boards"][0]["number"]
    sent = phones[partner].send(board)
    assert sent.status_code == 201, sent.content
    tried = phones[player].post(f"results/{sent.json()['id']}/confirm")
    assert tried.status_code == 409
    assert tried.json()["field"] == "round"
    assert TableEntry.objects.get(pk=sent.json()["id"]).status == "pending"
    assert phones[player].post("rounds/1/confirm").status_code == 200
    again = phones[player].post(f"results/{sent.json()['id']}/confirm")
    assert again.status_code != 200  # now West: his own side's result
