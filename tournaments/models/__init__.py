"""Who plays, and where: clubs, events, sessions, sections, boards, pairs,
players, teams and matches; the directors and their clubs."""

from .boards import Board, DealSet
from .entries import LOADED_PLAYERS, Entry, Match, Pair, Player, Team
from .events import Club, Event, Section, Session
from .people import Director, Invitation, Membership, Person, PersonMerge
from .simultaneous import Commentary, Heat, Simultaneous

__all__ = [
    "LOADED_PLAYERS",
    "Board",
    "Club",
    "DealSet",
    "Director",
    "Entry",
    "Event",
    "Commentary",
    "Heat",
    "Invitation",
    "Match",
    "Membership",
    "Pair",
    "Person",
    "PersonMerge",
    "Player",
    "Section",
    "Session",
    "Simultaneous",
    "Team",
]
