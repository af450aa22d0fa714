"""Swiss pairs end to end: new_event --movement swiss, results typed per table,
each next round drawn from the standings, the ranking by VPs. Worked by hand.

8 pairs, 3 rounds of 2 boards, WBF 2013 continuous scale (2 boards, X = 21.21):
VP(0) 10, VP(1) 10.86, VP(2) 11.67, VP(10) 16.46, VP(12) 17.31. Boards are
Butler-scored: 4 results, one dropped at each end, the mean of the middle two.

Round 1 (seeded, 1 v 5, 2 v 6, 3 v 7, 4 v 8), NS scores at tables 1–4:
  board 1: 450, 420, 420, −50 → datum 420 → +1, 0, 0, −10 IMPs
  board 2: 600, 600, −100, 600 → datum 600 → 0, 0, −12, 0
  1 v 5: +1 → 10.86 / 9.14; 2 v 6: 10 / 10; 3 v 7: −12 → 2.69 / 17.31;
  4 v 8: −10 → 3.54 / 16.46.
Standings: 7 17.31, 8 16.46, 1 10.86, 2 10, 6 10, 5 9.14, 4 3.54, 3 2.69.
Round 2 (top down, no rematch): 7 v 8, 1 v 2, 6 v 5, 4 v 3.
  board 3: 110, 110, 140, 110 → datum 110 → 0, 0, +1, 0
  board 4: 620, −100, 620, 620 → datum 620 → 0, −12, 0, 0
  7 v 8: 10 / 10; 1 v 2: −12 → 2.69 / 17.31; 6 v 5: +1 → 10.86 / 9.14; 4 v 3: 10 / 10.
Standings: 2 27.31 (+12 IMPs), 7 27.31 (+12), 8 26.46, 6 20.86, 5 18.28,
  1 13.55, 4 13.54, 3 12.69.
Round 3: 2 v 7, 8 v 6, 5 v 4 (5 has met 1), 1 v 3.
  board 5: 90, 90, 150, 90 → datum 90 → 0, 0, +2, 0
  board 6: 450, 420, 420, 420 → datum 420 → +1, 0, 0, 0
  2 v 7: +1 → 10.86 / 9.14; 8 v 6: 10 / 10; 5 v 4: +2 → 11.67 / 8.33; 1 v 3: 10 / 10.
Final: 2 38.17, 8 36.46, 7 36.45, 6 30.86, 5 29.95, 1 23.55, 3 22.69, 4 21.87
  (240 VPs in all: 8 pairs × 3 rounds × 10).
"""

from __future__ import annotations

import io
import json
import xml.etree.ElementTree as ET
from decimal import Decimal
from io import StringIO

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import Client
from django.urls import reverse
from endplay.parsers import pbn
from openpyxl import load_workbook
from pypdf import PdfReader

from movements.models import Seating
from scoring.interchange.exports import session_pbn, session_usebio
from scoring.reports.files import event_pdf, event_xlsx
from scoring.standings import session_results
from tests.factories import join, make_result
from tournaments.models import Club, Director, Event, Pair, Section
from tournaments.setup.swiss_pairs import swiss_pairs_next_round

pytestmark = pytest.mark.django_db

# NS results by round, table by table: (board, entry) for each of tables 1–4.
RESULTS = {
    1: {1: ["4S N +1", "4S N =", "4S N =", "4S N -1"],
        2: ["3NT N =", "3NT N =", "3NT N -1", "3NT N ="]},
    2: {3: ["2H N =", "2H N =", "2H N +1", "2H N ="],
        4: ["4H N =", "4H N -1", "4H N =", "4H N ="]},
    3: {5: ["1NT N =", "1NT N =", "1NT N +2", "1NT N ="],
        6: ["4S N +1", "4S N =", "4S N =", "4S N ="]},
}  # fmt: skip
DRAWS = {
    1: [("1", "5"), ("2", "6"), ("3", "7"), ("4", "8")],
    2: [("7", "8"), ("1", "2"), ("6", "5"), ("4", "3")],
    3: [("2", "7"), ("8", "6"), ("5", "4"), ("1", "3")],
}
FINAL = [
    ("2", "1", "38.17"), ("8", "2", "36.46"), ("7", "3", "36.45"),
    ("6", "4", "30.86"), ("5", "5", "29.95"), ("1", "6", "23.55"),
    ("3", "7", "22.69"), ("4", "8", "21.87"),
]  # fmt: skip


def new_swiss(*extra: str) -> tuple[Event, str]:
    out = StringIO()
    call_command(
        "new_event", "--name", "Congress Swiss", "--tables", "4",
        "--movement", "swiss", "--rounds", "3", "--boards-per-round", "2",
        *extra, stdout=out,
    )  # fmt: skip
    return Event.objects.get(name="Congress Swiss"), out.getvalue()


def label(pair: Pair | None) -> str:
    assert pair is not None  # a Swiss round has no phantom
    return pair.label


def draw(section: Section, round_no: int) -> list[tuple[str, str]]:
    seats = Seating.objects.filter(section=section, round=round_no)
    return [
        (label(s.ns_pair), label(s.ew_pair))
        for s in seats.select_related("ns_pair", "ew_pair").order_by("table")
    ]


def play(section: Section, round_no: int) -> None:
    seats = Seating.objects.filter(section=section, round=round_no)
    for seat in seats.select_related("ns_pair", "ew_pair").order_by("table"):
        for board, entries in RESULTS[round_no].items():
            assert board in seat.boards
            make_result(
                section, board, label(seat.ns_pair), label(seat.ew_pair),
                entries[seat.table - 1], round_no=round_no, table=seat.table,
            )  # fmt: skip


def test_a_three_round_swiss_of_eight_pairs_worked_by_hand() -> None:
    event, printed = new_swiss()
    assert printed.splitlines()[-1].startswith(f"event {event.pk} session ")
    assert (event.scoring, event.rounds, event.boards_per_match) == (
        "swiss_pairs", 3, 2,
    )  # fmt: skip
    section = Section.objects.get(session__event=event)
    for round_no in (1, 2, 3):
        assert draw(section, round_no) == DRAWS[round_no]
        play(section, round_no)
        if round_no < 3:
            swiss_pairs_next_round(event=event)
    results = session_results(event.sessions.get())
    ranking = [(s.pair.label, s.rank, s.total) for s in results.standings]
    assert ranking == [(p, r, Decimal(v)) for p, r, v in FINAL]
    assert sum(s.total for s in results.standings) == 240
    with pytest.raises(ValidationError, match="All 3 rounds are drawn"):
        swiss_pairs_next_round(event=event)
    out = StringIO()
    call_command("results", str(event.pk), "--json", stdout=out)
    data = json.loads(out.getvalue())
    assert [(r["pair"], r["score"]) for r in data["rankings"]][:2] == [
        ("2", 38.17), ("8", 36.46),
    ]  # fmt: skip
    third = [m for m in data["swiss_matches"] if m["round"] == 3]
    assert third[2] == {
        "round": 3, "ns": "5", "ew": "4", "boards": 2, "imps_ns": 2.0,
        "imps_ew": -2.0, "vp_ns": 11.67, "vp_ew": 8.33,
    }  # fmt: skip


def test_the_next_round_waits_for_every_result() -> None:
    event, _printed = new_swiss()
    section = Section.objects.get(session__event=event)
    make_result(section, 1, "1", "5", "4S N =", round_no=1, table=1)
    with pytest.raises(ValidationError, match="table 1, 2, 3, 4") as refused:
        swiss_pairs_next_round(event=event)
    assert "Round 1 is not complete" in str(refused.value)
    assert not Seating.objects.filter(section=section, round=2).exists()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--rounds", "8"], "8 pairs play 1 to 7 rounds"),
        (["--sections", "2"], "needs --rounds and --boards-per-round"),
    ],
)
def test_new_event_refuses_an_impossible_swiss(args: list[str], message: str) -> None:
    with pytest.raises(CommandError, match=message):
        new_swiss(*args)
    assert not Event.objects.exists()


def test_the_director_draws_the_next_round_from_the_event_page(client: Client) -> None:
    user = User.objects.create_user("td", password="pw")
    join(user, club="Riverside")
    Director.objects.create(user=user, language="en")
    client.force_login(user)
    event, _printed = new_swiss("--club", "Riverside")
    section = Section.objects.get(session__event=event)
    page = client.get(reverse("tournaments:event_detail", args=[event.pk]))
    assert "Draw the next round" in page.content.decode()
    url = reverse("tournaments:swiss_pairs_draw", args=[event.pk])
    refused = client.post(url, follow=True).content.decode()
    assert "Round 1 is not complete" in refused
    play(section, 1)
    client.post(url)
    assert draw(section, 2) == DRAWS[2]
    ranking = client.get(reverse("scoring:ranking", args=[event.sessions.get().pk]))
    assert "VPs" in ranking.content.decode()


def test_a_swiss_pairs_event_goes_out_as_pdf_workbook_usebio_and_pbn() -> None:
    event, _printed = new_swiss()
    section = Section.objects.get(session__event=event)
    play(section, 1)
    results = session_results(event.sessions.get())
    text = "".join(
        p.extract_text() for p in PdfReader(io.BytesIO(event_pdf(event))).pages
    )
    assert "VPs" in text and "17.31" in text
    sheet = load_workbook(io.BytesIO(event_xlsx(event)))["Ranking"]
    values = [c.value for row in sheet.iter_rows() for c in row]
    assert "VPs" in values and 17.31 in values
    root = ET.fromstring(session_usebio(results))
    assert root.find("EVENT").get("EVENT_TYPE") == "SWISS_PAIRS"  # type: ignore[union-attr]
    assert root.find(".//TRAVELLER_LINE/NS_BUTLER_POINTS") is not None
    boards = pbn.loads(session_pbn(results, solve=False).content.decode("utf-8"))
    assert len(boards) == 2


def test_a_director_creates_swiss_pairs_on_the_new_event_page(client: Client) -> None:
    user = User.objects.create_user("td", password="pw")
    join(user, club="Riverside")
    Director.objects.create(user=user, language="en")
    client.force_login(user)
    form = {
        "club": Club.objects.get(name="Riverside").pk, "name": "Web Swiss",
        "tables": 3, "kind": "howell", "scoring": "swiss_pairs",
        "vp_scale": "wbf2013_continuous", "boards_per_match": 4, "rounds": 5,
    }  # fmt: skip
    response = client.post(reverse("tournaments:event_new"), form)
    assert response.status_code == 302
    event = Event.objects.get(name="Web Swiss")
    section = Section.objects.get(session__event=event)
    assert (event.rounds, event.boards_per_match) == (5, 4)
    assert draw(section, 1) == [("1", "4"), ("2", "5"), ("3", "6")]
    page = client.get(reverse("tournaments:event_detail", args=[event.pk]))
    assert "boards 1–4" in page.content.decode()
