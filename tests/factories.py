"""Small named builders for test data (style.md §2.13)."""

from __future__ import annotations

from datetime import date

from django.contrib.auth.models import User

from scoring.engine.notation import Language, parse_entry
from scoring.entry import services
from scoring.models import TravellerLine
from tournaments.models import Club, Event, Membership, Pair, Section
from tournaments.setup.events import HOWELL, MITCHELL, event_create, section_create

# The club of the events the factories make, and of the test director.
CLUB = "Círculo Bridge Ñandú"


def join(user: User, club: str = CLUB, role: str = "director") -> Membership:
    """Give ``user`` a ``role`` in ``club``."""
    owner = Club.objects.get_or_create(name=club)[0]
    membership, _created = Membership.objects.update_or_create(
        user=user, club=owner, defaults={"role": role}
    )
    return membership


def make_event(
    tables: int = 3,
    kind: str = MITCHELL,
    *,
    club: str = CLUB,
    day: date | None = None,
    boards_per_round: int | None = None,
    **options: object,
) -> Event:
    """`options` are further Event fields."""
    return event_create(
        name="Tuesday pairs",
        tables=tables,
        kind=kind,
        club=club,
        day=day,
        boards_per_round=boards_per_round,
        **options,
    )


def make_howell(
    tables: int = 2,
    *,
    club: str = CLUB,
    day: date | None = None,
    boards_per_round: int | None = None,
    **options: object,
) -> Event:
    return make_event(
        tables=tables,
        kind=HOWELL,
        club=club,
        day=day,
        boards_per_round=boards_per_round,
        **options,
    )


def section_of(event: Event, letter: str = "A") -> Section:
    return event.sessions.get().sections.get(letter=letter)


def add_section(event: Event, letter: str, tables: int) -> Section:
    return section_create(session=event.sessions.get(), letter=letter, tables=tables)


def pair(section: Section, label: str) -> Pair:
    return section.pairs.get(label=label)


def make_result(
    section: Section,
    board: int,
    ns: str,
    ew: str,
    entry: str,
    *,
    lead: str = "",
    round_no: int | None = None,
    table: int | None = None,
    line: TravellerLine | None = None,
) -> TravellerLine:
    """Record a line as a director types it: (s, 1, '1NS', '2EW', '4S N =')."""
    parsed = parse_entry(entry, Language.EN)
    return services.line_record(
        section=section,
        board_number=board,
        ns_pair=pair(section, ns),
        ew_pair=pair(section, ew),
        result=parsed.result,
        lead=lead,
        round_no=round_no,
        table=table,
        line=line,
    )


def play_rounds(section: Section, rounds: range, entry: str = "4S N =") -> int:
    """Enter `entry` for every board of the stored schedule's rounds; lines made."""
    from movements.models import Seating

    made = 0
    seatings = Seating.objects.filter(section=section, round__in=rounds)
    for seat in seatings.select_related("ns_pair", "ew_pair"):
        if seat.ns_pair is None or seat.ew_pair is None:
            continue
        for board in seat.boards:
            make_result(
                section, board, seat.ns_pair.label, seat.ew_pair.label, entry,
                round_no=seat.round, table=seat.table,
            )  # fmt: skip
            made += 1
    return made


DEAL_1 = "N:AKQ2.T98.76.5432 J54.AKQ.AKQ.KQJT 987.765.5432.A98 T63.J432.JT98.76"


def make_small_evening(
    *, day: date | None = None, boards_per_round: int | None = None, **options: object
) -> Event:
    """3-table Mitchell, boards 1-2 fully played (round 1: board 1, round 2:
    board 2); board 1's deal known. NS: 2NS 6 (75 %), 3NS 4, 1NS 2;
    EW: 3EW 6, 2EW 4, 1EW 2."""
    from tournaments.models import Board

    event = make_event(
        tables=3,
        kind=MITCHELL,
        club=CLUB,
        day=day,
        boards_per_round=boards_per_round,
        **options,
    )
    section = section_of(event)
    for board, round_no, table, ns, ew, entry in (
        (1, 1, 1, "1NS", "1EW", "4S N ="),
        (1, 1, 2, "2NS", "2EW", "4S N +1"),
        (1, 1, 3, "3NS", "3EW", "3NT N ="),
        (2, 2, 1, "1NS", "2EW", "4H S -2"),
        (2, 2, 2, "2NS", "3EW", "4H S -1"),
        (2, 2, 3, "3NS", "1EW", "2H S ="),
    ):
        make_result(section, board, ns, ew, entry, round_no=round_no, table=table)
    Board.objects.filter(session__event=event, number=1).update(deal=DEAL_1)
    return event
