"""A scored session as plain values: what the USEBIO and PBN writers write.

The Django side (``scoring.interchange.exports``) fills these from the read
side's scored session, so every number is the one the pages and ``results
--json`` show, already written out (two places, an exact half to even); the
writers only lay them out (formats.md §1, §2: every exporter starts from the
engine's values, no format leaks into scoring).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from enum import Enum

__all__ = [
    "DoubleDummy",
    "Entrant",
    "Kind",
    "Line",
    "MatchScore",
    "Person",
    "ScoredBoard",
    "ScoredSession",
    "artificial_code",
]


class Kind(Enum):
    """How the event is scored (the values of the event's ``scoring`` field)."""

    MATCHPOINTS = "mp"
    BUTLER = "butler"
    CROSS_IMPS = "cross_imps"
    TEAMS = "teams"
    BAM = "bam"
    SWISS = "swiss"
    SWISS_PAIRS = "swiss_pairs"  # boards in Butler IMPs, the totals in VPs

    @property
    def teams(self) -> bool:
        return self in (Kind.TEAMS, Kind.BAM, Kind.SWISS)


@dataclass(frozen=True, slots=True)
class Person:
    name: str
    national_id: str = ""  # the player's member number, "" when unknown


@dataclass(frozen=True, slots=True)
class Entrant:
    """A pair (or a team) of the standings, or a team's pair."""

    section: str  # "A"
    number: str  # "1NS", "3" (Howell); a team: its number
    direction: str  # "NS", "EW" or "" (changes direction; a team)
    players: tuple[Person, ...]
    place: str = ""  # "1", "4=" ("" for a team's pair)
    total: str = ""  # "65.96": matchpoints, IMPs, or a team's VPs
    percentage: str = ""  # "38.80"; "" in IMPs
    name: str = ""  # a team's name
    pairs: tuple[Entrant, ...] = ()  # a team's pairs
    # in a later session of several: the entry's result over the sessions before
    carry_over: str = ""
    master_points: int | None = None  # awarded, in hundredths (USEBIO's unit)
    handicap: str = ""  # a handicapped event's: "-4.50"
    handicapped: str = ""  # the percentage ranked on: raw plus (a share of) it


@dataclass(frozen=True, slots=True)
class Line:
    """A traveller line as the files show it.

    ``contract`` is "4SX", "3NT" or "PASS"; "" when the line has no contract
    (an artificial score, or not played: ``artificial`` None and no score).
    """

    section: str
    ns: str  # the NS pair's number as Entrant.number writes it
    ew: str
    contract: str
    declarer: str  # "N", "E", "S", "W"; "" when passed out or no contract
    tricks: int | None  # taken by declarer
    lead: str  # "SQ", "HT" (suit, rank, the ten "T"), "" when unknown
    score_ns: int | None
    artificial: tuple[str, str] | None = None  # ("A60", "A40")
    ns_points: str = ""  # matchpoints or IMPs, "" before the line is scored
    ew_points: str = ""
    ns_percentage: str = ""  # matchpoints only
    ew_percentage: str = ""
    table: int | None = None
    round: int | None = None
    home: str = ""  # a team event: where the home team sits ("NS" or "EW")
    # an individual: ``ns`` and ``ew`` are North and East, these their partners
    south: str = ""
    west: str = ""
    names_ns: str = ""  # an individual's North and South names, "Ann;Bob"
    names_ew: str = ""

    @property
    def not_played(self) -> bool:
        return not self.contract and self.artificial is None


@dataclass(frozen=True, slots=True)
class DoubleDummy:
    """Tricks each seat makes in each strain (rows declarer N/S/E/W, strain
    NT/S/H/D/C), and the par score for NS."""

    tricks: tuple[tuple[str, str, int], ...]
    par_ns: int


@dataclass(frozen=True, slots=True)
class ScoredBoard:
    number: int
    deal: str  # "N:<N> <E> <S> <W>", "" when unknown
    lines: tuple[Line, ...]
    datum: str = ""  # the Butler datum
    double_dummy: DoubleDummy | None = None


@dataclass(frozen=True, slots=True)
class MatchScore:
    """A team match: the teams by number, their VPs (board-a-match: points; ""
    before a board is played) and the two rooms' lines of each board."""

    round: int
    home: str
    away: str
    home_score: str
    away_score: str
    boards: tuple[ScoredBoard, ...]


@dataclass(frozen=True, slots=True)
class ScoredSession:
    kind: Kind
    identifier: str
    name: str
    club: str
    day: date | None
    two_winners: bool
    sections: int
    program: str
    version: str
    standings: tuple[Entrant, ...]
    boards: tuple[ScoredBoard, ...]
    matches: tuple[MatchScore, ...] = ()
    session_count: int = 1  # the event's sessions
    individual: bool = False  # each standing is one player (number, name)
    club_number: str = ""  # the federation's number for the club (CLUB_ID_NUMBER)
    event_type: str = ""  # EVENT_TYPE of the file the event was imported from

    @property
    def in_imps(self) -> bool:
        return self.kind is not Kind.MATCHPOINTS


def artificial_code(artificial: tuple[str, str]) -> str:
    """("A60", "A40") -> "A6040", as USEBIO writes an artificial score."""
    ns, ew = artificial
    return f"A{ns[1:]}{ew[1:]}"
