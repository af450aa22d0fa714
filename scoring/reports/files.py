"""Whole files for download and the export command: one session or an event."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.utils.text import slugify
from django.utils.translation import gettext as _

from scoring.documents.document import Document, PageBreak
from scoring.documents.pdf import render_pdf
from scoring.documents.xlsx import render_xlsx
from scoring.standings import SessionResults, event_results

from .booklet import booklet_blocks
from .combined import event_ranking_document
from .layout import document_of, hand_record_blocks, session_document, workbook_sheets
from .teams import team_session_document, team_workbook_sheets

if TYPE_CHECKING:
    from tournaments.models import Event

PDF_TYPE = "application/pdf"
XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"

__all__ = ["PDF_TYPE", "XLSX_TYPE", "event_pdf", "event_xlsx", "file_name",
           "hand_records_pdf", "session_pdf", "session_xlsx"]  # fmt: skip


def _session_document(results: SessionResults) -> Document:
    if results.family.teams:
        return team_session_document(results)
    return session_document(results)


def _workbook_sheets(results: SessionResults) -> list[tuple[str, Document]]:
    if results.family.teams:
        return team_workbook_sheets(results)
    return workbook_sheets(results)


def session_pdf(results: SessionResults, page_size: str = "A4") -> bytes:
    return render_pdf(_session_document(results), page_size)


def hand_records_pdf(results: SessionResults, page_size: str, per_page: int) -> bytes:
    """The hand records alone, ``per_page`` boards a page (4 or 6); a heat's
    with the simultaneous' commentary, a deal at a time (``booklet_blocks``)."""
    blocks = booklet_blocks(results) or hand_record_blocks(results, per_page)
    return render_pdf(document_of(results, _("Hand records"), blocks), page_size)


def session_xlsx(results: SessionResults) -> bytes:
    return render_xlsx(_workbook_sheets(results))


def _joined(documents: list[Document]) -> Document:
    first = documents[0]
    blocks = list(first.blocks)
    for document in documents[1:]:
        blocks += [PageBreak(), *document.blocks]
    return Document(_("Results"), first.club, first.event, first.day, tuple(blocks))


def event_pdf(event: Event, page_size: str = "A4") -> bytes:
    """Every session's reports in one PDF, after the ranking over the sessions
    when there are several (an event without sessions: none)."""
    sessions = event_results(event)
    documents = [_session_document(r) for r in sessions]
    if not documents:
        raise ValueError(_("The event has no session to export."))
    combined = event_ranking_document(event, sessions)
    if combined is not None:
        documents.insert(0, combined)
    return render_pdf(_joined(documents), page_size)


def event_xlsx(event: Event) -> bytes:
    """One workbook: the ranking over the sessions when there are several, then
    the four sheets of each session (numbered when several)."""
    sessions = event_results(event)
    if not sessions:
        raise ValueError(_("The event has no session to export."))
    sheets = []
    combined = event_ranking_document(event, sessions)
    if combined is not None:
        sheets.append((_("Event ranking"), combined))
    for results in sessions:
        for name, document in _workbook_sheets(results):
            number = f" {results.session.number}" if len(sessions) > 1 else ""
            sheets.append((f"{name}{number}", document))
    return render_xlsx(sheets)


def file_name(results: SessionResults, extension: str) -> str:
    session = results.session
    return f"{slugify(session.event.name) or 'results'}-{session.number}.{extension}"
