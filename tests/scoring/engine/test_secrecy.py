"""Which boards the public may see while a session is in play."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from scoring.engine.secrecy import boards_shown


def test_a_board_is_shown_once_every_scheduled_table_has_played_it() -> None:
    scheduled = {1: 7, 2: 7, 3: 7}
    played = {1: 7, 2: 6}
    assert boards_shown([1, 2, 3], scheduled, played) == {1}


def test_a_board_no_schedule_knows_stays_hidden() -> None:
    assert boards_shown([1, 2], {1: 0}, {1: 3, 2: 3}) == frozenset()


@given(
    st.dictionaries(st.integers(1, 36), st.integers(0, 30)),
    st.dictionaries(st.integers(1, 36), st.integers(0, 30)),
)
def test_one_more_result_never_hides_a_board(
    scheduled: dict[int, int], played: dict[int, int]
) -> None:
    boards = range(1, 37)
    before = boards_shown(boards, scheduled, played)
    for board in boards:
        more = {**played, board: played.get(board, 0) + 1}
        assert before <= boards_shown(boards, scheduled, more)
