"""Why a file is refused, as a message the pages can translate.

The file readers are pure (no Django), so they cannot translate. They raise a
``FormatError`` that keeps its English template, marked with ``gettext_noop`` so
that ``makemessages`` puts it in the catalogues, and its parameters; the Django
side translates the template and fills the parameters in (``str()`` of the
error is the English message).
"""

from __future__ import annotations

__all__ = ["FormatError", "gettext_noop"]


def gettext_noop(message: str) -> str:
    """Mark ``message`` for the translators' catalogues; return it unchanged."""
    return message


class FormatError(ValueError):
    """A file refused: ``template % params`` says why, naming the line."""

    def __init__(self, template: str, **params: object) -> None:
        super().__init__(template % params)
        self.template = template
        self.params = params
