"""Setting an individual event up: its players, boards and stored movement equal
to the engine's, each player once a round, partners once."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest
from django.core.exceptions import ValidationError

from movements.adapters import stored_individual, stored_movement
from movements.engine.individual import (
    IndividualMovement,
    individual,
    rainbow,
    validate_individual,
)
from movements.models import Seating, SectionMovement
from movements.played import PlayedBoard
from movements.selectors import playing_seatings
from movements.services import individual_apply
from tests.factories import section_of
from tournaments.models import Event, Pair, Section
from tournaments.setup.events import section_create
from tournaments.setup.individuals import RAINBOW, individual_event_create
from tournaments.setup.sessions import session_add

pytestmark = pytest.mark.django_db


Seats = list[tuple[int, int, tuple[int | None, ...]]]
Quads = list[tuple[int, int, tuple[int, int, int, int]]]


def seats_of(section: Section) -> Quads:
    rows = Seating.objects.filter(section=section).select_related(
        "ns_pair", "ew_pair", "south", "west"
    )
    return [
        (
            s.round,
            s.table,
            (s.ns_pair.number, s.ew_pair.number, s.south.number, s.west.number),
        )  # fmt: skip
        for s in rows
        if s.ns_pair and s.ew_pair and s.south and s.west
    ]


def engine_seats(movement: IndividualMovement) -> Seats:
    return [(r.number, s.table, s.players) for r, s in movement.played()]


def test_twelve_players_play_eleven_rounds_of_twenty_two_boards() -> None:
    event = individual_event_create(name="Christmas individual", players=12)
    section = section_of(event)
    assert event.individual and event.scoring == Event.Scoring.MATCHPOINTS
    assert not event.two_winners
    players = list(section.pairs.order_by("number"))
    assert [(p.label, p.direction) for p in players] == [
        (str(n), "") for n in range(1, 13)
    ]
    assert all(not p.players.exists() for p in players)  # named by the director
    boards = list(section.session.boards.values_list("number", flat=True))
    assert boards == list(range(1, 23))
    stored = SectionMovement.objects.get(section=section)
    assert (stored.kind, stored.variant) == ("individual", "cyclic")
    assert (stored.tables, stored.rounds, stored.sets, stored.boards_per_round) == (
        3, 11, 11, 2,
    )  # fmt: skip
    assert stored.complete and stored.phantom == "" and section.tables == 3
    assert seats_of(section) == engine_seats(individual(12))


def test_each_player_sits_once_a_round_and_partners_every_other_once() -> None:
    section = section_of(individual_event_create(name="Twelve", players=12))
    seats = seats_of(section)
    for rnd in range(1, 12):
        seated = [p for r, _t, quad in seats if r == rnd for p in quad]
        assert sorted(seated) == list(range(1, 13))
    partners = Counter(
        frozenset(pair) for _r, _t, (n, e, s, w) in seats for pair in ((n, s), (e, w))
    )
    assert set(partners.values()) == {1}
    assert len(partners) == len(list(combinations(range(1, 13), 2))) == 66


def test_round_one_plays_boards_one_and_two_at_every_table() -> None:
    section = section_of(individual_event_create(name="Twelve", players=12))
    first = Seating.objects.filter(section=section, round=1)
    assert {(s.board_set, s.first_board, s.last_board) for s in first} == {(1, 1, 2)}
    # 12 players: residue 7 (player 8) North, ∞ (player 12) East (§1.2).
    top = first.get(table=1)
    assert [p.label for p in (top.ns_pair, top.ew_pair, top.south, top.west) if p] == [
        "8",
        "12",
        "1",
        "9",
    ]


def test_ten_players_play_the_twelve_player_movement_with_sit_outs() -> None:
    section = section_of(individual_event_create(name="Ten", players=10))
    movement = individual(10)
    assert section.pairs.count() == 10
    stored = SectionMovement.objects.get(section=section)
    assert stored.phantom == "11-12" and not stored.complete
    assert stored.rounds == len(movement.rounds)
    seats = seats_of(section)
    assert seats == engine_seats(movement)
    # every table of every round is stored; a sit-out table has an empty seat
    stored_seatings = Seating.objects.filter(section=section)
    assert stored_seatings.count() == movement.tables * len(movement.rounds)
    assert playing_seatings(section=section).count() == len(seats)
    assert all(11 not in quad and 12 not in quad for _r, _t, quad in seats)
    out = Counter(
        p
        for rnd in range(1, stored.rounds + 1)
        for p in set(range(1, 11)) - {p for r, _t, q in seats if r == rnd for p in q}
    )
    assert sum(out.values()) == 10 * stored.rounds - 4 * len(seats)
    assert all(n >= 1 for n in out.values()) and len(out) == 10


def test_the_stored_ten_player_movement_gives_the_engines_warnings() -> None:
    section = section_of(individual_event_create(name="Ten", players=10))
    restored = stored_individual(section)
    assert restored is not None
    assert validate_individual(restored) == validate_individual(individual(10))
    assert [p.level for p in validate_individual(restored)][:1] == ["warning"]
    assert stored_movement(section) is None  # not a pairs movement


def test_a_rainbow_of_five_tables_meets_every_other_line_once() -> None:
    event = individual_event_create(
        name="Rainbow", kind=RAINBOW, tables=5, boards_per_round=3
    )
    section = section_of(event)
    stored = SectionMovement.objects.get(section=section)
    assert (stored.kind, stored.tables, stored.rounds, stored.sets) == (
        "rainbow", 5, 5, 5,
    )  # fmt: skip
    assert section.pairs.count() == 20
    assert list(section.session.boards.values_list("number", flat=True)) == list(
        range(1, 16)
    )
    assert seats_of(section) == engine_seats(rainbow(5, boards_per_round=3))
    restored = stored_individual(section)
    assert restored is not None and validate_individual(restored) == []
    north = {quad[0] for r, t, quad in seats_of(section) if t == 2}
    assert north == {2}  # North stays at his table


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"players": 4}, "5 to 20 players, not 4"),
        ({"players": 21}, "5 to 20 players, not 21"),
        ({"kind": RAINBOW, "tables": 9}, "cannot have 9 tables"),
        ({"kind": RAINBOW}, "A Rainbow individual needs its tables."),
        ({}, "An individual needs its number of players."),
    ],
)
def test_an_impossible_size_is_refused_and_nothing_is_written(
    options: dict[str, object], message: str
) -> None:
    with pytest.raises(ValidationError) as refused:
        individual_event_create(name="Nope", **options)  # type: ignore[arg-type]
    assert message in " ".join(refused.value.messages)
    assert not Event.objects.exists() and not Pair.objects.exists()


def test_a_movement_is_not_replaced_once_results_are_entered() -> None:
    section = section_of(individual_event_create(name="Twelve", players=12))
    seating = Seating.objects.filter(section=section).first()
    assert seating is not None and seating.ns_pair and seating.ew_pair
    played = [PlayedBoard(seating.first_board, seating.ns_pair, seating.ew_pair)]
    with pytest.raises(ValidationError, match="Results are entered"):
        individual_apply(section=section, movement=individual(13), played=played)
    assert section.pairs.count() == 12


def test_no_pairs_section_or_session_is_added_to_an_individual() -> None:
    event = individual_event_create(name="Twelve", players=12)
    with pytest.raises(ValidationError, match="one section of players"):
        section_create(session=event.sessions.get(), letter="B", tables=3)
    with pytest.raises(ValidationError, match="one section of players"):
        session_add(event=event, kind="mitchell", tables=3)
    assert event.sessions.count() == 1 and Section.objects.count() == 1
