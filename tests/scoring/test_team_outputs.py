"""A team event goes through the same exports and public pages as pairs."""

from __future__ import annotations

import io

import pytest
from django.test import Client
from openpyxl import load_workbook
from pypdf import PdfReader

from scoring.reports.files import event_pdf, event_xlsx
from tests.scoring.test_teams import four_teams, play_round_one
from tournaments.setup.teams import round_robin_schedule

pytestmark = pytest.mark.django_db


def test_a_team_event_exports_its_ranking_to_pdf_and_excel() -> None:
    event = four_teams()
    round_robin_schedule(event=event)
    play_round_one(event)
    text = "".join(
        page.extract_text() for page in PdfReader(io.BytesIO(event_pdf(event))).pages
    )
    workbook = load_workbook(io.BytesIO(event_xlsx(event)))
    teams = [t.name for t in event.teams.order_by("number")]
    standings = text[text.index("Standings") : text.index("IMPs home")]
    # Jacks 16.46, Queens 10.86, Kings 9.14, Aces 3.54 (test_teams' figures)
    assert [
        standings.index(name) for name in ("Jacks", "Queens", "Kings", "Aces")
    ] == sorted(standings.index(name) for name in teams)
    assert "16.46" in standings and "3.54" in standings
    assert "Round 1: Jacks v Aces" in text
    assert workbook.sheetnames == ["Standings", "Matches", "Scorecards", "Travellers"]
    sheet = workbook["Standings"]
    values = [
        [c.value for c in row]
        for row in sheet.iter_rows()
        if row[0].value in ("1", "2", "3", "4", 1, 2, 3, 4)
    ]
    assert values[0][1] == "Jacks" and values[0][-1] == 16.46
    assert values[-1][1] == "Aces" and values[-1][-1] == 3.54


def test_a_published_team_event_has_a_public_page(client: Client) -> None:
    event = four_teams()
    round_robin_schedule(event=event)
    play_round_one(event)
    event.published = True
    event.save()
    session = event.sessions.get()
    page = client.get(f"/results/sessions/{session.pk}/").content.decode()
    standings = page[page.index("Standings") : page.index("Matches</h2>")]
    assert standings.index("Jacks") < standings.index("Aces")
    assert "16.46" in standings and "3.54" in standings


def test_an_unpublished_team_event_stays_private(client: Client) -> None:
    event = four_teams()
    session = event.sessions.get()
    assert client.get(f"/results/sessions/{session.pk}/").status_code == 404
