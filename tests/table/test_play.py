"""A round at the tables: what each table sees, the round moving on, the
director reopening a board, and nothing shown of a board not yet played."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from scoring.live.displays import display_key
from scoring.models import ChangeLog, TableEntry, TravellerLine
from scoring.standings import session_results
from scoring.table.play import calling, services
from scoring.table.room.state import room_state
from tests.factories import CLUB, join, make_event
from tournaments.models import Session

from .helpers import Phone, codes

pytestmark = pytest.mark.django_db


@pytest.fixture
def session() -> Session:
    return make_event(tables=3, boards_per_round=2).sessions.get()


def _phones(session: Session) -> list[Phone]:
    return [Phone(codes(session)["A", t]) for t in (1, 2, 3)]


def _play_round(phones: list[Phone]) -> None:
    for phone in phones:
        for board in phone.round()["boards"]:
            phone.play(board["number"], "3NT", tricks=9 + phone.round()["table"] % 2)


def test_pending_results_count_nowhere(session: Session) -> None:
    one, _two, _three = _phones(session)
    one.send(1)
    results = session_results(session)
    assert not results.boards and all(s.boards == 0 for s in results.standings)
    assert not TravellerLine.objects.exists()


def test_a_table_moves_on_when_its_round_is_accepted(session: Session) -> None:
    one, two, three = _phones(session)
    for board in (1, 2):
        one.play(board)
    data = one.round()
    assert data["round"] == 2 and data["boards"][0]["status"] == "to_play"
    assert Session.objects.get(pk=session.pk).round_called == 1
    # table 2 is still in round 1: within its time, then late (lateness.py)
    assert not room_state(session).tables[1].late
    assert room_state(session, timezone.now() + timedelta(minutes=16)).tables[1].late
    _play_round([two, three])
    assert Session.objects.get(pk=session.pk).round_called == 2


def test_the_table_sees_the_board_it_played_and_nothing_else(session: Session) -> None:
    one, two, _three = _phones(session)
    one.play(1, "4S", tricks=10)
    shown = one.play(2, "4S", tricks=11).json()["shown"]
    assert shown["board"] == 2 and shown["percentage_ns"] == 50.0
    # table 2 plays boards 3-4 first; board 1 reaches it later in the evening
    assert two.get("boards/1").json()["shown"] is None
    assert one.get("boards/1").json()["shown"]["kind"] == "percentage"


def test_the_director_chooses_what_the_table_sees(session: Session) -> None:
    one, two, _three = _phones(session)
    Session.objects.filter(pk=session.pk).update(table_shows="traveller")
    one.play(1, "4S", tricks=10)
    shown = one.get("boards/1").json()["shown"]
    assert [(x["ns"], x["score_ns"], x["section"]) for x in shown["lines"]] == [
        ("1NS", 420, "A")
    ]
    Session.objects.filter(pk=session.pk).update(table_shows="nothing")
    assert one.get("boards/1").json()["shown"] is None
    assert two.play(3).json()["shown"] is None


def test_the_director_reopens_a_board_and_the_table_corrects_it(
    session: Session,
) -> None:
    one, _two, _three = _phones(session)
    one.play(1, "4S", tricks=10)
    line = TravellerLine.objects.get()
    services.board_reopen(line=line, user=None)
    assert one.round()["boards"][0]["status"] == "reopened"
    assert TravellerLine.objects.get().tricks == 10  # counts until replaced
    one.play(1, "4S", tricks=8, client_id="fix")
    line.refresh_from_db()
    assert (line.tricks, TravellerLine.objects.count()) == (8, 1)
    actions = list(ChangeLog.objects.values_list("action", flat=True))
    assert "reopened" in actions and "corrected" in actions


def test_the_director_enters_for_a_dead_phone(session: Session) -> None:
    one, _two, _three = _phones(session)
    pending = one.send(1).json()["id"]
    from tests.factories import make_result

    make_result(session.sections.get(), 1, "1NS", "1EW", "3NT N =")
    refused = one.post(f"results/{pending}/confirm")
    assert refused.status_code == 409
    assert one.round()["boards"][0]["status"] == "accepted"
    assert TravellerLine.objects.count() == 1


def test_calling_a_round_and_closing_the_tables(session: Session) -> None:
    one, _two, _three = _phones(session)
    calling.round_call(session=session, number=3, user=None)
    assert one.round()["round"] == 3
    services.tables_open_set(session=session, open_=False, user=None)
    assert one.get("round").status_code == 403


def test_a_call_reaches_the_control_room(session: Session) -> None:
    one, _two, _three = _phones(session)
    assert one.post("call").json() == {"called": True}
    room = room_state(session)
    assert [t.code.table for t in room.calls] == [1]
    assert one.round()["called"]


@pytest.fixture
def director(client: Client) -> Client:
    user = User.objects.create_user("td", password="pw")
    join(user, CLUB)
    client.force_login(user)
    return client


def test_the_control_room_shows_the_results_arriving(
    session: Session, director: Client
) -> None:
    one, _two, _three = _phones(session)
    one.play(1, "4S", tricks=10)
    one.send(2, "3NT", tricks=9)
    page = director.get(reverse("table_room:room", args=[session.pk]))
    text = page.content.decode()
    assert page.status_code == 200
    assert "4S N = +420" in text and "3NT N = +600" in text
    live = director.get(reverse("table_room:room", args=[session.pk]) + "?part=live")
    assert 'id="room-live"' in live.content.decode()
    assert "<form" not in live.content.decode().split("room-live")[0]


def test_the_director_changes_the_options_and_calls_rounds(
    session: Session, director: Client
) -> None:
    url = reverse("table_room:options", args=[session.pk])
    director.post(
        url,
        {
            "table_confirm": "own",
            "table_shows": "traveller",
            "table_leads": "",
            "hide_current_round": "on",
        },
    )
    session.refresh_from_db()
    assert (session.table_shows, session.table_leads) == ("traveller", False)
    assert session.table_confirm == "own"
    assert session.event.hide_current_round
    director.post(reverse("table_room:round", args=[session.pk]), {"round": "2"})
    assert Session.objects.get(pk=session.pk).round_called == 2
    refused = director.post(
        reverse("table_room:round", args=[session.pk]), {"round": "99"}, follow=True
    )
    assert "Round not called" in refused.content.decode()


def test_table_cards_page_and_pdf(session: Session, director: Client) -> None:
    page = director.get(reverse("table_room:cards", args=[session.pk]))
    codes_now = codes(session)
    assert page.status_code == 200
    assert 'src="data:image/svg+xml;base64,' in page.content.decode()
    assert all(c.code in page.content.decode() for c in codes_now.values())
    pdf = director.get(reverse("table_room:cards_pdf", args=[session.pk]))
    assert pdf["Content-Type"] == "application/pdf"
    from io import BytesIO

    from pypdf import PdfReader

    text = PdfReader(BytesIO(pdf.content)).pages[0].extract_text()
    assert codes_now["A", 1].code in text and "Table 1" in text


def test_the_room_display_hides_the_round_in_play(
    session: Session, client: Client
) -> None:
    phones = _phones(session)
    _play_round(phones)
    phones[0].play(3)  # round 2 under way
    session.event.hide_current_round = True
    session.event.save()
    page = client.get(reverse("public:room", args=[display_key(session)]))
    assert page.status_code == 200
    assert "Round 2 is in play" in page.content.decode()
    assert client.get(reverse("public:room", args=["forged"])).status_code == 404


def test_results_json_lines_carry_the_section(session: Session) -> None:
    from scoring.reports.results_json import event_json

    phones = _phones(session)
    phones[0].play(1)
    data = json.loads(json.dumps(event_json(session.event), default=str))
    assert data["boards"][0]["lines"][0]["section"] == "A"
    assert TableEntry.objects.get().status == "accepted"


def test_players_sign_in_with_their_member_numbers(session: Session) -> None:
    from tests.factories import make_event as another
    from tournaments.setup.events import pair_name

    earlier = another(tables=3).sessions.get().sections.get().pairs.get(label="2NS")
    pair_name(pair=earlier, names=["Ana Ruiz", "Bo Li"], ids=["E100", "E200"])
    one = Phone(codes(session)["A", 1])
    body = {"side": "NS", "members": ["E200", "X9"]}
    assert one.post("players", body).status_code == 409  # not asked for
    Session.objects.filter(pk=session.pk).update(table_players=True)
    signed = one.post("players", body).json()
    assert signed == {"pair": "1NS", "names": "Bo Li – X9"}
    assert one.round()["pairs"]["ns"]["names"] == "Bo Li – X9"
    bad = one.post("players", {"side": "NS", "members": ["only one"]})
    assert bad.status_code == 400 and bad.json()["field"] == "members"
