"""The movement validator's problems in the reader's language: the rules keep
each problem's English template and its values (``movements.engine.checks``,
pure); this translates the template and fills the values in."""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import gettext, gettext_lazy

from movements.engine import Problem

__all__ = ["level_told", "problem_told"]

LEVELS: dict[str, Promise] = {
    "error": gettext_lazy("error"),
    "warning": gettext_lazy("warning"),
    "info": gettext_lazy("information"),
}


def problem_told(problem: Problem) -> str:
    """What the problem says, in the active language."""
    return gettext(problem.template) % dict(problem.params)


def level_told(problem: Problem) -> str:
    """Its level (error, warning, information), in the active language."""
    return str(LEVELS[problem.level])
