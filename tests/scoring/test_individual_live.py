"""An individual plays barometer boards: live standings stop at the last round
every table has finished (individual-and-social.md §1.3, §2)."""

from __future__ import annotations

import pytest

from movements.adapters import stored_individual
from scoring.standings.live import live_results
from tests.individuals.factory import make_individual, record_individual

pytestmark = pytest.mark.django_db


def test_the_round_one_table_is_still_playing_stays_hidden() -> None:
    event = make_individual(12, boards_per_round=2)
    session = event.sessions.get()
    section = session.sections.get()
    movement = stored_individual(section)
    assert movement is not None
    first, second = movement.rounds[0], movement.rounds[1]
    for rnd, tables in ((first, first.seatings), (second, second.seatings[:2])):
        for s in tables:
            seats = tuple(p or 0 for p in s.players)
            for board in movement.boards(s.board_set):
                record_individual(
                    section, board, seats, "4S N =",  # type: ignore[arg-type]
                    round_no=rnd.number, table=s.table,
                )  # fmt: skip
    results, hidden = live_results(session)
    assert hidden == 2
    assert {s.boards for s in results.standings} == {2}  # round 1's two boards
    last = second.seatings[2]
    seats = tuple(p or 0 for p in last.players)
    for board in movement.boards(last.board_set):
        record_individual(
            section, board, seats, "3NT S =",  # type: ignore[arg-type]
            round_no=2, table=last.table,
        )  # fmt: skip
    results, hidden = live_results(session)
    assert hidden is None
    assert {s.boards for s in results.standings} == {4}
