"""The pairs movements clubs ask for (individual-and-social.md §2), stored by
`new_event` and by the movement service: arrow switch with one winner, barometer
boards, the Web Mitchell. The stored seatings are the engine's."""

from __future__ import annotations

import re
from io import StringIO

import pytest
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django.core.management.base import CommandError

from movements import engine
from movements.adapters import stored_movement
from movements.guide_cards import pair_cards, table_cards
from movements.models import Seating, SectionMovement
from movements.proposals import Extras, proposal_build
from movements.selectors import board_copies_of
from movements.services import movement_apply
from scoring.documents.document import Table as DocumentTable
from tests.factories import make_event, section_of
from tournaments.models import Board, Event, Section

pytestmark = pytest.mark.django_db


def run(*args: str) -> str:
    out = StringIO()
    call_command("new_event", "--name", "Club night", *args, stdout=out)
    return out.getvalue()


def stored(section: Section) -> list[tuple[object, ...]]:
    """(round, table, NS seat, EW seat, set, switched) of the stored rows."""
    return [
        (s.round, s.table, s.ns_pair.label if s.ns_pair else None,
         s.ew_pair.label if s.ew_pair else None, s.board_set, s.arrow_switched)
        for s in Seating.objects.filter(section=section).select_related(
            "ns_pair", "ew_pair")
    ]  # fmt: skip


def generated(movement: engine.Movement) -> list[tuple[object, ...]]:
    return [
        (rnd.number, s.table, str(s.ns) if s.ns else None,
         str(s.ew) if s.ew else None, s.board_set, s.arrow_switched)
        for rnd, s in movement.schedule()
    ]  # fmt: skip


def only_section() -> Section:
    return Section.objects.get()


def test_new_event_arrow_switches_the_rounds_asked_and_makes_one_winner() -> None:
    printed = run("--tables", "7", "--movement", "mitchell", "--arrow-switch", "7")
    section = only_section()
    assert "arrow switch in round 7" in printed
    want = engine.mitchell(7, boards_per_round=3, arrow_switch_rounds=[7])
    assert stored(section) == generated(want)
    switched = Seating.objects.filter(section=section, arrow_switched=True)
    assert set(switched.values_list("round", flat=True)) == {7}
    assert switched.count() == 7
    assert not Event.objects.get().two_winners
    labels = set(section.pairs.values_list("label", flat=True))
    assert labels == {str(n) for n in range(1, 15)}


def test_the_suggested_rounds_are_about_one_board_in_eight() -> None:
    """The engine's suggestion, which the movement page ticks."""
    proposal = proposal_build(
        key="mitchell", tables=7, half_table=False, boards_per_round=3
    )
    assert proposal.suggested_switch == (7,)
    fifteen = proposal_build(
        key="mitchell", tables=15, half_table=False, boards_per_round=2
    )
    assert fifteen.suggested_switch == engine.suggested_switch_rounds(15)
    assert len(fifteen.suggested_switch) == 2 and fifteen.suggested_switch[-1] == 15
    howell = proposal_build(
        key="howell", tables=4, half_table=False, boards_per_round=2
    )
    assert howell.suggested_switch == ()


def test_new_event_barometer_gives_every_table_the_round_s_set() -> None:
    printed = run("--tables", "4", "--movement", "howell", "--barometer")
    section = only_section()
    want = engine.barometer(engine.howell(4, boards_per_round=2))
    assert stored(section) == generated(want)
    for number in range(1, 8):
        sets = Seating.objects.filter(section=section, round=number)
        assert set(sets.values_list("board_set", flat=True)) == {number}
    movement = SectionMovement.objects.get(section=section)
    assert movement.barometer
    assert board_copies_of(section) == engine.board_copies(want) == 4
    assert "barometer boards: 4 copies of each" in printed
    assert Event.objects.get().hide_current_round
    # The stored barometer reads back without shares: no problem to show.
    movement_read = stored_movement(section)
    assert movement_read is not None
    assert engine.validate(movement_read) == engine.validate(want)


def test_a_barometer_mitchell_s_cards_give_copies_and_collect_the_boards() -> None:
    run("--tables", "5", "--movement", "mitchell", "--barometer")
    document = table_cards(only_section())
    assert "barometer boards: 5 copies of each board" in document.title
    card = document.blocks[0]
    assert isinstance(card, DocumentTable)
    first = card.rows[0]
    assert first["next_boards"] == "boards are collected; next round boards 4–6"
    assert "barometer: every table plays these boards" in str(first["notes"])
    assert "share" not in str(first["notes"])


def test_new_event_web_mitchell_stores_the_engine_s_and_its_26_boards() -> None:
    printed = run("--tables", "14", "--movement", "mitchell", "--web")
    section = only_section()
    assert "14 tables, mitchell movement of 13 rounds, Web Mitchell of 13 sets" in (
        printed
    )
    assert stored(section) == generated(engine.web_mitchell(14))
    assert SectionMovement.objects.get(section=section).variant == "web"
    boards = Board.objects.filter(session__sections=section)
    assert sorted(boards.values_list("number", flat=True)) == list(range(1, 27))
    assert board_copies_of(section) == 2
    movement_read = stored_movement(section)
    assert movement_read is not None
    errors = [p for p in engine.validate(movement_read) if p.level == "error"]
    assert errors == []


def test_new_event_web_mitchell_with_fewer_sets() -> None:
    run("--tables", "16", "--movement", "mitchell", "--web", "--sets", "9",
        "--boards-per-round", "3")  # fmt: skip
    section = only_section()
    want = engine.web_mitchell(16, sets=9, boards_per_round=3)
    assert stored(section) == generated(want)
    assert (
        Seating.objects.filter(section=section).values("round").distinct().count() == 9
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--tables", "14", "--web", "--sets", "12"],
            "--sets 12: a Web Mitchell needs an odd",
        ),
        (["--tables", "13", "--web"], "even number of tables from 14 to 26"),
        (["--tables", "28", "--web"], "even number of tables from 14 to 26"),
        (["--tables", "14", "--web", "--sets", "5"], "needs 7 to 14 sets"),
        (["--tables", "14", "--sets", "13"], "--sets is for a Web Mitchell"),
        (["--tables", "14", "--web", "--arrow-switch", "3"], "no --arrow-switch"),
        (["--tables", "7", "--arrow-switch", "8"], "cannot arrow-switch round(s) [8]"),
        (["--tables", "7", "--arrow-switch", "0"], "cannot arrow-switch round(s) [0]"),
        (["--tables", "7", "--arrow-switch", "last"], "--arrow-switch: round numbers"),
    ],
)
def test_impossible_requests_name_the_option_and_write_nothing(
    args: list[str], message: str
) -> None:
    with pytest.raises(CommandError, match=re.escape(message)):
        run("--movement", "mitchell", *args)
    assert not Event.objects.exists() and not Seating.objects.exists()


def test_a_howell_takes_neither_an_arrow_switch_nor_a_web() -> None:
    for extra in (["--arrow-switch", "2"], ["--web"]):
        with pytest.raises(CommandError, match="are for --movement mitchell"):
            run("--tables", "4", "--movement", "howell", *extra)
    assert not Event.objects.exists()


def test_the_service_stores_an_arrow_switched_barometer_as_the_engine_makes_it() -> (
    None
):
    event = make_event(tables=5, boards_per_round=2)
    section = section_of(event)
    proposal = proposal_build(
        key="mitchell", tables=5, half_table=False, boards_per_round=2,
        extras=Extras(arrow_switch=(5,), barometer=True),
    )  # fmt: skip
    movement_apply(section=section, movement=proposal.movement, played=())
    want = engine.barometer(
        engine.mitchell(5, boards_per_round=2, arrow_switch_rounds=[5])
    )
    assert stored(section) == generated(want)
    event.refresh_from_db()
    assert (event.two_winners, event.hide_current_round) == (False, True)
    assert SectionMovement.objects.get(section=section).barometer


def test_a_plain_movement_leaves_the_event_s_choices_alone() -> None:
    event = make_event(tables=5, hide_current_round=False)
    assert event.two_winners and not event.hide_current_round
    assert not SectionMovement.objects.get(section=section_of(event)).barometer


def test_a_shared_set_is_not_barometer_boards() -> None:
    """The 3-table Howell shares one set among its tables each round."""
    run("--tables", "3", "--movement", "howell")
    assert not SectionMovement.objects.get().barometer
    assert board_copies_of(only_section()) == 1


def test_extras_that_do_not_fit_the_movement_are_refused() -> None:
    with pytest.raises(ValidationError, match="cannot be arrow-switched"):
        proposal_build(key="howell", tables=4, half_table=False, boards_per_round=2,
                       extras=Extras(arrow_switch=(2,)))  # fmt: skip
    with pytest.raises(ValidationError, match="only for a Web Mitchell"):
        proposal_build(key="mitchell", tables=7, half_table=False, boards_per_round=2,
                       extras=Extras(sets=7))  # fmt: skip
    with pytest.raises(ValidationError, match="cannot have 12 sets"):
        proposal_build(key="mitchell-web", tables=14, half_table=False,
                       boards_per_round=2, extras=Extras(sets=12))  # fmt: skip


def test_a_web_mitchell_s_boards_go_round_within_each_half() -> None:
    run("--tables", "14", "--movement", "mitchell", "--web")
    section = only_section()
    movement = engine.web_mitchell(14)
    cards = {
        b.title: b for b in table_cards(section).blocks if isinstance(b, DocumentTable)
    }
    for rnd in movement.rounds[:-1]:
        following = movement.rounds[rnd.number]
        for s in rnd.seatings:
            half = range(1, 8) if s.table <= 7 else range(8, 15)
            there = [t.table for t in following.seatings
                     if t.board_set == s.board_set and t.table in half]  # fmt: skip
            row = cards[f"Table {s.table}"].rows[rnd.number - 1]
            want = (
                f"boards go to table {there[0]}" if there else "boards go to the relay"
            )
            assert row["next_boards"] == want
            assert "share" not in str(row["notes"])


def test_a_pair_card_says_which_cards_the_pair_plays_in_a_switched_round() -> None:
    run("--tables", "7", "--movement", "mitchell", "--arrow-switch", "7")
    cards = {b.title.split()[1]: b for b in pair_cards(only_section()).blocks
             if isinstance(b, DocumentTable)}  # fmt: skip
    # Pair 1 sits NS at table 1 all evening; pair 8 (EW) meets it in round 1.
    assert cards["1"].rows[0]["sits"] == "NS"
    assert cards["1"].rows[6]["sits"] == "NS (plays the EW cards)"
    assert cards["8"].rows[6]["sits"] == "EW (plays the NS cards)"
    assert cards["8"].rows[0]["sits"] == "EW"


def test_the_director_may_choose_a_plain_even_mitchell_with_barometer_boards():
    proposal = proposal_build(
        key="mitchell",
        tables=8,
        half_table=False,
        boards_per_round=3,
        extras=Extras(barometer=True),
    )
    assert proposal.usable
    assert (proposal.rounds, proposal.boards) == (8, 24)
    with pytest.raises(ValidationError, match="skip or a share-and-relay"):
        proposal_build(key="mitchell", tables=8, half_table=False, boards_per_round=3)
