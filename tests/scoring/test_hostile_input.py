"""Hostile input stays inert: XML attacks are refused and change nothing, names
that look like formulas stay text in the workbook, markup stays text on pages."""

from __future__ import annotations

from io import BytesIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.test import Client
from django.urls import reverse
from openpyxl import load_workbook

from scoring.reports.files import session_xlsx
from scoring.standings import session_results
from tests.factories import make_small_evening, section_of
from tournaments.models import Event
from tournaments.setup.events import pair_name

pytestmark = pytest.mark.django_db

BILLION_LAUGHS = """<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;">
<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;">]>
<USEBIO Version="1.2"><CLUB><CLUB_NAME>&lol3;</CLUB_NAME></CLUB></USEBIO>"""

EXTERNAL_ENTITY = """<?xml version="1.0"?>
<!DOCTYPE USEBIO [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
<USEBIO Version="1.2"><CLUB><CLUB_NAME>&secret;</CLUB_NAME></CLUB></USEBIO>"""

FORMULAS = ['=HYPERLINK("http://example.invalid","x")', "+1+1", "-2+3", "@SUM(A1)",
            "\t=1", "\r=1"]  # fmt: skip


@pytest.mark.parametrize("attack", [BILLION_LAUGHS, EXTERNAL_ENTITY])
def test_xml_attacks_are_refused_and_change_nothing(
    tmp_path: Path, attack: str
) -> None:
    path = tmp_path / "attack.xml"
    path.write_text(attack, encoding="utf-8")
    with pytest.raises(CommandError, match="refused"):
        call_command("import_usebio", str(path))
    assert not Event.objects.exists()


def test_names_that_look_like_formulas_are_text_in_the_workbook() -> None:
    event = make_small_evening()
    pairs = list(section_of(event).pairs.all())
    for pair, name in zip(pairs, FORMULAS, strict=False):
        pair_name(pair=pair, names=[name, "Ann"])
    results = session_results(event.sessions.get())
    book = load_workbook(BytesIO(session_xlsx(results)))
    cells = [c for sheet in book for row in sheet.iter_rows() for c in row]
    assert not [c.coordinate for c in cells if c.data_type == "f"]
    texts = {str(c.value) for c in cells if c.value is not None}
    assert any(FORMULAS[0] in t for t in texts)


def test_markup_in_a_name_is_shown_as_text(client: Client) -> None:
    event = make_small_evening(published=True)
    pair = section_of(event).pairs.get(label="2NS")
    pair_name(pair=pair, names=["<script>alert(1)</script>", "Bo"])
    page = client.get(reverse("public:session", args=[event.sessions.get().pk]))
    html = page.content.decode()
    assert "<script>alert(1)</script>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html


def test_markup_in_a_name_is_printed_as_written_in_the_pdf() -> None:
    from pypdf import PdfReader

    from scoring.reports.files import session_pdf

    event = make_small_evening()
    pair = section_of(event).pairs.get(label="2NS")
    pair_name(pair=pair, names=["<b>Bold</b> & Co", "=1+1"])
    results = session_results(event.sessions.get())
    pages = PdfReader(BytesIO(session_pdf(results))).pages
    text = "".join(page.extract_text() for page in pages)
    assert "<b>Bold</b> & Co – =1+1" in text


@pytest.fixture
def director(client: Client) -> Client:
    from django.contrib.auth.models import User

    from tests.factories import join

    user = User.objects.create_user("td")
    join(user)
    client.force_login(user)
    client.raise_request_exception = True
    return client


@pytest.mark.parametrize("next_", ["word", "javascript:alert(1)", "//evil.example/"])
def test_the_notation_form_goes_back_only_to_a_path_of_the_site(
    director: Client, next_: str
) -> None:
    url = reverse("tournaments:notation")
    answer = director.post(url, {"language": "es", "next": next_})
    assert answer.status_code == 302
    assert answer["Location"] == reverse("tournaments:event_list")
    kept = director.post(url, {"language": "es", "next": "/results/"})
    assert kept["Location"] == "/results/"


def test_board_0_is_a_404(director: Client) -> None:
    section = section_of(make_small_evening())
    assert director.get(f"/sections/{section.pk}/boards/0/").status_code == 404
    assert director.get("/boards/0/preview/").status_code == 404
    assert director.get(f"/sections/{section.pk}/boards/1/").status_code == 200


def test_a_5000_digit_number_in_the_preview_is_an_impossible_level(
    director: Client,
) -> None:
    url = reverse("scoring:preview", args=[1])
    for entry in ("4" * 5000 + "S N =", "4S N +" + "1" * 5000, "4S N " + "9" * 5000):
        answer = director.get(url, {"entry": entry})
        assert answer.status_code == 200
        assert answer.json()["ok"] is False


def test_5000_digit_numbers_on_the_sessions_entries_page_seat_no_one(
    director: Client,
) -> None:
    session = make_small_evening().sessions.get()
    url = reverse("tournaments:session_entries", args=[session.pk])
    pairs = session.sections.get().pairs.all()
    typed = {f"pair-{p.pk}": "7" * 5000 for p in pairs}
    answer = director.post(url, typed, follow=True)
    assert answer.status_code == 200
    changes = reverse("scoring:changes", args=[session.pk])
    assert director.get(changes, {"board": "1" * 5000}).status_code == 200
