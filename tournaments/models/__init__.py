"""Who plays, and where: clubs, events, sessions, sections, boards, pairs,
players, teams and matches; the directors and their clubs."""

from .entries import Entry, Match, Pair, Player, Team
from .events import Board, Club, Event, Section, Session
from .people import Director, Membership, Person, PersonMerge

__all__ = [
    "Board",
    "Club",
    "Director",
    "Entry",
    "Event",
    "Match",
    "Membership",
    "Pair",
    "Person",
    "PersonMerge",
    "Player",
    "Section",
    "Session",
    "Team",
]
