"""The movement rules' words in the reader's language: the rules keep each
validator's problem and each refusal (``MovementError``) as its English
template and its values (``movements.engine``, pure); this translates the
template and fills the values in."""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import gettext, gettext_lazy

from movements.engine import MovementError, Problem

__all__ = ["level_told", "problem_told", "refusal_told"]

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


def refusal_told(refused: MovementError) -> str:
    """Why the rules refused, in the active language (a reason within it too)."""
    params = {
        name: refusal_told(value) if isinstance(value, MovementError) else value
        for name, value in refused.params.items()
    }
    told = gettext(refused.template)
    return told % params if params else told
