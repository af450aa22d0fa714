"""Why the table API refuses a request, with the HTTP status it answers."""

from __future__ import annotations

from django.http import JsonResponse

__all__ = ["Refused", "refusal_json"]


class Refused(Exception):
    """A refusal the table can read: ``status`` 400 (bad input, ``field`` names
    it), 401 (unknown code or token), 403 (session closed), 404, 405 (another
    method), 409 or 413 (a body beyond the server's limit)."""

    def __init__(self, status: int, message: str, field: str = "") -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.field = field


def refusal_json(refused: Refused) -> JsonResponse:
    """The refusal as the table reads it: ``{"error", "field"}``."""
    body = {"error": refused.message, "field": refused.field or None}
    return JsonResponse(body, status=refused.status)
