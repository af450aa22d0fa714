"""A player's events and percentages over time, read from the scored results
(``scoring.standings``): what the public may see, or everything for the
club's directors."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from fractions import Fraction

from scoring.standings import SessionResults, session_results
from scoring.standings.secrecy import public_results
from tournaments.models import Pair, Person, Player, Session

__all__ = ["Played", "player_history"]


@dataclass(frozen=True)
class Played:
    day: date | None
    session: Session
    pair: Pair
    name: str  # as the event has it
    partners: str
    rank: str  # "" when not ranked yet
    percentage: Fraction | None
    master_points: int | None  # hundredths

    @property
    def points(self) -> Decimal | None:
        return None if self.master_points is None else Decimal(self.master_points) / 100


def player_history(person: Person, *, public: bool) -> list[Played]:
    """Every session the person played, oldest first; ``public``: only those of
    published events, as the public site shows them."""
    players = Player.objects.filter(person=person).select_related(
        "pair__section__session__event"
    )
    if public:
        players = players.filter(pair__section__session__event__published=True)
    scored: dict[int, SessionResults] = {}
    played = []
    for player in players:
        pair = player.pair
        session = pair.section.session
        if session.pk not in scored:
            read = public_results if public else session_results
            scored[session.pk] = read(session)
        played.append(_played(player, scored[session.pk]))
    return sorted(played, key=lambda p: (p.day or date.min, p.session.pk))


def _played(player: Player, results: SessionResults) -> Played:
    pair = player.pair
    session = pair.section.session
    standing = results.standing_of(pair)
    partners = [p.name for p in pair.players.all() if p.pk != player.pk]
    return Played(
        day=session.date or session.event.date,
        session=session,
        pair=pair,
        name=player.name,
        partners=", ".join(partners),
        rank=standing.rank if standing else "",
        percentage=standing.percentage if standing else None,
        master_points=pair.master_points,
    )
