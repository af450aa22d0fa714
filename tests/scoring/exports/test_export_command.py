"""The export command and the download links."""

from __future__ import annotations

from io import BytesIO, StringIO
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from django.test import Client
from django.urls import reverse
from openpyxl import load_workbook
from pypdf import PdfReader

from scoring.standings import SessionResults
from tests.factories import join


def test_it_writes_the_pdf_and_the_workbook(
    results: SessionResults, tmp_path: Path
) -> None:
    event = results.session.event
    pdf, xlsx = tmp_path / "r.pdf", tmp_path / "r.xlsx"
    out = StringIO()
    call_command("export", str(event.pk), "--pdf", str(pdf), "--xlsx", str(xlsx),
                 "--page-size", "Letter", "--language", "es", stdout=out)  # fmt: skip
    reader = PdfReader(pdf)
    assert round(float(reader.pages[0].mediabox.width)) == 612
    assert "2NS" in reader.pages[0].extract_text()
    book = load_workbook(xlsx)
    assert book.sheetnames == ["Clasificación", "Resumen", "Planillas", "Tarjetas"]
    assert f"wrote {pdf}" in out.getvalue()


def test_an_unknown_event_is_refused(db: None, tmp_path: Path) -> None:
    with pytest.raises(CommandError, match="there is no event 999"):
        call_command("export", "999", "--pdf", str(tmp_path / "x.pdf"))


def test_an_unwritable_path_is_refused_and_nothing_is_written(
    results: SessionResults, tmp_path: Path
) -> None:
    event = results.session.event
    pdf, bad = tmp_path / "ok.pdf", tmp_path / "missing" / "r.xlsx"
    with pytest.raises(CommandError, match="cannot write .*missing"):
        call_command("export", str(event.pk), "--xlsx", str(bad), stdout=StringIO())
    assert not pdf.exists()


def test_it_needs_a_file_to_write(results: SessionResults) -> None:
    with pytest.raises(CommandError, match="--pdf PATH, --xlsx PATH"):
        call_command("export", str(results.session.event.pk))


def test_a_director_downloads_pdf_and_workbook(
    results: SessionResults, client: Client
) -> None:
    user = User.objects.create_user("td", password="pw")
    join(user)
    client.force_login(user)
    session = results.session
    page = client.get(reverse("tournaments:event_detail", args=[session.event.pk]))
    pdf_url = reverse("scoring:session_pdf", args=[session.pk])
    assert pdf_url in page.content.decode()
    response = client.get(pdf_url, {"size": "Letter"})
    assert response["Content-Type"] == "application/pdf"
    assert "tuesday-pairs-1.pdf" in response["Content-Disposition"]
    assert "2NS" in PdfReader(BytesIO(response.content)).pages[0].extract_text()
    xlsx = client.get(reverse("scoring:session_xlsx", args=[session.pk]))
    assert load_workbook(BytesIO(xlsx.content))["Ranking"]["B5"].value == "2NS"


def test_an_unpublished_session_is_not_downloadable_without_login(
    results: SessionResults, client: Client
) -> None:
    url = reverse("scoring:session_xlsx", args=[results.session.pk])
    assert client.get(url).status_code == 404
    results.session.event.__class__.objects.update(published=True)
    assert client.get(url).status_code == 200


def test_an_unknown_language_is_refused(
    results: SessionResults, tmp_path: Path
) -> None:
    with pytest.raises(CommandError, match="--language must be one of en, es, it"):
        call_command("export", str(results.session.event.pk), "--language", "fr",
                     "--pdf", str(tmp_path / "x.pdf"))  # fmt: skip
    assert not (tmp_path / "x.pdf").exists()
