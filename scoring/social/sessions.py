"""A social session (individual-and-social.md §3.1): several Chicago tables in one
evening, partners rotating after each chukker.

Four players play the three chukkers AB-CD, AC-BD, AD-BC; five players the
5-player individual (one sits out each chukker) and eight players the 8-player
individual at two tables, both from ``movements.engine.individual``. Starting a
session creates every chukker's pad with its players in their seats.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from django.db import transaction

from movements.engine.individual import individual
from scoring.engine.social.deal import ScorepadError
from scoring.engine.social.session import (
    Chukker,
    Seating,
    four_player_rotation,
    table_chukkers,
)
from scoring.models import SocialPad, SocialPlayer, SocialSession

SESSION_SIZES: Final = (4, 5, 8)


def session_chukkers(players: int) -> tuple[Chukker, ...]:
    """The chukkers of a session of ``players`` players (numbered from 1)."""
    if players not in SESSION_SIZES:
        message = f"players: a social session is for 4, 5 or 8 players, not {players}"
        raise ScorepadError("session_players", message, players=players)
    if players == 4:
        return four_player_rotation((1, 2, 3, 4))
    movement = individual(players)
    return table_chukkers(
        [s.players for s in sorted(r.seatings, key=lambda s: s.table)]
        for r in movement.rounds
    )


def seating_of(pad: SocialPad) -> Seating:
    """The players' numbers at a session pad's table."""
    north, east = pad.north_player, pad.east_player
    south, west = pad.south_player, pad.west_player
    if north is None or east is None or south is None or west is None:
        raise ValueError(f"pad {pad.pk} is not a chukker of a session")
    return Seating(north, east, south, west)


def _pad(session: SocialSession, names: Sequence[str], chukker: int, table: int,
         seating: Seating) -> SocialPad:  # fmt: skip
    north, east, south, west = seating.players
    return SocialPad(
        kind=SocialPad.Kind.CHICAGO, style=session.style,
        middle_deals=session.middle_deals, honours=session.honours,
        session=session, chukker=chukker, table=table,
        north=names[north - 1], east=names[east - 1],
        south=names[south - 1], west=names[west - 1],
        north_player=north, east_player=east,
        south_player=south, west_player=west,
    )  # fmt: skip


@transaction.atomic
def session_start(*, session: SocialSession, names: Sequence[str]) -> SocialSession:
    """Save ``session`` (its game chosen) with its players, named in order, and
    one pad per table of each chukker. Refuses a number of players with no
    rotation (``ScorepadError``) before writing anything."""
    chukkers = session_chukkers(len(names))
    session.save()
    SocialPlayer.objects.bulk_create(
        SocialPlayer(session=session, number=number, name=name)
        for number, name in enumerate(names, start=1)
    )
    for chukker, tables in enumerate(chukkers, start=1):
        for table, seating in enumerate(tables, start=1):
            _pad(session, names, chukker, table, seating).save()
    return session
