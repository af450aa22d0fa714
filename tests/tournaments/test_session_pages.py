"""The two-session event (test_sessions) on its pages and in its files: the
director adds and seats a session, the ranking over the sessions shows on the
director's and the public event pages, heads the event's PDF and workbook, and
the later session's USEBIO and PBN carry what they can."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from io import BytesIO

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from openpyxl import load_workbook
from pypdf import PdfReader

from scoring.formats.pbn import parse_pbn
from scoring.interchange.exports import session_pbn, session_usebio
from scoring.reports.files import event_pdf, event_xlsx
from scoring.standings import session_results
from tests.factories import join, make_event
from tests.tournaments.test_sessions import (
    entry_of,
    play_session_one,
    play_session_two,
    seat_session_two,
)
from tournaments.models import Entry, Event, Pair
from tournaments.setup.events import pair_name

pytestmark = pytest.mark.django_db


@pytest.fixture
def director(client: Client) -> Client:
    user = User.objects.create_user("td", password="pw")
    join(user)
    client.force_login(user)
    return client


@pytest.fixture
def two_sessions() -> Event:
    event = make_event(tables=2)
    play_session_one(event)
    seat_session_two(event)
    play_session_two(event)
    return event


def test_a_director_adds_a_session_and_seats_its_entries(director: Client) -> None:
    event = make_event(tables=2)
    play_session_one(event)
    page = director.post(
        reverse("tournaments:session_new", args=[event.pk]),
        {"kind": "howell", "sections": "1", "tables": "2"},
    )
    session = event.sessions.get(number=2)
    assert page["Location"] == reverse("tournaments:session_entries", args=[session.pk])
    pairs = {p.number: p for p in Pair.objects.filter(section__session=session)}
    # carried over in entry order (1NS, 2NS, 1EW, 2EW), players copied
    assert [pairs[n].names.split(" – ")[0] for n in (1, 2, 3, 4)] == [
        "Ann", "Bob", "Cy", "Di"]  # fmt: skip
    cy, ann = entry_of(event, "Cy"), entry_of(event, "Ann")
    seating = reverse("tournaments:session_entries", args=[session.pk])
    form = director.get(seating).content.decode()
    assert f'name="pair-{pairs[1].pk}"' in form
    seated = director.post(
        seating,
        {
            f"pair-{pairs[1].pk}": cy.pk,
            f"pair-{pairs[3].pk}": ann.pk,
            f"pair-{pairs[4].pk}": "",
        },  # fmt: skip
    )
    assert seated.status_code == 302
    pairs = {p.number: p for p in Pair.objects.filter(section__session=session)}
    assert pairs[1].entry_id == cy.pk and pairs[1].names.startswith("Cy")
    assert pairs[3].entry_id == ann.pk and pairs[4].entry_id is None
    absent = director.get(seating).content.decode()
    assert "Not seated in this session (withdrawn)" in absent and "Di" in absent


def test_an_entry_sits_once_a_session(director: Client, two_sessions: Event) -> None:
    session = two_sessions.sessions.get(number=2)
    pairs = list(Pair.objects.filter(section__session=session))
    bob = entry_of(two_sessions, "Bob")
    page = director.post(
        reverse("tournaments:session_entries", args=[session.pk]),
        {f"pair-{pairs[0].pk}": bob.pk, f"pair-{pairs[1].pk}": bob.pk},
        follow=True,
    )
    assert "An entry sits at one pair a session." in page.content.decode()
    assert Pair.objects.filter(entry=bob, section__session=session).count() == 1


def test_the_director_types_a_carry_over(director: Client, two_sessions: Event) -> None:
    url = reverse("tournaments:event_entries", args=[two_sessions.pk])
    ann = entry_of(two_sessions, "Ann")
    assert director.post(url, {f"entry-{ann.pk}": "12.5"}).status_code == 302
    assert Entry.objects.get(pk=ann.pk).carry_over == 12.5
    refused = director.post(url, {f"entry-{ann.pk}": "lots"}, follow=True)
    assert "A carry-over is a number" in refused.content.decode()
    assert Entry.objects.get(pk=ann.pk).carry_over == 12.5


def test_the_event_pages_show_the_ranking_over_the_sessions(
    director: Client, two_sessions: Event
) -> None:
    page = director.get(reverse("tournaments:event_detail", args=[two_sessions.pk]))
    text = page.content.decode()
    assert "Ranking over the sessions" in text and "Eve" in text
    Event.objects.filter(pk=two_sessions.pk).update(published=True)
    public = Client().get(reverse("public:event", args=[two_sessions.pk]))
    assert "Ranking over the sessions (Sum of the session scores)" in (
        public.content.decode()
    )


def test_the_pdf_and_the_workbook_open_with_the_ranking_over_the_sessions(
    two_sessions: Event,
) -> None:
    first = PdfReader(BytesIO(event_pdf(two_sessions))).pages[0].extract_text()
    assert "Ranking over the sessions" in first and "Eve" in first
    book = load_workbook(BytesIO(event_xlsx(two_sessions)))
    sheet = book.worksheets[0]
    assert sheet.title == "Event ranking"
    cells = [[c.value for c in row] for row in sheet.iter_rows()]
    bob = next(
        row for row in cells if row and any(str(v).startswith("Bob") for v in row)
    )
    assert "1=" in bob and 6 in bob


def test_the_later_sessions_files_carry_the_sessions_before(
    two_sessions: Event,
) -> None:
    results = session_results(two_sessions.sessions.get(number=2))
    usebio = ET.fromstring(session_usebio(results))
    assert usebio.findtext("EVENT/SESSION_COUNT") == "2"
    pbn = session_pbn(results, solve=False)
    table = parse_pbn(pbn.content.decode(pbn.charset)).games[0].table("TotalScoreTable")
    assert table is not None
    carried = {r["PairId"]: r["ScoreCarryOver"] for r in table.records()}
    # session 1 scores of each entry: Cy 4, Ann 4, Bob 2; Eve came late
    assert carried == {"1": "4.00", "2": "4.00", "3": "2.00", "4": None}


def test_hostile_names_stay_text_in_the_ranking_over_the_sessions(
    two_sessions: Event,
) -> None:
    session = two_sessions.sessions.get(number=2)
    late = Pair.objects.get(section__session=session, number=4)
    pair_name(pair=late, names=["<script>alert(1)</script>", "=cmd|' /C calc'!A0"])
    Event.objects.filter(pk=two_sessions.pk).update(published=True)
    html = Client().get(reverse("public:event", args=[two_sessions.pk]))
    text = html.content.decode()
    assert "<script>alert(1)</script>" not in text
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in text
    book = load_workbook(BytesIO(event_xlsx(two_sessions)))
    cells = [c for row in book.worksheets[0].iter_rows() for c in row]
    assert not [c.coordinate for c in cells if c.data_type == "f"]
    assert any("=cmd|" in str(c.value) for c in cells)


def test_a_section_is_added_to_the_session_chosen(
    director: Client, two_sessions: Event
) -> None:
    url = reverse("tournaments:event_detail", args=[two_sessions.pk])
    form = {"session": 2, "letter": "C", "tables": 3, "kind": "mitchell"}
    assert director.post(url, form).status_code == 302
    sections = two_sessions.sessions.values_list("number", "sections__letter")
    assert (2, "C") in set(sections) and (1, "C") not in set(sections)
    refused = director.post(url, form | {"session": 7})
    assert refused.status_code == 200
    assert "session" in refused.context["section_form"].errors
