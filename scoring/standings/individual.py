"""Individual events on the read side: who is ranked against whom.

Each pair of an individual's sections is one player (``Event.individual``). A
complete individual has one ranking per field (a section, or the field); a
Rainbow individual with two winners one per compass line of each field (the
seat each player keeps, individual-and-social.md §1.5).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

from movements.models import SectionMovement
from scoring.engine.individual import COMPASS, Seated, compass_of

from .load import LoadedSession

__all__ = [
    "compass_lines",
    "compass_order",
    "individual_ranking_group",
    "is_rainbow",
]


def is_rainbow(data: LoadedSession) -> bool:
    """Whether a section of the session plays a Rainbow movement."""
    return SectionMovement.objects.filter(
        section_id__in=data.sections, kind=SectionMovement.Kind.RAINBOW
    ).exists()


def compass_lines(data: LoadedSession) -> dict[int, str]:
    """Each player's compass line (N, E, S, W) when the session is ranked by
    compass line: a Rainbow with two winners; else empty."""
    if not (data.event.two_winners and is_rainbow(data)):
        return {}
    tables = (
        Seated(x.ns_pair_id, x.ew_pair_id, x.south_id, x.west_id) for x in data.lines
    )
    return {
        player: seat
        for player, seat in compass_of(tables).items()
        if isinstance(player, int)
    }


def individual_ranking_group(data: LoadedSession) -> Callable[[Hashable], Hashable]:
    """A player's ranking group: his field, and his compass line when ranked
    by compass line."""
    field = data.ranking_group()
    compass = compass_lines(data)
    if not compass:
        return field

    def group(player_id: Hashable) -> Hashable:
        assert isinstance(player_id, int)
        return field(player_id), compass.get(player_id, "")

    return group


def compass_order(seat: str) -> int:
    """North's line first, then East, South and West."""
    return COMPASS.index(seat) if seat in COMPASS else len(COMPASS)
