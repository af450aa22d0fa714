"""A problem the movement validator finds, kept as its English template and
its values: the rules are pure and cannot translate, the pages do
(``movements.problems``); ``gettext_noop`` marks each template for the
catalogues."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

__all__ = ["Level", "Problem", "error", "gettext_noop"]

Level = Literal["error", "warning", "info"]


def gettext_noop(message: str) -> str:
    """Mark ``message`` for the translators' catalogues; return it unchanged."""
    return message


@dataclass(frozen=True)
class Problem:
    """A finding of check ``check``: ``template % params`` says what."""

    level: Level
    check: int
    template: str
    params: tuple[tuple[str, object], ...] = ()

    @classmethod
    def of(cls, level: Level, check: int, template: str, **params: object) -> Problem:
        return cls(level, check, template, tuple(params.items()))

    @property
    def message(self) -> str:
        """The problem in English."""
        return self.template % dict(self.params)


def error(check: int, template: str, **params: object) -> Problem:
    return Problem.of("error", check, template, **params)
