"""The kept and incrementally re-read results equal a full re-score, after any
sequence of entries, corrections, deletions, adjustments and setting changes
(run on SQLite and on PostgreSQL by `make test`)."""

from __future__ import annotations

from contextlib import suppress
from decimal import Decimal
from typing import Any

import pytest
from django.core.exceptions import ValidationError
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.adapters import result_of
from scoring.engine.notation import Language, parse_entry
from scoring.engine.types import Result
from scoring.entry import services
from scoring.models import TravellerLine
from scoring.standings import SessionResults, session_results
from scoring.standings.families import score_loaded
from scoring.standings.load import load_session
from tests.factories import make_event
from tournaments.models import Event, Section
from tournaments.setup.events import pair_name
from tournaments.setup.settings import event_settings_set

pytestmark = pytest.mark.django_db

RESULTS = ["4S N =", "4S N +1", "4S N -1", "3NT S =", "2H E +1", "pass", "5DX W -2"]
ops = st.one_of(
    st.tuples(st.just("enter"), st.integers(0, 35), st.integers(0, 6)),
    st.tuples(st.just("correct"), st.integers(0, 50), st.integers(0, 6)),
    st.tuples(st.just("delete"), st.integers(0, 50)),
    st.tuples(st.just("artificial"), st.integers(0, 50), st.sampled_from(
        [("A60", "A40"), ("A50", "A50"), ("", "")])),
    st.tuples(st.just("assigned"), st.integers(0, 50), st.integers(0, 6)),
    st.tuples(st.just("factoring"), st.sampled_from(["none", "neuberg_ebu"])),
    st.tuples(st.just("move"), st.integers(0, 50), st.integers(0, 8)),
    st.tuples(st.just("names"), st.integers(0, 5), st.sampled_from(["Ana", "Bea"])),
    st.tuples(st.just("policy"), st.sampled_from(["section", "across_field"]),
              st.booleans()),
)  # fmt: skip


def _result(index: int) -> Result:
    return parse_entry(RESULTS[index], Language.EN).result


def _line(section: Section, k: int) -> TravellerLine | None:
    lines = list(TravellerLine.objects.filter(section=section).order_by("id"))
    return lines[k % len(lines)] if lines else None


def _enter(section: Section, k: int, index: int) -> None:
    seating = list(section.seatings.order_by("round", "table"))[k % 9]
    board = seating.first_board + k % 2
    assert seating.ns_pair is not None and seating.ew_pair is not None
    with suppress(ValidationError):  # a line there already: nothing changes
        services.line_record(
            section=section, board_number=board, ns_pair=seating.ns_pair,
            ew_pair=seating.ew_pair, result=_result(index),
            round_no=seating.round, table=seating.table,
        )  # fmt: skip


def _apply(event: Event, section: Section, op: tuple[Any, ...]) -> None:
    kind = op[0]
    if kind == "enter":
        return _enter(section, op[1], op[2])
    if kind == "factoring":
        event_settings_set(event=event, changes={"factoring": op[1]}, user=None)
        return None
    if kind == "policy":
        changes = {"section_scoring": op[1], "avg_plus_uses_session_pct": op[2]}
        event_settings_set(event=event, changes=changes, user=None)
        return None
    if kind == "names":
        pair = list(section.pairs.order_by("id"))[op[1]]
        pair_name(pair=pair, names=[op[2], f"{op[2]} {pair.pk}"])
        return None
    line = _line(section, op[1])
    if line is None:
        return None
    if kind == "correct":
        services.line_record(
            section=section, board_number=line.board.number, ns_pair=line.ns_pair,
            ew_pair=line.ew_pair, result=_result(op[2]), line=line,
        )  # fmt: skip
    elif kind == "move":  # the same table's result entered on another board
        with suppress(ValidationError):
            services.line_record(
                section=section, board_number=1 + op[2], ns_pair=line.ns_pair,
                ew_pair=line.ew_pair, result=result_of(line), line=line,
            )  # fmt: skip
    elif kind == "delete":
        services.line_delete(line=line)
    elif kind == "artificial":
        services.artificial_set(line=line, ns=op[2][0], ew=op[2][1])
    else:
        parts = [(Decimal(100), _result(op[2]))]
        services.assigned_set(line=line, side="NS", parts=parts)
    return None


def _plain(results: SessionResults) -> object:
    standings = [
        (s.pair.label, s.points, s.total, s.percentage, s.boards, s.rank)
        for s in results.standings
    ]
    boards = [
        (b.number, b.expected, [(x.line.id, x.line.tricks, x.points) for x in b.lines])
        for b in results.boards
    ]
    return standings, boards


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(st.lists(ops, min_size=1, max_size=12))
def test_kept_results_equal_a_full_re_score(steps: list[tuple[Any, ...]]) -> None:
    _check(steps)


def _check(steps: list[tuple[Any, ...]]) -> None:
    event = make_event(tables=3, boards_per_round=2)
    session = event.sessions.get()
    section = session.sections.get()
    session_results(session)  # kept from the start
    for op in steps:
        _apply(event, section, op)
        full = score_loaded(load_session(session.__class__.objects.get(pk=session.pk)))
        assert _plain(session_results(session)) == _plain(full), op


@pytest.mark.parametrize(
    "steps",
    [
        [("enter", 0, 0), ("enter", 1, 1), ("move", 0, 3)],  # to another board
        [("enter", 0, 0), ("names", 0, "Ana"), ("correct", 0, 2)],
        [("enter", 0, 0), ("enter", 4, 1), ("policy", "across_field", True)],
    ],
)
def test_kept_results_follow_a_line_moved_a_renamed_pair_and_a_setting(
    steps: list[tuple[Any, ...]],
) -> None:
    _check(steps)
