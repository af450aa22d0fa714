"""Storing a section's movement and changing it after results are entered."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest
from django.core.exceptions import ValidationError

from movements import engine
from movements.adapters import stored_movement
from movements.models import Seating, SectionMovement
from movements.proposals import movement_proposals, proposal_build
from movements.selectors import tables_per_board
from movements.services import movement_apply, movement_change
from scoring.entry.played import played_boards
from scoring.models import TravellerLine
from tests.factories import make_event, make_howell, play_rounds, section_of
from tournaments.models import Section

pytestmark = pytest.mark.django_db


def lines_snapshot(section: Section) -> list[tuple[object, ...]]:
    return sorted(
        TravellerLine.objects.filter(section=section).values_list(
            "pk", "board__number", "ns_pair__label", "ew_pair__label", "score_ns"
        )
    )


def schedule_snapshot(section: Section) -> list[tuple[object, ...]]:
    return list(
        Seating.objects.filter(section=section).values_list(
            "round", "table", "ns_pair__label", "ew_pair__label", "first_board"
        )
    )


def test_a_new_event_stores_its_default_mitchell_with_boards() -> None:
    section = section_of(make_event(tables=7))
    stored = SectionMovement.objects.get(section=section)
    assert (stored.variant, stored.rounds, stored.boards_per_round) == ("basic", 7, 3)
    row = Seating.objects.get(section=section, round=2, table=3)
    assert row.ns_pair is not None and row.ew_pair is not None
    assert (row.ns_pair.label, row.ew_pair.label) == ("3NS", "2EW")
    assert list(row.boards) == [10, 11, 12]
    boards = section.session.boards.values_list("number", flat=True)
    assert list(boards) == list(range(1, 22))


def test_the_stored_schedule_reads_back_as_the_engine_movement() -> None:
    section = section_of(make_event(tables=6))
    movement = stored_movement(section)
    assert movement is not None
    expected = engine.mitchell(6, boards_per_round=3, even="skip")
    assert list(movement.schedule()) == list(expected.schedule())
    assert [p for p in engine.validate(movement) if p.level == "error"] == []


def test_a_howell_event_stores_a_complete_howell() -> None:
    section = section_of(make_howell(tables=4))
    movement = stored_movement(section)
    assert movement is not None
    assert (movement.kind, len(movement.rounds), movement.sets) == ("howell", 7, 7)
    first = Seating.objects.get(section=section, round=1, table=2)
    assert first.ns_pair is not None and first.ew_pair is not None
    assert (first.ns_pair.label, first.ew_pair.label) == ("2", "7")


def test_seven_tables_propose_a_mitchell_and_two_howells() -> None:
    proposals = movement_proposals(
        tables=7, half_table=False, boards_per_round=3, preferred="mitchell"
    )
    assert [(p.key, p.rounds, p.boards) for p in proposals] == [
        ("mitchell", 7, 21),
        ("howell", 13, 39),
        ("howell-3/4", 10, 39),
    ]


def test_even_tables_propose_skip_and_relay_and_howell_first_when_preferred() -> None:
    proposals = movement_proposals(
        tables=6, half_table=False, boards_per_round=2, preferred="howell"
    )
    keys = [p.key for p in proposals]
    assert keys == ["howell", "howell-3/4", "mitchell-skip", "mitchell-relay"]
    skip = proposals[2]
    assert (skip.rounds, skip.boards, skip.boards_per_pair) == (5, 12, 10)


def test_a_half_table_makes_a_phantom_whose_opponents_sit_out() -> None:
    (mitchell, *_) = movement_proposals(
        tables=8, half_table=True, boards_per_round=3, preferred="mitchell"
    )
    assert (mitchell.key, mitchell.movement.tables) == ("mitchell", 9)
    assert mitchell.movement.phantom == engine.Pair(9, "NS")
    assert mitchell.sit_outs == 9


def test_applying_a_phantom_movement_removes_the_unused_pair() -> None:
    section = section_of(make_event(tables=9))
    proposal = proposal_build(
        key="mitchell", tables=8, half_table=True, boards_per_round=3
    )
    movement_apply(
        section=section, movement=proposal.movement, played=played_boards(section)
    )
    labels = set(section.pairs.values_list("label", flat=True))
    assert "9NS" not in labels and "9EW" in labels and len(labels) == 17
    row = Seating.objects.get(section=section, round=1, table=9)
    assert row.ew_pair is not None
    assert (row.ns_pair, row.ew_pair.label) == (None, "9EW")


def test_choosing_a_howell_renumbers_the_pairs_and_keeps_their_players() -> None:
    section = section_of(make_event(tables=4))
    first = section.pairs.get(label="1NS")
    first.players.create(seat=1, name="Ann")
    proposal = proposal_build(
        key="howell", tables=4, half_table=False, boards_per_round=2
    )
    movement_apply(
        section=section, movement=proposal.movement, played=played_boards(section)
    )
    first.refresh_from_db()
    assert (first.label, first.direction, first.names) == ("1", "", "Ann")
    assert sorted(section.pairs.values_list("number", flat=True)) == list(range(1, 9))


def test_a_movement_cannot_be_replaced_once_results_are_entered() -> None:
    section = section_of(make_event(tables=7))
    play_rounds(section, range(1, 2))
    before = schedule_snapshot(section)
    howell = proposal_build(
        key="howell", tables=7, half_table=False, boards_per_round=3
    )
    with pytest.raises(ValidationError, match="change the movement from a round"):
        movement_apply(
            section=section, movement=howell.movement, played=played_boards(section)
        )
    assert schedule_snapshot(section) == before


def test_a_pair_leaving_after_round_2_keeps_every_result() -> None:
    section = section_of(make_event(tables=7))
    assert play_rounds(section, range(1, 3)) == 2 * 7 * 3
    before = lines_snapshot(section)
    current = stored_movement(section)
    assert current is not None
    changed = engine.pair_leaves(current, engine.Pair(3, "EW"))
    movement_change(
        section=section, movement=changed, from_round=3, played=played_boards(section)
    )
    assert lines_snapshot(section) == before
    kept = Seating.objects.get(section=section, round=2, table=4)
    assert kept.ns_pair is not None and kept.ew_pair is not None
    assert (kept.ns_pair.label, kept.ew_pair.label) == ("4NS", "3EW")
    now = Seating.objects.get(section=section, round=3, table=5)
    assert now.ns_pair is not None
    assert (now.ns_pair.label, now.ew_pair) == ("5NS", None)
    stored = SectionMovement.objects.get(section=section)
    assert (stored.changed_from_round, stored.phantom) == (3, "3EW")
    assert section.pairs.filter(label="3EW").exists()


def test_a_late_pair_takes_the_phantoms_place_and_results_stay() -> None:
    section = section_of(make_event(tables=7))
    proposal = proposal_build(
        key="mitchell", tables=6, half_table=True, boards_per_round=3
    )
    movement_apply(
        section=section, movement=proposal.movement, played=played_boards(section)
    )
    play_rounds(section, range(1, 3))
    before = lines_snapshot(section)
    current = stored_movement(section)
    assert current is not None
    arrived = engine.pair_arrives(current)
    movement_change(
        section=section, movement=arrived, from_round=3, played=played_boards(section)
    )
    assert lines_snapshot(section) == before
    row = Seating.objects.get(section=section, round=3, table=7)
    assert row.ns_pair is not None and row.ew_pair is not None
    assert (row.ns_pair.label, row.ew_pair.label) == ("7NS", "5EW")
    assert Seating.objects.get(section=section, round=2, table=7).ns_pair is None


def test_a_change_that_strands_an_entered_result_is_refused_with_nothing_changed():
    section = section_of(make_event(tables=7))
    play_rounds(section, range(1, 3))
    before, schedule = lines_snapshot(section), schedule_snapshot(section)
    current = stored_movement(section)
    assert current is not None
    changed = engine.pair_leaves(current, engine.Pair(3, "EW"))
    with pytest.raises(ValidationError, match=r"Board \d+ was entered for \dNS v 3EW"):
        movement_change(
            section=section,
            movement=changed,
            from_round=2,
            played=played_boards(section),
        )
    assert lines_snapshot(section) == before
    assert schedule_snapshot(section) == schedule
    assert SectionMovement.objects.get(section=section).changed_from_round is None


def test_a_restart_that_replays_boards_is_refused() -> None:
    section = section_of(make_event(tables=7))
    play_rounds(section, range(1, 3))
    schedule = schedule_snapshot(section)
    current = stored_movement(section)
    assert current is not None
    restarted = replace(  # the rounds again from round 1: boards come round twice
        current,
        rounds=tuple(
            replace(r, number=n)
            for n, r in enumerate((*current.rounds[5:], *current.rounds[:5]), 1)
        ),
    )
    with pytest.raises(ValidationError, match=r"Pair \d+(NS|EW) would play board"):
        movement_change(
            section=section,
            movement=restarted,
            from_round=3,
            played=played_boards(section),
        )
    assert schedule_snapshot(section) == schedule


@pytest.mark.parametrize(
    ("make", "tables"), [(make_event, 7), (make_event, 6), (make_howell, 4)]
)
def test_tables_per_board_counts_each_playing_seating_once(
    make: object, tables: int
) -> None:
    session = section_of(make(tables=tables)).session  # type: ignore[operator]
    Seating.objects.filter(round=1, table=1).update(ew_pair=None)  # a sit-out
    counted: Counter[int] = Counter()
    for row in Seating.objects.filter(section__session=session):
        if row.ns_pair_id is not None and row.ew_pair_id is not None:
            counted.update(range(row.first_board, row.last_board + 1))
    assert tables_per_board(session) == counted
    assert counted[1] < max(counted.values())  # the sit-out is not counted
