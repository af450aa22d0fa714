"""Downloads of a session's reports: PDF (A4 or Letter) and Excel; and its
results files, USEBIO 1.2 XML and PBN 2.1 (``scoring.interchange.exports``).

Directors may download any session of their clubs; anyone else a published
event's reports here, and its results files from the public site (both through
``public_results``, so unplayed boards stay hidden).
"""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.views.decorators.http import require_GET

from scoring.documents.pdf import PAGE_SIZES
from scoring.interchange import exports
from scoring.reports import files
from scoring.standings import SessionResults, session_results
from scoring.standings.secrecy import public_results
from tournaments.access import DIRECTOR, allowed, session_for
from tournaments.models import Session


def _results(request: HttpRequest, session_id: int) -> SessionResults:
    session = get_object_or_404(Session.objects.select_related("event"), pk=session_id)
    if allowed(request.user, session.event.club_id):
        return session_results(session)
    if not session.event.published:
        raise Http404
    return public_results(session)


def _download(content: bytes, content_type: str, name: str) -> HttpResponse:
    response = HttpResponse(content, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


@require_GET
def session_pdf(request: HttpRequest, session_id: int) -> HttpResponse:
    results = _results(request, session_id)
    size = request.GET.get("size", "A4")
    if size not in PAGE_SIZES:
        size = "A4"
    content = files.session_pdf(results, size)
    return _download(content, files.PDF_TYPE, files.file_name(results, "pdf"))


def _hand_results(request: HttpRequest, session_id: int) -> SessionResults:
    """Every deal for the club's directors; to anyone else (a scorer too) only
    the boards the secrecy rule shows, as on the public pages."""
    session = get_object_or_404(Session.objects.select_related("event"), pk=session_id)
    club_id = session.event.club_id
    if allowed(request.user, club_id, DIRECTOR):
        return session_results(session)
    if not (session.event.published or allowed(request.user, club_id)):
        raise Http404
    return public_results(session)


@require_GET
def hand_records_pdf(request: HttpRequest, session_id: int) -> HttpResponse:
    """The hand records players keep: 4 or 6 boards a page, A4 or Letter."""
    results = _hand_results(request, session_id)
    size = request.GET.get("size", "A4")
    per = request.GET.get("per", "4")
    content = files.hand_records_pdf(
        results,
        size if size in PAGE_SIZES else "A4",
        6 if per == "6" else 4,
    )
    return _download(content, files.PDF_TYPE, files.file_name(results, "hands.pdf"))


@require_GET
def session_xlsx(request: HttpRequest, session_id: int) -> HttpResponse:
    results = _results(request, session_id)
    content = files.session_xlsx(results)
    return _download(content, files.XLSX_TYPE, files.file_name(results, "xlsx"))


def _file(found: exports.ResultsFile) -> HttpResponse:
    return _download(found.content, found.content_type, found.name)


@login_required
@require_GET
def session_usebio(request: HttpRequest, session_id: int) -> HttpResponse:
    """The director's USEBIO file: every board, played or not."""
    session = session_for(request.user, session_id)
    return _file(exports.usebio_file(session_results(session)))


@login_required
@require_GET
def session_pbn(request: HttpRequest, session_id: int) -> HttpResponse:
    """The director's PBN file: every board, with the known deals."""
    session = session_for(request.user, session_id)
    return _file(exports.pbn_file(session_results(session)))
