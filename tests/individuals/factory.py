"""A small individual event for the entry and table tests: 12 players at 3
tables, 11 rounds of 2 boards, seated by the engine's complete individual.

The set-up service (``new_event --movement individual``) is built elsewhere;
this factory stores the same shape directly: one ``Pair`` row per player
(label "1".."12", one ``Player``), a ``SectionMovement`` of kind INDIVIDUAL and
a ``Seating`` per played table with North (ns_pair), East (ew_pair), South
and West.
"""

from __future__ import annotations

from movements.engine.individual import IndividualMovement, individual
from movements.models import Seating, SectionMovement
from scoring.models import TravellerLine
from tests.factories import CLUB
from tournaments.models import Board, Club, Event, Pair, Player, Section, Session

__all__ = ["make_individual", "numbers", "player", "seating"]


def make_individual(
    players: int = 12, *, boards_per_round: int = 2, movement: bool = True
) -> Section:
    """Section A of an individual; without ``movement`` no seating is stored."""
    design = individual(players, boards_per_round=boards_per_round)
    club = Club.objects.get_or_create(name=CLUB)[0]
    event = Event.objects.create(
        name="Christmas individual", individual=True, club=club
    )
    session = Session.objects.create(event=event, number=1)
    section = Section.objects.create(session=session, letter="A", tables=design.tables)
    by_number: dict[int, Pair] = {}
    for n in design.players:
        by_number[n] = Pair.objects.create(
            section=section, number=n, direction="", label=str(n)
        )
        Player.objects.create(pair=by_number[n], seat=1, name=f"Player {n}")
    Board.objects.bulk_create(
        Board(session=session, number=n)
        for n in range(1, design.sets * boards_per_round + 1)
    )
    if movement:
        _movement_store(section, design, by_number)
    return section


def _movement_store(
    section: Section, design: IndividualMovement, by_number: dict[int, Pair]
) -> None:
    SectionMovement.objects.create(
        section=section,
        kind=SectionMovement.Kind.INDIVIDUAL,
        variant=SectionMovement.Variant.CYCLIC,
        tables=design.tables,
        boards_per_round=design.boards_per_round,
        sets=design.sets,
        rounds=len(design.rounds),
    )
    rows = []
    # A sit-out table is stored with the phantom's seat empty.
    for rnd, s in design.schedule():
        boards = design.boards(s.board_set)
        north, east, south, west = (by_number.get(p or 0) for p in s.players)
        rows.append(
            Seating(
                section=section, round=rnd.number, table=s.table,
                ns_pair=north, ew_pair=east, south=south, west=west,
                board_set=s.board_set, first_board=boards[0], last_board=boards[-1],
            )
        )  # fmt: skip
    Seating.objects.bulk_create(rows)


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
