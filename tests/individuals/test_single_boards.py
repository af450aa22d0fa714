"""Boards played once in an individual: warned of at set-up, counted as 50 %
(as ever) or left out of both sides' totals as the director chooses on the
settings page, and said in the ranking's heading, results --json, the PDF and
the workbook. A Rainbow's ranking by compass line is a setting there too; a
table that never plays has no table card and no place in the control room."""

from __future__ import annotations

import json
from io import BytesIO, StringIO

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from openpyxl import load_workbook
from pypdf import PdfReader

from scoring.reports.files import session_pdf, session_xlsx
from scoring.reports.layout import ranking_tables
from scoring.standings import session_results
from tests.factories import CLUB, join, make_event
from tests.individuals.factory import make_individual, play_individual
from tournaments.models import Club, Event
from tournaments.setup.individuals import RAINBOW

pytestmark = pytest.mark.django_db

SCORES = ("3NT N =", "3NT N +1", "4S N -1", "2H E =", "1NT N +2", "3NT N -2")
LEFT_OUT = "16 boards played once are left out: percentages over the boards compared"
AVERAGED = "16 boards played once count 50 % for both sides"


def varied(round_no: int, table: int) -> str:
    return SCORES[(round_no * 7 + table * 3) % len(SCORES)]


@pytest.fixture
def director(client: Client) -> Client:
    user = User.objects.create_user("td", password="pw")
    join(user, CLUB)
    client.force_login(user)
    return client


def results_json(event: Event) -> dict[str, object]:
    out = StringIO()
    call_command("results", str(event.pk), "--json", stdout=out)
    data: dict[str, object] = json.loads(out.getvalue())
    return data


def settings_post(director: Client, event: Event, **changes: str) -> None:
    url = reverse("tournaments:event_settings", args=[event.pk])
    form = director.get(url).context["form"]
    data = {k: v for k, v in form.initial.items() if v not in (None, False)}
    assert director.post(url, data | changes).status_code == 302


def test_the_event_form_warns_when_boards_will_be_played_once(director: Client):
    club = Club.objects.get(name=CLUB)
    form = {"name": "Ten", "club": club.pk, "tables": 3, "kind": "individual",
            "scoring": "mp", "players": 10}  # fmt: skip
    response = director.post(reverse("tournaments:event_new"), form, follow=True)
    page = response.content.decode()
    assert "16 of 22 boards will be played at one table only" in page
    assert "Boards played once: Counted as 50 % for both sides" in page


def test_new_event_prints_the_validator_s_warning_of_boards_played_once() -> None:
    out = StringIO()
    call_command("new_event", "--name", "Six", "--movement", "individual",
                 "--players", "7", stdout=out)  # fmt: skip
    assert "warning: 14 of 14 boards are played at one table only" in out.getvalue()


def test_left_out_boards_rank_players_over_the_compared_boards_and_say_so(
    director: Client,
) -> None:
    event = make_individual(10)
    play_individual(event, varied)
    averaged = results_json(event)
    assert averaged["event"]["single_boards"] == "average"  # type: ignore[index]
    settings_post(director, event, single_boards="omitted")
    event.refresh_from_db()
    assert event.single_boards == Event.SingleBoards.OMITTED
    omitted = results_json(event)
    assert omitted["event"]["single_boards"] == "omitted"  # type: ignore[index]
    boards = {r["player"]: r["boards"] for r in omitted["rankings"]}  # type: ignore[attr-defined]
    before = {r["player"]: r["boards"] for r in averaged["rankings"]}  # type: ignore[attr-defined]
    assert sum(boards.values()) == sum(before.values()) - 16 * 4
    results = session_results(event.sessions.get())
    assert [t.title for t in ranking_tables(results)] == [f"Section A · {LEFT_OUT}"]
    pdf = PdfReader(BytesIO(session_pdf(results)))
    text = " ".join(" ".join(p.extract_text().split()) for p in pdf.pages)
    assert LEFT_OUT in text
    book = load_workbook(BytesIO(session_xlsx(results)))
    cells = {str(c.value) for sheet in book for row in sheet.iter_rows() for c in row}
    assert any(LEFT_OUT in cell for cell in cells)
    page = director.get(reverse("tournaments:event_detail", args=[event.pk]))
    assert "Boards played once: Left out of both sides" in page.content.decode()


def test_the_average_choice_says_so_and_a_complete_individual_says_nothing() -> None:
    event = make_individual(10)
    play_individual(event, varied)
    results = session_results(event.sessions.get())
    assert [t.title for t in ranking_tables(results)] == [f"Section A · {AVERAGED}"]
    complete = make_individual(12)
    play_individual(complete, varied)
    assert "single_boards" not in results_json(complete)["event"]  # type: ignore[operator]
    titles = [t.title for t in ranking_tables(session_results(complete.sessions.get()))]
    assert titles == ["Section A"]


def test_a_rainbow_is_ranked_by_compass_line_from_the_settings_page(director: Client):
    event = make_individual(kind=RAINBOW, tables=5, boards_per_round=1)
    url = reverse("tournaments:event_settings", args=[event.pk])
    page = director.get(url).content.decode()
    assert "Rank each compass line apart" in page
    settings_post(director, event, two_winners="on")
    event.refresh_from_db()
    assert event.two_winners
    play_individual(event, varied)
    titles = [t.title for t in ranking_tables(session_results(event.sessions.get()))]
    assert titles == [f"Section A · {line} players"
                      for line in ("North", "East", "South", "West")]  # fmt: skip
    lines = {r["compass"] for r in results_json(event)["rankings"]}  # type: ignore[attr-defined]
    assert lines == {"N", "E", "S", "W"}


def test_a_pairs_event_s_settings_page_has_no_compass_line_setting(director: Client):
    event = make_event()
    event.club = Club.objects.get(name=CLUB)
    event.save()
    form = director.get(reverse("tournaments:event_settings", args=[event.pk]))
    assert "two_winners" not in form.context["form"].fields


def test_the_table_cards_and_control_room_leave_out_a_table_that_never_plays(
    director: Client,
) -> None:
    event = make_individual(10)
    session = event.sessions.get()
    cards = director.get(reverse("table_room:cards", args=[session.pk]))
    text = cards.content.decode()
    assert "Section A · Table 2" in text and "Section A · Table 3" in text
    assert "Section A · Table 1<" not in text
    room = director.get(reverse("table_room:room", args=[session.pk]))
    assert [s.code.table for s in room.context["room"].tables] == [2, 3]
