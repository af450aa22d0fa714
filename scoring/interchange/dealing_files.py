"""A set's files for the dealing machines and for keeping (dealing.md §2): the
PBN with the double dummy when known, the ``.dlm`` and the ``.dup``, and the
seed file that proves the set later. Built in memory: the command writes them,
the event page sends them."""

from __future__ import annotations

import re
from collections.abc import Mapping

from django.utils.translation import gettext as _

from scoring.formats.dlm import write_dlm
from scoring.formats.double_dummy import stored_figures
from scoring.formats.dup import write_dup
from scoring.formats.pbn_hands import write_hands_pbn
from scoring.formats.scored_session import DoubleDummy
from tournaments.models import Session

__all__ = [
    "FORMATS",
    "board_range",
    "formats_list",
    "machine_files",
    "seed_file",
    "session_deals",
]

FORMATS = ("pbn", "dlm", "dup")
GENERATOR = "bridgescore (HMAC-SHA256 counter mode, deal-number bijection)"
_RANGE = re.compile(r"^(\d+)(?:-(\d+))?$")


def board_range(text: str) -> list[int]:
    """Board numbers from ``"1-36"`` or ``"1-18,25,27-30"``."""
    numbers: set[int] = set()
    for part in text.replace(" ", "").split(","):
        match = _RANGE.match(part)
        first = int(match[1]) if match else 0
        last = int(match[2] or first) if match else 0
        if not match or not 1 <= first <= last <= 999:
            raise ValueError(
                _("%(text)r is not a range of boards such as 1-36") % {"text": text}
            )
        numbers.update(range(first, last + 1))
    return sorted(numbers)


def formats_list(text: str) -> list[str]:
    """The formats asked for (``"pbn,dlm,dup"``), each known."""
    asked = [name.strip().lower() for name in text.split(",") if name.strip()]
    unknown = [name for name in asked if name not in FORMATS]
    if unknown or not asked:
        raise ValueError(
            _("the formats are %(known)s, not %(asked)r")
            % {"known": ", ".join(FORMATS), "asked": text}
        )
    return asked


def machine_files(
    deals: Mapping[int, str],
    figures: Mapping[int, DoubleDummy],
    formats: list[str],
    headline: str,
) -> dict[str, bytes]:
    """Each format's file content by its extension."""
    if {"dlm", "dup"} & set(formats):
        _check_machines(deals)
    makers = {
        "pbn": lambda: write_hands_pbn(
            deals, figures, event=headline, generator=GENERATOR
        ),
        "dlm": lambda: write_dlm(deals, headline),
        "dup": lambda: write_dup(deals),
    }
    return {name: makers[name]() for name in formats}


def _check_machines(deals: Mapping[int, str]) -> None:
    """The machines' files hold the deals of consecutive boards 1 to 99."""
    if not deals:
        raise ValueError(_("no board has a deal yet"))
    first, last = min(deals), max(deals)
    if last > 99:
        raise ValueError(_("a dealing machine's file holds boards 1 to 99"))
    if len(deals) != last - first + 1:
        raise ValueError(
            _("the deals of boards %(first)s to %(last)s are not all known")
            % {"first": first, "last": last}
        )


def seed_file(seed_hex: str, commitment: str, boards: list[int]) -> bytes:
    """What proves the set: the secret seed, its commitment and the boards."""
    lines = [
        f"seed {seed_hex}",
        f"commitment {commitment}",
        f"boards {boards[0]}-{boards[-1]}",
        "generator " + GENERATOR,
    ]
    return ("\n".join(lines) + "\n").encode("ascii")


def session_deals(session: Session) -> tuple[dict[int, str], dict[int, DoubleDummy]]:
    """The session's known deals and the double dummy of those solved."""
    deals: dict[int, str] = {}
    figures: dict[int, DoubleDummy] = {}
    for board in session.boards.exclude(deal=""):
        deals[board.number] = board.deal
        found = board.solved and stored_figures(board.solved)
        if found:
            figures[board.number] = found
    return deals, figures
