"""An individual's reports read back: JSON, USEBIO, PBN, PDF, workbook, pages."""

from __future__ import annotations

import io
import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from openpyxl import load_workbook
from pypdf import PdfReader

from scoring.formats.usebio import UsebioError, read_usebio
from scoring.interchange.exports import session_pbn, session_usebio
from scoring.reports.files import session_pdf, session_xlsx
from scoring.reports.results_json import event_json
from scoring.standings import session_results
from tests.factories import join
from tests.individuals.factory import make_individual, play_individual, player
from tests.scoring.test_individual_standings import rotating
from tournaments.models import Director, Event

pytestmark = pytest.mark.django_db


@pytest.fixture
def played() -> Event:
    event = make_individual(12, boards_per_round=2)
    play_individual(event, rotating)
    return event


def test_results_json_names_each_player_and_every_lines_four_seats(
    played: Event,
) -> None:
    data = event_json(played)
    first = data["rankings"][0]
    # player 8 wins with 60 of 88 (tests/scoring/test_individual_standings.py)
    assert first["player"] == 8 and first["names"] == "Hugo Pons"
    assert first["percentage"] == 68.18 and first["rank"] == "1"
    assert {r["player"] for r in data["rankings"]} == set(range(1, 13))
    board_one = data["boards"][0]
    assert board_one["number"] == 1 and len(board_one["lines"]) == 3
    # round 1, table 1 seats (8, 12, 1, 9) and scores 4S+1: NS 4 of 4
    line = next(x for x in board_one["lines"] if x["players"]["N"] == 8)
    assert line["players"] == {"N": 8, "E": 12, "S": 1, "W": 9}
    assert list(line["players"]) == ["N", "E", "S", "W"]
    assert line["ns_points"] == line["ns_factored"] == 4  # every table played it


def test_usebio_lists_players_directly_under_participants(played: Event) -> None:
    root = ET.fromstring(session_usebio(session_results(played.sessions.get())))
    event = root.find("EVENT")
    assert event is not None and event.get("EVENT_TYPE") == "INDIVIDUAL"
    assert event.findtext("WINNER_TYPE") == "1"
    participants = event.find("PARTICIPANTS")
    assert participants is not None
    players = participants.findall("PLAYER")
    assert len(players) == 12 and participants.find("PAIR") is None
    winner = players[0]
    assert winner.findtext("PLAYER_NUMBER") == "8"
    assert winner.findtext("PLAYER_NAME") == "Hugo Pons"
    assert winner.findtext("NATIONAL_ID_NUMBER") == "M008"
    assert winner.findtext("PLACE") == "1"
    assert winner.findtext("TOTAL_SCORE") == "60.00"
    assert winner.findtext("PERCENTAGE") == "68.18"
    line = event.find("BOARD/TRAVELLER_LINE")
    assert line is not None
    assert (line.findtext("NS_PAIR_NUMBER"), line.findtext("EW_PAIR_NUMBER")) == (
        "8",
        "12",
    )
    assert line.findtext("NS_MATCH_POINTS") == "4"  # 4S+1, the best of three


def test_pbn_writes_both_partnerships_and_their_names(played: Event) -> None:
    text = session_pbn(session_results(played.sessions.get()), solve=False)
    content = text.content.decode(text.charset)
    assert "Names_NS" in content and "Names_EW" in content
    assert "8-1 12-9" in " ".join(content.split())
    assert '"Hugo Pons;Ana Ruiz"' in content


def test_pdf_and_workbook_show_four_names_and_the_player_ranking(
    played: Event,
) -> None:
    results = session_results(played.sessions.get())
    pdf = PdfReader(io.BytesIO(session_pdf(results)))
    text = " ".join(page.extract_text() for page in pdf.pages)
    assert "Player" in text and "Hugo Pons" in text
    assert "N 8 Hugo Pons · E 12 Lia Ferrer · S 1 Ana Ruiz · W 9 Inés Font" in (
        " ".join(text.split())
    )
    book = load_workbook(io.BytesIO(session_xlsx(results)))
    ranking = [
        [c for c in row] for row in book.worksheets[0].iter_rows(values_only=True)
    ]
    header = next(r for r in ranking if r and "Rank" in r)
    assert list(header[:3]) == ["Rank", "Player", "Name"]
    winner = ranking[ranking.index(header) + 1]
    assert [str(c) for c in winner[:3]] == ["1", "8", "Hugo Pons"]
    travellers = [
        " ".join(str(c) for c in row if c is not None)
        for row in book.worksheets[2].iter_rows(values_only=True)
    ]
    assert any(
        "8–1" in row and "12–9" in row and "Lia Ferrer" in row for row in travellers
    )


def test_the_public_page_ranks_players(played: Event, client: Client) -> None:
    played.published = True
    played.save()
    session = played.sessions.get()
    session.released = True
    session.save()
    page = client.get(reverse("public:session", args=[session.pk]))
    assert page.status_code == 200
    html = page.content.decode()
    assert "Hugo Pons" in html and "68.18" in html
    assert "Kira &lt;b&gt;Lluch&lt;/b&gt;" in html  # a name stays text
    board = client.get(reverse("public:board", args=[session.pk, 1])).content
    assert "8–1 v 12–9" in board.decode()  # the frequencies name both sides


def test_the_directors_pages_rank_players_and_show_their_partners(
    played: Event, client: Client
) -> None:
    user = User.objects.create_user("td", password="pw", is_staff=True)
    join(user)
    Director.objects.create(user=user, language="en")
    client.force_login(user)
    session = played.sessions.get()
    ranking = client.get(reverse("scoring:ranking", args=[session.pk])).content
    assert b"Hugo Pons" in ranking and b"68.18" in ranking
    eight = player(session.sections.get(), 8)
    card = client.get(reverse("scoring:scorecard", args=[eight.pk])).content.decode()
    assert "Player 8" in card and "Partner" in card and "1 Ana Ruiz" in card
    traveller = client.get(reverse("imps:traveller", args=[session.pk, 1]))
    assert "N 8 Hugo Pons · E 12 Lia Ferrer" in traveller.content.decode()


def test_the_recap_credits_both_partners_every_board(played: Event) -> None:
    results = session_results(played.sessions.get())
    book = load_workbook(io.BytesIO(session_xlsx(results)))
    rows = list(book.worksheets[1].iter_rows(values_only=True))
    header = next(r for r in rows if r and r[0] == "Player")
    eight = next(r for r in rows if r and str(r[0]) == "8")
    marks = dict(zip(header, eight, strict=True))
    assert [marks[str(n)] for n in (1, 2, 3, 4)] == [4, 4, 0, 0]  # rounds 1, 2
    assert marks["Total"] == 60


def test_the_usebio_importer_refuses_an_individual_by_name(
    played: Event, tmp_path: Path
) -> None:
    written = tmp_path / "individual.xml"
    written.write_bytes(session_usebio(session_results(played.sessions.get())))
    with pytest.raises(UsebioError, match="EVENT_TYPE 'INDIVIDUAL' is not supported"):
        read_usebio(written)


def test_the_results_command_prints_the_players_keys(played: Event) -> None:
    out = io.StringIO()
    call_command("results", played.pk, "--json", stdout=out)
    data = json.loads(out.getvalue())
    assert {"player", "names"} <= set(data["rankings"][0])
    seats = [line["players"] for board in data["boards"] for line in board["lines"]]
    assert len(seats) == 66 and all(list(s) == ["N", "E", "S", "W"] for s in seats)
    # every player sits once on each of the 22 boards
    assert all(
        sorted(p for line in board["lines"] for p in line["players"].values())
        == list(range(1, 13))
        for board in data["boards"]
    )
