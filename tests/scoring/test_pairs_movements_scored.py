"""Pairs movements clubs ask for, scored (individual-and-social.md §2): a one-winner
arrow-switched Mitchell ranks every pair in one list, each result matchpointed with
the cards the pair held; the live standings of a barometer show the rounds up to the
last one every table has finished."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse

from movements.models import Seating
from movements.proposals import Extras, proposal_build
from movements.services import movement_apply
from scoring.models import TravellerLine
from scoring.standings.families import session_results
from scoring.standings.live import live_results
from tests.factories import add_section, make_event, make_result, section_of
from tournaments.models import Event, Section

pytestmark = pytest.mark.django_db


def store(event: Event, extras: Extras) -> Section:
    """A 3-table Mitchell of one board a round, with the extras."""
    section = section_of(event)
    proposal = proposal_build(
        key="mitchell", tables=3, half_table=False, boards_per_round=1, extras=extras
    )
    movement_apply(section=section, movement=proposal.movement, played=())
    return section


def play(section: Section, rounds: range, tables: range = range(1, 4)) -> None:
    """Enter every board of the rounds' tables as the holders of the cards played
    it: 4S by North, one overtrick when pair 1 holds the NS cards."""
    seatings = Seating.objects.filter(
        section=section, round__in=rounds, table__in=tables
    ).select_related("ns_pair", "ew_pair")
    for s in seatings:
        ns, ew = (s.ew_pair, s.ns_pair) if s.arrow_switched else (s.ns_pair, s.ew_pair)
        assert ns is not None and ew is not None  # no sit-out in these movements
        for board in s.boards:
            entry = "4S N +1" if ns.label == "1" else "4S N ="
            make_result(section, board, ns.label, ew.label, entry,
                        round_no=s.round, table=s.table)  # fmt: skip


def test_a_one_winner_arrow_switched_mitchell_is_ranked_in_one_list() -> None:
    event = make_event(tables=3, boards_per_round=1)
    section = store(event, Extras(arrow_switch=(3,)))
    event.refresh_from_db()
    assert not event.two_winners
    play(section, range(1, 4))
    # Round 3 is switched: at table 1 pair 1 sits NS against 5, who holds the NS
    # cards of board 3.
    switched = Seating.objects.filter(section=section, round=3, table=1)
    assert list(switched.values_list("ns_pair__label", "ew_pair__label")) == [
        ("1", "5")
    ]
    line = TravellerLine.objects.get(
        section=section, board__number=3, ew_pair__label="1"
    )
    assert line.ns_pair.label == "5"
    results = session_results(event.sessions.get())
    by_label = {s.pair.label: s for s in results.standings}
    assert sorted(by_label) == ["1", "2", "3", "4", "5", "6"]
    # One list (pairs 4 and 6 have 1.5 of 6 each, see below): places 1 to 6,
    # not a list for each direction.
    ranked = sorted((s.rank, s.pair.label) for s in results.standings)
    assert ranked == [("1", "1"), ("2", "5"), ("3=", "2"), ("3=", "3"),
                      ("5=", "4"), ("5=", "6")]  # fmt: skip
    # By hand (top 2 a board): pair 1 holds the NS cards of boards 1 and 2 (450
    # against two 420s: 2 each) and the EW cards of board 3 (all 420: 1): 5 of 6.
    assert by_label["1"].percentage == Fraction(500, 6)
    # Pair 4: EW against pair 1 on board 1 (0), NS cards of board 2 against pair
    # 3 in the switched round (420 against 450 and 420: 0.5), EW on board 3 (1).
    assert by_label["4"].percentage == 25
    # Pair 5: EW on board 1 (1.5), EW on board 2 (1.5), NS cards of board 3 (1).
    assert by_label["5"].percentage == Fraction(400, 6)


def places(event: Event) -> tuple[dict[str, int], int | None]:
    """Each pair's boards counted in the live standings, and the round hidden."""
    results, hidden = live_results(event.sessions.get())
    return {s.pair.label: s.boards for s in results.standings}, hidden


def test_barometer_live_standings_wait_for_every_table_to_finish_a_round(
    client: Client,
) -> None:
    event = make_event(tables=3, boards_per_round=1, published=True)
    section = store(event, Extras(barometer=True))
    event.refresh_from_db()
    assert event.hide_current_round
    play(section, range(1, 2))
    play(section, range(2, 3), tables=range(1, 3))  # table 3 is still playing
    play(section, range(3, 4), tables=range(1, 2))  # table 1 went on to round 3
    boards, hidden = places(event)
    assert hidden == 2
    assert set(boards.values()) == {1}  # round 1 only, although 2 and 3 began
    page = client.get(reverse("public:live", args=[event.sessions.get().pk]))
    assert "Round 2 is in play" in re.sub(r"\s+", " ", page.content.decode())
    play(section, range(2, 3), tables=range(3, 4))  # round 2 finished
    boards, hidden = places(event)
    assert hidden == 3
    assert set(boards.values()) == {2}
    play(section, range(3, 4), tables=range(2, 4))
    boards, hidden = places(event)
    assert hidden is None
    assert set(boards.values()) == {3}


def test_another_section_s_results_do_not_finish_a_barometer_round() -> None:
    event = make_event(tables=3, boards_per_round=1)
    barometer = store(event, Extras(barometer=True))
    plain = add_section(event, "B", 3)
    proposal = proposal_build(
        key="mitchell", tables=3, half_table=False, boards_per_round=1
    )
    movement_apply(section=plain, movement=proposal.movement, played=())
    play(barometer, range(1, 2))
    play(barometer, range(2, 3), tables=range(1, 3))
    play(plain, range(1, 3))  # section B has finished round 2
    _boards, hidden = places(event)
    assert hidden == 2


def play_untimed(section: Section, rounds: range) -> None:
    """Enter the rounds as a director types a traveller: no table, no round."""
    seatings = Seating.objects.filter(section=section, round__in=rounds)
    for s in seatings.select_related("ns_pair", "ew_pair"):
        assert s.ns_pair is not None and s.ew_pair is not None
        for board in s.boards:
            make_result(section, board, s.ns_pair.label, s.ew_pair.label, "4S N =")


def test_a_barometer_line_typed_without_round_takes_it_from_the_movement() -> None:
    event = make_event(tables=3, boards_per_round=1)
    section = store(event, Extras(barometer=True))
    play_untimed(section, range(1, 4))
    lines = TravellerLine.objects.filter(section=section)
    for line in lines.select_related("board"):
        seating = Seating.objects.get(
            section=section, ns_pair=line.ns_pair, ew_pair=line.ew_pair
        )
        assert (line.round, line.table) == (seating.round, seating.table)
        assert line.board.number == seating.first_board
    boards, hidden = places(event)
    assert hidden is None and set(boards.values()) == {3}


def test_a_barometer_line_the_movement_does_not_seat_is_refused_naming_the_round():
    event = make_event(tables=3, boards_per_round=1)
    section = store(event, Extras(barometer=True))
    # Board 1 is round 1's: pairs 1NS and 1EW meet there, not 1NS and 2EW.
    with pytest.raises(ValidationError, match="Round: in a barometer session"):
        make_result(section, 1, "1NS", "2EW", "4S N =")
    assert not TravellerLine.objects.exists()
    line = make_result(section, 1, "1NS", "2EW", "4S N =", round_no=1, table=1)
    assert (line.round, line.table) == (1, 1)


def test_a_line_without_round_outside_a_barometer_keeps_none() -> None:
    event = make_event(tables=3, boards_per_round=1)
    section = store(event, Extras())
    line = make_result(section, 1, "1NS", "1EW", "4S N =")
    assert (line.round, line.table) == (None, None)
