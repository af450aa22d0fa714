"""Translated messages for the engine's notation errors, by error code."""

from __future__ import annotations

from django.utils.translation import gettext as _

from scoring.engine.notation import NotationError


def _messages() -> dict[str, str]:
    return {
        "empty": _("Type the result, e.g. 4SX N 10 HK, 3NT S +1 or pass."),
        "unknown_strain": _("The strain in %(text)s is not understood."),
        "bad_level": _("A contract has level 1 to 7: %(text)s is not a contract."),
        "too_many_tricks": _("Declarer can take at most 13 tricks."),
        "overtricks_impossible": _(
            "%(text)s is impossible: declarer can take at most 13 tricks."
        ),
        "bad_seat": _("The declarer must be N, E, S or W (in Spanish/Italian: O)."),
        "bad_result": _("The result %(text)s is not understood: use =, +1, -2 or 10."),
        "bad_lead": _("The lead %(text)s is not a card (e.g. HK or KH)."),
        "extra_text": _("There is extra text after the result: %(text)s."),
    }


def notation_message(error: NotationError) -> str:
    """The director's message for a refused entry, in the active language."""
    template = _messages().get(error.code)
    params = {"text": "", **{k: str(v) for k, v in error.params.items()}}
    if template is None:
        return str(error)
    try:
        return template % params
    except (KeyError, ValueError):
        return str(error)
