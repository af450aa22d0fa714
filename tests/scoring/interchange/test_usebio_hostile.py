"""Hostile USEBIO files: markup and formulas in the names, the club and the
event's title stay inert text after the import (pages, PDF, workbook); a file
far larger than any results file is refused unread, and nothing is created."""

from __future__ import annotations

from io import BytesIO
from pathlib import Path

import pytest
from django.core.management import CommandError
from django.test import Client
from django.urls import reverse
from openpyxl import load_workbook
from pypdf import PdfReader

from scoring.reports.files import session_pdf, session_xlsx
from scoring.standings import session_results
from tests.usebio import DATA, edited, import_command
from tournaments.models import Club, Event

pytestmark = pytest.mark.django_db

SCRIPT = "<script>alert(1)</script>"
FORMULA = "=cmd|' /C calc'!A0"
SOURCE = DATA / "nz_scorer_handicaps.xml"


def xml(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


@pytest.fixture
def hostile(tmp_path: Path) -> Event:
    path = edited(
        SOURCE,
        tmp_path,
        ("Kiri Hohaia", xml(SCRIPT)),
        ("Lui Tamati", xml(FORMULA)),
        ("Tasman Bridge Club", xml(f"{FORMULA} {SCRIPT}")),
        ("Thursday Handicap", xml(f"{SCRIPT} =1+1")),
    )
    _out, event_id = import_command(path)
    Event.objects.filter(pk=event_id).update(published=True)
    return Event.objects.get(pk=event_id)


def test_markup_from_the_file_is_text_on_the_public_page(
    client: Client, hostile: Event
) -> None:
    page = client.get(reverse("public:session", args=[hostile.sessions.get().pk]))
    html = page.content.decode()
    assert page.status_code == 200
    assert SCRIPT not in html
    assert xml(SCRIPT) in html


def test_formulas_from_the_file_are_text_in_the_workbook(hostile: Event) -> None:
    results = session_results(hostile.sessions.get())
    book = load_workbook(BytesIO(session_xlsx(results)))
    cells = [c for sheet in book for row in sheet.iter_rows() for c in row]
    assert not [c.coordinate for c in cells if c.data_type == "f"]
    texts = " ".join(str(c.value) for c in cells if c.value is not None)
    assert FORMULA in texts and SCRIPT in texts


def test_the_files_text_is_printed_as_written_in_the_pdf(hostile: Event) -> None:
    results = session_results(hostile.sessions.get())
    pages = PdfReader(BytesIO(session_pdf(results))).pages
    text = "".join(page.extract_text() for page in pages)
    assert SCRIPT in text and FORMULA in text


def test_the_club_keeps_its_name_as_written(hostile: Event) -> None:
    assert hostile.club is not None
    assert hostile.club.name == f"{FORMULA} {SCRIPT}"


def test_a_20_mb_file_is_refused_unread(tmp_path: Path) -> None:
    big = tmp_path / "big.xml"
    with big.open("w", encoding="utf-8") as out:
        out.write('<?xml version="1.0"?>\n<USEBIO Version="1.2">')
        out.write(" " * (20 * 2**20))
        out.write("</USEBIO>")
    with pytest.raises(
        CommandError,
        match=r"big.xml is 20.0 MB: a results file is at most 8 MB. Nothing was "
        r"imported",
    ):
        import_command(big)
    assert not Event.objects.exists() and not Club.objects.exists()


def test_an_xml_bomb_added_to_an_event_is_refused(tmp_path: Path) -> None:
    _out, event_id = import_command(SOURCE)
    bomb = tmp_path / "bomb.xml"
    bomb.write_text(
        '<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol "lol">'
        '<!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>'
        '<USEBIO Version="1.2"><EVENT EVENT_TYPE="MP_PAIRS">&lol2;</EVENT></USEBIO>',
        encoding="utf-8",
    )
    with pytest.raises(CommandError, match=r"bomb.xml is refused: .*Nothing was"):
        import_command(bomb, "--into", str(event_id))
    assert Event.objects.get().sessions.count() == 1
