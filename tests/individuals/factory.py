"""Individual events for tests, made by the set-up service as a director makes
them (``new_event --movement individual``): one section, one pair row per player
("1" … "v"), the movement's seatings (North in ``ns_pair``, East in ``ew_pair``,
South and West beside them; a sit-out table with its phantom's seat empty)."""

from __future__ import annotations

from collections.abc import Callable

from movements.adapters import stored_individual
from movements.engine.individual import IndividualMovement
from movements.models import Seating, SectionMovement
from scoring.engine.notation import Language, parse_entry
from scoring.entry import services
from scoring.models import TravellerLine
from tests.factories import CLUB
from tournaments.models import Event, Pair, Player, Section
from tournaments.setup.individuals import INDIVIDUAL, individual_event_create

__all__ = [
    "NAMES",
    "individual_section",
    "make_individual",
    "numbers",
    "play_individual",
    "player",
    "record_individual",
    "seating",
]

# The names of the players, by number; hostile-looking text stays text.
NAMES = (
    "Ana Ruiz", "Bea Soler", "Carlos Vidal", "Dora Puig", "Eloy Mas", "Fina Roca",
    "Gil Serra", "Hugo Pons", "Inés Font", "Joan Bosch", "Kira <b>Lluch</b>",
    "Lia Ferrer", "Mar Vila", "Nil Costa", "Olga Prat", "Pau Sala", "Quim Rius",
    "Rut Marin", "Sara Camps", "Toni Oller",
)  # fmt: skip

# What a table's North-South score in a round: ``entry(round, table)``.
Entry = Callable[[int, int], str]


def make_individual(
    players: int | None = 12,
    boards_per_round: int = 2,
    *,
    kind: str = INDIVIDUAL,
    tables: int | None = None,
    two_winners: bool = False,
) -> Event:
    """An individual (or, with ``kind="rainbow"`` and ``tables``, a Rainbow) with
    its movement stored and every player named (member numbers M001 …)."""
    event = individual_event_create(
        name="Christmas individual",
        kind=kind,
        players=None if tables else players,
        tables=tables,
        boards_per_round=boards_per_round,
        club=CLUB,
        two_winners=two_winners,
    )
    section = event.sessions.get().sections.get()
    Player.objects.bulk_create(
        Player(pair=p, seat=1, name=NAMES[p.number - 1], national_id=f"M{p.number:03}")
        for p in section.pairs.all()
    )
    return event


def individual_section(
    players: int = 12, *, boards_per_round: int = 2, seated: bool = True
) -> Section:
    """Section A of an individual; unless ``seated``, its movement is removed
    (the director then types all four players of a line)."""
    section = make_individual(players, boards_per_round).sessions.get().sections.get()
    if not seated:
        section.seatings.all().delete()
        SectionMovement.objects.filter(section=section).delete()
    return section


def player(section: Section, number: int) -> Pair:
    return section.pairs.get(number=number)


def seating(section: Section, round_no: int, table: int) -> Seating:
    return section.seatings.select_related("ns_pair", "ew_pair", "south", "west").get(
        round=round_no, table=table
    )


def numbers(row: Seating | TravellerLine) -> tuple[int, int, int, int]:
    """The player numbers of a seating or a line, North, East, South, West."""
    seats = (row.ns_pair, row.ew_pair, row.south, row.west)
    found = tuple(p.number for p in seats if p is not None)
    assert len(found) == 4, f"{row} does not seat four players"
    return found[0], found[1], found[2], found[3]


def record_individual(
    section: Section,
    board: int,
    seats: tuple[int, int, int, int],
    entry: str,
    *,
    round_no: int | None = None,
    table: int | None = None,
) -> TravellerLine:
    """Record a line for players (North, East, South, West): '4S N ='."""
    north, east, south, west = (player(section, n) for n in seats)
    return services.line_record(
        section=section,
        board_number=board,
        ns_pair=north,
        ew_pair=east,
        south=south,
        west=west,
        result=parse_entry(entry, Language.EN).result,
        round_no=round_no,
        table=table,
    )


def play_individual(event: Event, entry: Entry) -> IndividualMovement:
    """Enter every board of the event's stored movement; ``entry(round,
    table)`` is what the table's North-South score. Returns the movement."""
    section = event.sessions.get().sections.get()
    movement = stored_individual(section)
    assert movement is not None
    for rnd, s in movement.played():
        seats = (s.players[0] or 0, s.players[1] or 0, s.players[2] or 0,
                 s.players[3] or 0)  # fmt: skip
        for board in movement.boards(s.board_set):
            record_individual(
                section, board, seats, entry(rnd.number, s.table),
                round_no=rnd.number, table=s.table,
            )  # fmt: skip
    return movement
