"""A named individual for tests: one section, each Pair row one player (spec §1).

The rows are made directly, as the set-up would store them: players "1" … "v"
with one Player each, the boards, and (``play_individual``) one line per table
and board of the generated complete individual, North and East in ``ns_pair``
and ``ew_pair``, South and West beside them.
"""

from __future__ import annotations

from collections.abc import Callable

from django.db import transaction

from movements.engine.individual import IndividualKind, IndividualMovement, individual
from movements.models import SectionMovement
from scoring.engine.notation import Language, parse_entry
from scoring.entry import services
from scoring.models import TravellerLine
from tournaments.models import Board, Club, Event, Pair, Player, Section, Session

from .factories import CLUB

# The names of the players, by number; hostile-looking text stays text.
NAMES = (
    "Ana Ruiz", "Bea Soler", "Carlos Vidal", "Dora Puig", "Eloy Mas", "Fina Roca",
    "Gil Serra", "Hugo Pons", "Inés Font", "Joan Bosch", "Kira <b>Lluch</b>",
    "Lia Ferrer", "Mar Vila", "Nil Costa", "Olga Prat", "Pau Sala", "Quim Rius",
    "Rut Marin", "Sara Camps", "Toni Oller",
)  # fmt: skip

# What the table enters for its North-South in one round: the entry and the
# table it goes to is ``play_individual``'s ``entry`` argument.
Entry = Callable[[int, int], str]


def make_individual(
    players: int = 12,
    boards_per_round: int = 2,
    *,
    movement: IndividualMovement | None = None,
    two_winners: bool = False,
) -> Event:
    """An individual event for ``players`` (or ``movement``'s) with its players
    and boards, no line; a Rainbow ``movement`` is stored as the section's."""
    movement = movement or individual(players, boards_per_round=boards_per_round)
    players = len(movement.players)
    event = Event(
        name="Christmas individual",
        club=Club.objects.get_or_create(name=CLUB)[0],
        individual=True,
        two_winners=two_winners,
    )
    event.full_clean()
    event.save()
    session = Session.objects.create(event=event, number=1)
    section = Section.objects.create(
        session=session, letter="A", tables=movement.tables
    )
    for number in range(1, players + 1):
        pair = Pair.objects.create(section=section, number=number, label=str(number))
        Player.objects.create(
            pair=pair, seat=1, name=NAMES[number - 1], national_id=f"M{number:03}"
        )
    boards = movement.sets * movement.boards_per_round
    Board.objects.bulk_create(
        Board(session=session, number=n) for n in range(1, boards + 1)
    )
    if movement.kind is IndividualKind.RAINBOW:
        SectionMovement.objects.create(
            section=section, kind=SectionMovement.Kind.RAINBOW,
            variant=SectionMovement.Variant.CUSTOM, tables=movement.tables,
            boards_per_round=movement.boards_per_round, sets=movement.sets,
            rounds=len(movement.rounds),
        )  # fmt: skip
    return event


def player(section: Section, number: int) -> Pair:
    return section.pairs.get(label=str(number))


@transaction.atomic
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
    line = services.line_record(
        section=section,
        board_number=board,
        ns_pair=north,
        ew_pair=east,
        result=parse_entry(entry, Language.EN).result,
        round_no=round_no,
        table=table,
    )
    line.south, line.west = south, west
    line.save(update_fields=["south", "west"])
    return line


def play_individual(
    event: Event, entry: Entry, movement: IndividualMovement | None = None
) -> IndividualMovement:
    """Enter every board of ``movement`` (default: the generated complete
    individual); ``entry(round, table)`` is what the table's North-South
    score. Returns the movement played."""
    section = event.sessions.get().sections.get()
    if movement is None:
        players = section.pairs.count()
        bpr = event.sessions.get().boards.count() // len(individual(players).rounds)
        movement = individual(players, boards_per_round=bpr)
    for rnd, seating in movement.played():
        seats = seating.players
        assert None not in seats
        for board in movement.boards(seating.board_set):
            record_individual(
                section, board, seats, entry(rnd.number, seating.table),  # type: ignore[arg-type]
                round_no=rnd.number, table=seating.table,
            )  # fmt: skip
    return movement
