"""A two-session event end to end: a Mitchell, then a Howell with the entries
seated in another order; one entry withdraws after session 1 and a late entry
joins in session 2. The ranking over the sessions is worked out by hand below,
by the sum of the session scores and by the average of the percentages."""

from __future__ import annotations

import json
from fractions import Fraction as F
from io import StringIO

import pytest
from django.core.management import call_command

from scoring.standings.combined import event_ranking
from tests.factories import make_event, make_result
from tournaments.models import Entry, Event, Pair
from tournaments.setup.events import HOWELL, pair_name
from tournaments.setup.sessions import entries_ensure, entries_seat, session_add

pytestmark = pytest.mark.django_db

NAMES = {"1NS": "Ann", "2NS": "Bob", "1EW": "Cy", "2EW": "Di"}


def _named(section_pairs: dict[str, Pair]) -> None:
    for label, name in NAMES.items():
        pair_name(pair=section_pairs[label], names=[name, f"{name}'s partner"])


def play_session_one(event: Event) -> None:
    """Session 1, a 2-table Mitchell, boards 1-3 played twice (top 2 a board).

    Board 1: 1NS v 1EW 4S N = (+420), 2NS v 2EW 4S N -1 (-50):
        NS 1NS 2, 2NS 0; EW 1EW 0, 2EW 2.
    Board 2: 1NS v 2EW 3NT N +1 (+630), 2NS v 1EW 3NT N = (+600):
        NS 1NS 2, 2NS 0; EW 2EW 0, 1EW 2.
    Board 3: 1NS v 1EW 2H S = (+110), 2NS v 2EW 2H S +1 (+140):
        NS 1NS 0, 2NS 2; EW 1EW 2, 2EW 0.
    Totals out of 6: Ann (1NS) 4 = 66.67 %, Bob (2NS) 2 = 33.33 %,
                     Cy (1EW) 4 = 66.67 %, Di (2EW) 2 = 33.33 %.
    """
    section = event.sessions.get(number=1).sections.get()
    _named({p.label: p for p in section.pairs.all()})
    make_result(section, 1, "1NS", "1EW", "4S N =")
    make_result(section, 1, "2NS", "2EW", "4S N -1")
    make_result(section, 2, "1NS", "2EW", "3NT N +1")
    make_result(section, 2, "2NS", "1EW", "3NT N =")
    make_result(section, 3, "1NS", "1EW", "2H S =")
    make_result(section, 3, "2NS", "2EW", "2H S +1")


def entry_of(event: Event, name: str) -> Entry:
    return Entry.objects.get(
        event=event, pairs__players__name=name, pairs__section__session__number=1
    )


def seat_session_two(event: Event) -> None:
    """Session 2, a Howell of 2 tables: Cy at pair 1, Ann 2, Bob 3, and at pair
    4 the late pair Eve; Di withdrew."""
    session = session_add(event=event, kind=HOWELL, tables=2)
    pairs = {p.number: p for p in Pair.objects.filter(section__session=session)}
    entries_seat(
        session=session,
        seats={
            pairs[1].pk: entry_of(event, "Cy").pk,
            pairs[2].pk: entry_of(event, "Ann").pk,
            pairs[3].pk: entry_of(event, "Bob").pk,
            pairs[4].pk: None,
        },
    )
    pair_name(pair=pairs[4], names=["Eve", "Eve's partner"])


def play_session_two(event: Event) -> None:
    """Boards 1-2, twice each (top 2 a board).

    Board 1: 1 Cy v 4 Eve 1NT N = (+90), 3 Bob v 2 Ann 1NT N +1 (+120):
        NS Cy 0, Bob 2; EW Eve 2, Ann 0.
    Board 2: 1 Cy v 2 Ann 4S N = (+620), 4 Eve v 3 Bob 4S N -1 (-100):
        NS Cy 2, Eve 0; EW Ann 0, Bob 2.
    Totals out of 4: Cy 2 = 50 %, Bob 4 = 100 %, Ann 0 = 0 %, Eve 2 = 50 %.
    """
    section = event.sessions.get(number=2).sections.get()
    make_result(section, 1, "1", "4", "1NT N =")
    make_result(section, 1, "3", "2", "1NT N +1")
    make_result(section, 2, "1", "2", "4S N =")
    make_result(section, 2, "4", "3", "4S N -1")


@pytest.fixture
def two_sessions() -> Event:
    event = make_event(tables=2)
    play_session_one(event)
    seat_session_two(event)
    play_session_two(event)
    return event


def by_name(event: Event) -> dict[str, tuple[F, F | None, str]]:
    return {
        row.names.split(" – ")[0]: (row.score, row.percentage, row.rank)
        for row in event_ranking(event)
    }


def test_the_sum_of_session_scores_ranks_the_entries(two_sessions: Event) -> None:
    # Ann 4 + 0 = 4; Bob 2 + 4 = 6; Cy 4 + 2 = 6; Di 2 (withdrew);
    # Eve 2 (late). Bob and Cy share first place.
    assert {k: (v[0], v[2]) for k, v in by_name(two_sessions).items()} == {
        "Bob": (6, "1="),
        "Cy": (6, "1="),
        "Ann": (4, "3"),
        "Di": (2, "4="),
        "Eve": (2, "4="),
    }


def test_the_average_of_percentages_ranks_the_entries(two_sessions: Event) -> None:
    two_sessions.combined_by = Event.CombinedBy.AVERAGE
    two_sessions.save()
    # over the 2 sessions, a session not played counting 0 %:
    # Ann (200/3 + 0) / 2 = 100/3; Bob (100/3 + 100) / 2 = 200/3;
    # Cy (200/3 + 50) / 2 = 175/3; Di (100/3 + 0) / 2 = 50/3; Eve (0 + 50) / 2 = 25
    assert {k: (v[1], v[2]) for k, v in by_name(two_sessions).items()} == {
        "Bob": (F(200, 3), "1"),
        "Cy": (F(175, 3), "2"),
        "Ann": (F(100, 3), "3"),
        "Eve": (F(25), "4"),
        "Di": (F(50, 3), "5"),
    }


def test_a_carry_over_percentage_counts_as_a_third_session(
    two_sessions: Event,
) -> None:
    two_sessions.combined_by = Event.CombinedBy.AVERAGE
    two_sessions.save()
    Entry.objects.filter(pk=entry_of(two_sessions, "Ann").pk).update(carry_over=70)
    # Ann (200/3 + 0 + 70) / 3 = 410/9 = 45.56; Bob (100/3 + 100 + 0) / 3 = 400/9
    found = by_name(two_sessions)
    assert found["Ann"][1] == F(410, 9) and found["Bob"][1] == F(400, 9)
    assert found["Cy"][1] == F(350, 9)  # (200/3 + 50) / 3


def test_entries_carry_over_whatever_their_pair_number(two_sessions: Event) -> None:
    rows = {r.names.split(" – ")[0]: r for r in event_ranking(two_sessions)}
    assert [s.session for s in rows["Ann"].sessions] == [1, 2]
    assert [s.session for s in rows["Di"].sessions] == [1]
    assert [s.session for s in rows["Eve"].sessions] == [2]
    # Ann sat 1NS then pair 2 of the Howell: no single direction
    assert rows["Ann"].direction == ""
    assert len(entries_ensure(two_sessions)) == 5  # Eve is an entry now


def test_results_json_writes_event_rankings_beside_the_sessions(
    two_sessions: Event,
) -> None:
    out = StringIO()
    call_command("results", str(two_sessions.pk), "--json", stdout=out)
    data = json.loads(out.getvalue())
    assert {r["session"] for r in data["rankings"]} == {1, 2}
    rows = data["event_rankings"]
    assert all(
        set(r) == {"names", "direction", "sessions", "score", "percentage", "rank"}
        for r in rows
    )
    bob = next(r for r in rows if r["names"].startswith("Bob"))
    assert (bob["score"], bob["rank"]) == (6.0, "1=")
    assert bob["percentage"] == 66.67  # shown beside the sum: (100/3 + 100) / 2
    assert bob["sessions"] == [
        {"session": 1, "score": 2.0, "percentage": 33.33},
        {"session": 2, "score": 4.0, "percentage": 100.0},
    ]


def test_a_session_added_but_not_played_changes_nothing(two_sessions: Event) -> None:
    two_sessions.combined_by = Event.CombinedBy.AVERAGE
    two_sessions.save()
    before = by_name(two_sessions)
    session_add(event=two_sessions, kind=HOWELL, tables=2)
    assert by_name(two_sessions) == before
