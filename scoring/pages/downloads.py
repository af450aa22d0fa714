"""Downloads of a session's reports: PDF (A4 or Letter) and Excel.

Directors may download any session; anyone else only a published event's.
"""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.views.decorators.http import require_GET

from scoring.documents.pdf import PAGE_SIZES
from scoring.reports import files
from scoring.standings import SessionResults, session_results
from scoring.standings.secrecy import public_results
from tournaments.access import allowed
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


@require_GET
def session_xlsx(request: HttpRequest, session_id: int) -> HttpResponse:
    results = _results(request, session_id)
    content = files.session_xlsx(results)
    return _download(content, files.XLSX_TYPE, files.file_name(results, "xlsx"))
