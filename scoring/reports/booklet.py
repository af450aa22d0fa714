"""A club's booklet of a simultaneous: its heat's hand records with the
organiser's commentary beneath each deal, one deal after another. Only the deals
the hand records show (``board_deals``: none the secrecy rule hides) carry
their commentary."""

from __future__ import annotations

from dataclasses import replace

from scoring.documents.document import Block
from scoring.standings import SessionResults
from tournaments.models import Commentary

from .layout import board_deals

__all__ = ["booklet_blocks"]


def booklet_blocks(results: SessionResults) -> list[Block]:
    """The deals with their commentary ([] when the session is no heat of a
    simultaneous with commentary)."""
    said = dict(
        Commentary.objects.filter(
            simultaneous__heats__session=results.session
        ).values_list("board", "text")
    )
    if not said:
        return []
    deals = board_deals(results)
    return [replace(deal, commentary=said.get(n, "")) for n, deal in deals.items()]
