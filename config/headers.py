"""The Content-Security-Policy of every page (Django 5.2 has none built in).

Every script, style, image and request of a page comes from this site: the
scripts are our own files (the phone's are modules) and no page has an inline
script, event handler or style attribute, so an injected one does not run. An
image may also be a ``data:`` address (the table cards' QR codes), and no other
site may frame a page. Referrer-Policy and X-Frame-Options come from Django's
SecurityMiddleware and XFrameOptionsMiddleware (settings).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from django.http import HttpRequest, HttpResponse

__all__ = ["POLICY", "ContentSecurityPolicy"]

POLICY: Final = "; ".join(
    (
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "frame-ancestors 'none'",
        "base-uri 'self'",
        "form-action 'self'",
    )
)


class ContentSecurityPolicy:
    """Middleware: ``POLICY`` on every HTML response that has none of its own."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if response.get("Content-Type", "").startswith("text/html"):
            response.headers.setdefault("Content-Security-Policy", POLICY)
        return response
