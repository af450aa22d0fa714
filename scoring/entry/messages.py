"""Translated messages for the engine's notation errors, by error code."""

from __future__ import annotations

from django.utils.translation import gettext as _

from scoring.engine.notation import NotationError


def _messages() -> dict[str, str]:
    return {
        "empty": _("Type the result, e.g. 4SX N 10 HK, 3NT S +1 or pass."),
        "bad_level": _("%(text)s: a contract has a level from 1 to 7."),
        "unknown_strain": _("%(text)s: the strain %(strain)s is not understood."),
        "missing_strain": _("%(text)s: the strain is missing."),
        "bad_doubling": _("%(text)s: use X for doubled and XX for redoubled."),
        "bad_seat": _("%(text)s: the declarer %(seat)s is not a seat."),
        "missing_seat": _("%(text)s: the declarer is missing."),
        "bad_result": _("%(text)s: the result %(result)s is not understood."),
        "missing_result": _("%(text)s: the result is missing (=, +1, -2 or tricks)."),
        "too_many_tricks": _("%(tricks)s tricks: declarer can take at most 13."),
        "overtricks_impossible": _(
            "%(contract)s+%(difference)s is impossible: declarer can take at most "
            "13 tricks."
        ),
        "undertricks_impossible": _(
            "%(contract)s-%(difference)s is impossible: declarer cannot go down "
            "more tricks than the contract needs."
        ),
        "bad_lead": _("The lead %(lead)s is not a card (e.g. HK or KH)."),
        "extra_text": _("%(text)s: there is extra text: %(extra)s."),
        "p_not_pass": _("%(text)s: a bare P is ambiguous; write the word for pass."),
        "bad_weight": _("%(part)s: the weight must be a percentage like 40%%."),
        "weights_total": _("The weights must add up to 100%%."),
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
