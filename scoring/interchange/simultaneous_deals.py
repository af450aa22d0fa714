"""A simultaneous' deal set: dealt here from a secret seed (as ``deal`` deals a
session, ``fresh_set``) or imported from a hand-record file (as a session's
hands are, ``read_deal_file``), kept as the set every heat takes its deals from
(``set_deal``). Given before any heat is added."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from scoring.formats.deal_files import read_deal_file
from scoring.formats.problems import FormatError
from tournaments.models import Simultaneous

from .deal_store import keep_set
from .dealing import fresh_set
from .hands import HandsRefused, format_message

__all__ = ["set_dealt", "set_imported"]


@transaction.atomic
def set_dealt(simultaneous: Simultaneous) -> None:
    """Every board of the set dealt here; its seed kept secret with the set."""
    dealt = fresh_set(range(1, simultaneous.boards + 1))
    _kept(simultaneous, dealt.deals, "dealt", dealt.seed.hex(), dealt.commitment)


@transaction.atomic
def set_imported(simultaneous: Simultaneous, raw: bytes, source: str) -> None:
    """The file's deals as the set, or HandsRefused naming the board at fault."""
    try:
        records = read_deal_file(raw, source)
    except FormatError as exc:
        raise HandsRefused(format_message(exc)) from None
    beyond = sorted(n for n in records if n > simultaneous.boards)
    if beyond:
        raise HandsRefused(
            _("Board %(n)s: the simultaneous has %(boards)s boards.")
            % {"n": beyond[0], "boards": simultaneous.boards}
        )
    _kept(simultaneous, {n: r.deal for n, r in records.items()}, source)


def _kept(
    simultaneous: Simultaneous,
    deals: dict[int, str],
    source: str,
    seed: str = "",
    commitment: str = "",
) -> None:
    if simultaneous.heats.exists():
        raise HandsRefused(_("The simultaneous has heats: its deals are given."))
    simultaneous.deal_set = keep_set(
        club=simultaneous.event.club, session=None, deals=deals, source=source,
        again=True, seed=seed, commitment=commitment,
    )  # fmt: skip
    simultaneous.save(update_fields=["deal_set"])
