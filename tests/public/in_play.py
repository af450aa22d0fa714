"""A session in play for the secrecy tests: a 3-table Mitchell of 2 boards a
round, round 1 played, round 2 finished by tables 1 and 2 but not table 3;
every board dealt and solved, each with its own distinctive deal, par and scores.

What the public may see is worked out here from the stored schedule and the
lines entered, never by asking the code under test."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from django.db.models import QuerySet

from movements.models import Seating
from movements.proposals import Extras, proposal_build
from movements.services import movement_apply
from scoring.models import TravellerLine
from tests.factories import CLUB, make_event, make_result, section_of
from tournaments.models import Board, Club, Event, Person, Player, Section, Session

TABLES = 3
BOARDS = 6
# One entry per line, in the order the lines are entered; each scores a number
# no other line of the session (nor anything else on a page) scores.
ENTRIES = ("7NT S =", "6NT N +1", "7S N =", "6S S +1", "7D N =",
           "6D S +1", "7NTX S =", "7SX N =", "6SX N +1", "6NTX S =")  # fmt: skip
MEMBER = "SECRECY-7"
# Round 1 played at every table; round 2 by tables 1 and 2, table 3 still on it.
PLAYED = {1: (1, 2, 3), 2: (1, 2)}


def deal(number: int) -> str:
    """Board ``number``'s deal: North's spades tell it from every other board."""
    low = "765432"[number - 1]
    spades = f"AKQJ98{low}"
    rest = "".join(c for c in "T765432" if c != low)
    return f"N:{spades}.AKQJ98.. {rest}.T765432.. ..AKQJT98765432. ...AKQJT98765432"


def analysis(number: int) -> dict[str, object]:
    tricks = {s: {t: 7 for t in ("NT", "S", "H", "D", "C")} for s in "NSEW"}
    par = {"score_ns": par_score(number), "contracts": ["7S N"]}
    return {"deal": deal(number), "double_dummy": tricks, "par": par}


def par_score(number: int) -> int:
    return 3000 + 10 * number


@dataclass(frozen=True)
class InPlay:
    event: Event
    session: Session
    played_rounds: dict[int, tuple[int, ...]]  # round: tables that played it

    def schedule(self) -> list[Seating]:
        return list(
            Seating.objects.filter(
                section__session=self.session,
                ns_pair__isnull=False,
                ew_pair__isnull=False,
            )
        )

    def round_in_play(self) -> int | None:
        """The latest round with some but not all of its scheduled lines."""
        expected: Counter[int] = Counter()
        for seat in self.schedule():
            expected[seat.round] += len(list(seat.boards))
        rounds = self.lines().exclude(round=None).values_list("round", flat=True)
        played = Counter(r for r in rounds if r is not None)
        partly = [r for r, n in played.items() if 0 < n < expected[r]]
        return max(partly, default=None)

    def lines(self) -> QuerySet[TravellerLine]:
        return TravellerLine.objects.filter(board__session=self.session)

    def visible(self, *, barometer: bool) -> set[int]:
        """The boards every scheduled table has played (none hidden once
        released), less those played in the round in play with the barometer."""
        self.session.refresh_from_db()
        if self.session.released:
            return set(range(1, BOARDS + 1))
        scheduled = Counter(b for s in self.schedule() for b in s.boards)
        played = Counter(self.lines().values_list("board__number", flat=True))
        seen = {b for b in scheduled if played[b] >= scheduled[b]}
        hidden_round = self.round_in_play() if barometer else None
        cut = set(
            self.lines()
            .filter(round=hidden_round)
            .values_list("board__number", flat=True)
        )
        return seen - cut

    def secrets(self, number: int) -> list[str]:
        """What tells board ``number`` apart: its lines' scores, its deal's
        North spades (as the PBN and as a page print them) and its par."""
        scores = [_score(line) for line in self.lines().filter(board__number=number)]
        spades = deal(number)[2:9]
        return [*scores, spades, f"Par NS {par_score(number)}"]


def _score(line: TravellerLine) -> str:
    assert line.score_ns is not None
    return str(abs(line.score_ns))


def make_in_play(
    *,
    barometer: bool,
    rounds: tuple[int, ...] = (1, 2),
    club: str = CLUB,
    same_boards: bool = False,
) -> InPlay:
    """The session in play; ``rounds``: the rounds entered (a copy without the
    round in play leaves round 2 out, in a club of its own); ``same_boards``:
    every table plays the same boards each round (barometer boards)."""
    event = make_event(tables=TABLES, boards_per_round=2, club=club, published=True)
    if same_boards:
        proposal = proposal_build(
            key="mitchell", tables=TABLES, half_table=False, boards_per_round=2,
            extras=Extras(barometer=True),
        )  # fmt: skip
        movement_apply(section=section_of(event), movement=proposal.movement, played=())
    Event.objects.filter(pk=event.pk).update(hide_current_round=barometer)
    event.refresh_from_db()
    Club.objects.filter(event=event).update(publish_players=True)
    # E as the schedule has it: a board's tops do not follow the results in.
    Section.objects.filter(session__event=event).update(expected_results=TABLES)
    session = event.sessions.get()
    for number in range(1, BOARDS + 1):
        Board.objects.update_or_create(
            session=session,
            number=number,
            defaults={"deal": deal(number), "analysis": analysis(number)},
        )
    played = {r: t for r, t in PLAYED.items() if r in rounds}
    _enter(section_of(event), played)
    _name_players(event)
    return InPlay(event, session, played)


def _enter(section: Section, played: dict[int, tuple[int, ...]]) -> None:
    """The lines of the tables that played each round, one entry each."""
    entries = iter(ENTRIES)
    seatings = Seating.objects.filter(section=section).order_by("round", "table")
    for seat in seatings.select_related("ns_pair", "ew_pair"):
        if seat.table not in played.get(seat.round, ()):
            continue
        assert seat.ns_pair is not None and seat.ew_pair is not None
        for board in seat.boards:
            make_result(
                section, board, seat.ns_pair.label, seat.ew_pair.label,
                next(entries), round_no=seat.round, table=seat.table,
            )  # fmt: skip


def _name_players(event: Event) -> None:
    """Every pair its players; the first EW pair's first a member of the club."""
    section = section_of(event)
    for pair in section.pairs.order_by("direction", "number"):
        for seat in (1, 2):
            name = f"Player {pair.label}{seat}"
            Player.objects.create(pair=pair, seat=seat, name=name)
    first = section.pairs.filter(direction="EW").order_by("number").first()
    assert first is not None
    assert event.club is not None
    person = Person.objects.create(club=event.club, name="Mover", national_id=MEMBER)
    first.players.filter(seat=1).update(person=person, national_id=MEMBER)
