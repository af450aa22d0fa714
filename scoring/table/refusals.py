"""Why the table API refuses a request, with the HTTP status it answers."""

from __future__ import annotations

__all__ = ["Refused"]


class Refused(Exception):
    """A refusal the table can read: ``status`` 400 (bad input, ``field`` names
    it), 401 (unknown code or token), 403 (session closed), 404 or 409."""

    def __init__(self, status: int, message: str, field: str = "") -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.field = field
