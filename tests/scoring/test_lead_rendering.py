"""A lead reads with its suit's symbol ("♠A") on every output, in every
language: the traveller and scorecard pages, the PDF and the workbook. "SA" on
an English page reads as Spanish no-trump (scoring/reports/lines.py)."""

from __future__ import annotations

from io import BytesIO

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation
from openpyxl import load_workbook
from pypdf import PdfReader

from scoring.documents.pdf import render_pdf
from scoring.documents.xlsx import render_xlsx
from scoring.models import TravellerLine
from scoring.reports import layout
from scoring.reports.lines import lead_label
from scoring.standings import session_results
from tests.factories import make_small_evening
from tournaments.models import Pair, Session

pytestmark = pytest.mark.django_db


@pytest.fixture
def session() -> Session:
    session = make_small_evening(published=True).sessions.get()
    Session.objects.filter(pk=session.pk).update(released=True)
    lines = TravellerLine.objects.filter(section__session=session, board__number=1)
    first, second = lines.order_by("pk")[:2]
    TravellerLine.objects.filter(pk=first.pk).update(lead="SA")
    TravellerLine.objects.filter(pk=second.pk).update(lead="H10")
    return Session.objects.get(pk=session.pk)


@pytest.mark.parametrize(
    ("stored", "shown"),
    [("SA", "♠A"), ("H10", "♥10"), ("DK", "♦K"), ("C2", "♣2"), ("", ""), ("?", "?")],
)
def test_a_stored_lead_reads_with_its_symbol(stored: str, shown: str) -> None:
    assert lead_label(stored) == shown


@pytest.mark.parametrize("language", ["en", "es", "it"])
def test_the_traveller_and_scorecard_pages_print_the_symbol(
    client: Client, session: Session, language: str
) -> None:
    client.cookies["django_language"] = language
    pair = Pair.objects.get(section__session=session, label="1NS")
    for url in (
        reverse("public:board", args=[session.pk, 1]),
        reverse("public:pair", args=[pair.pk]),
    ):
        page = client.get(url)
        assert page.status_code == 200, url
        text = page.content.decode()
        assert ">♠A<" in text and ">SA<" not in text, (language, url)
    traveller = client.get(reverse("public:board", args=[session.pk, 1]))
    assert "♥</span>10<" in traveller.content.decode()  # the red suit


def test_the_pdf_and_the_workbook_print_the_symbol(session: Session) -> None:
    results = session_results(session)
    with translation.override("en"):
        pdf = render_pdf(layout.traveller_document(results))
        workbook = render_xlsx(layout.workbook_sheets(results))
    text = "".join(page.extract_text() for page in PdfReader(BytesIO(pdf)).pages)
    assert "♠A" in text and "♥10" in text
    assert "\nSA\n" not in text
    book = load_workbook(BytesIO(workbook))
    cells = {c for row in book["Travellers"].iter_rows(values_only=True) for c in row}
    assert {"♠A", "♥10"} <= cells and "SA" not in cells
