"""The engine's refusals (``ScorepadError.code``) in the user's language, each
with the form field at fault ('' when it is the pad as a whole)."""

from __future__ import annotations

from django.utils.translation import gettext as _

from scoring.engine.social.deal import ScorepadError


def _messages() -> dict[str, tuple[str, str]]:
    return {
        "duplicate_honours": (
            "honours",
            _("Honours: duplicate-style Chicago counts no honours."),
        ),
        "honours_passed_out": (
            "honours",
            _("Honours: a passed-out deal has no honours."),
        ),
        "honours_strain": (
            "honours",
            _(
                "Honours: four aces count only at no trump, trump honours only "
                "in a suit contract."
            ),
        ),
        "honours_not_counted": (
            "honours",
            _("Honours: this pad does not count honours."),
        ),
        "chukker_over": ("", _("The chukker is over after four deals.")),
        "rubber_over": ("", _("The rubber is over: a side has won two games.")),
        "no_entry": ("", _("Deal: there is no such deal on this pad.")),
        "no_deal": ("", _("Deal: a chukker has deals 1 to 4.")),
        "game_over": (
            "",
            _("The game is over after three partidas of four hands."),
        ),
        "session_players": (
            "",
            _("Players: a social session is for 4, 5 or 8 players, not %(players)s."),
        ),
    }


def refusal(error: ScorepadError) -> tuple[str, str]:
    """The field at fault and the message to show for ``error``."""
    field, message = _messages().get(error.code, ("", str(error)))
    if "%(" in message:
        message = message % error.params
    return field, message
