"""The overall ranking kept between requests (``scoring.standings.heats``):
after any change to any heat, made by any writer, it is exactly the ranking
scored afresh, and a result arriving reads its board again, not the field."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from benchmarks.sims_field import build_field
from scoring.live.results_cache import fields_forget
from scoring.models import AssignedScore, TravellerLine
from scoring.standings.field_boards import BoardCounts
from scoring.standings.secrecy import public_overall
from scoring.standings.simultaneous import Overall, overall_of
from tournaments.models import Event, Heat, Pair, Session, Simultaneous

pytestmark = pytest.mark.django_db


def shape(overall: Overall | None) -> tuple[object, ...]:
    """Everything the pages show of an overall, by ids and exact values."""
    assert overall is not None
    rows = [
        (r.heat.pk, r.pair.pk, r.pair.names, r.score, r.percentage, r.rank,
         r.club_rank)
        for r in overall.rows
    ]  # fmt: skip
    boards = {
        n: sorted((heat.pk, line.id, line.score_ns, got) for heat, line, got in lines)
        for n, lines in overall.boards.items()
    }
    counted = {board.number: _lines_counted(board.counts) for board in overall.fields}
    return rows, boards, counted


def _lines_counted(counts: BoardCounts) -> Counter[object]:
    """A board's kept counts by score and points' values (the frequencies)."""
    found: Counter[object] = Counter()
    for score, got, lines in counts:
        found[(score, got)] += lines
    return found


def afresh(score: Callable[[], Overall | None]) -> tuple[object, ...]:
    fields_forget()
    found = shape(score())
    fields_forget()
    return found


def _line(seed: int) -> TravellerLine:
    lines = list(TravellerLine.objects.order_by("pk"))
    return lines[seed % len(lines)]


def rescored(seed: int) -> None:
    TravellerLine.objects.filter(pk=_line(seed).pk).update(score_ns=seed * 10 - 500)


def removed(seed: int) -> None:
    TravellerLine.objects.filter(pk=_line(seed).pk).delete()


def adjusted(seed: int) -> None:
    """The line's assigned score (one: a second of 100 % would weigh 200 %)."""
    line = _line(seed)
    AssignedScore.objects.filter(line=line).delete()
    AssignedScore.objects.create(line=line, score_ns=420, weight_percent=100)


def renamed(seed: int) -> None:
    pairs = list(Pair.objects.order_by("pk"))
    pair = pairs[seed % len(pairs)]
    pair.players.update(name=f"Renamed {seed}")


def refactored(seed: int) -> None:
    choices = list(Event.Factoring)
    Event.objects.filter(simultaneous__isnull=False).update(
        factoring=choices[seed % len(choices)]
    )


def reopened(seed: int) -> None:
    heats = list(Session.objects.filter(heat__isnull=False).order_by("pk"))
    session = heats[seed % len(heats)]
    Session.objects.filter(pk=session.pk).update(released=not session.released)


EDITS = (rescored, removed, adjusted, renamed, refactored, reopened)


@settings(max_examples=12, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])  # fmt: skip
@given(
    edits=st.lists(
        st.tuples(st.sampled_from(EDITS), st.integers(0, 10_000)),
        min_size=1,
        max_size=6,
    ),
    public=st.booleans(),
)
def test_the_kept_overall_is_the_overall_scored_afresh(
    edits: list[tuple[Callable[[int], None], int]], public: bool
) -> None:
    with transaction.atomic():
        fields_forget()
        event_id = build_field(3, 3, 4)
        simultaneous = Simultaneous.objects.select_related("event")

        def score() -> Overall | None:
            found = simultaneous.get(event_id=event_id)
            return public_overall(found) if public else overall_of(found)

        assert shape(score()) == afresh(score)
        for edit, seed in edits:
            shape(score())  # kept
            edit(seed)
            assert shape(score()) == afresh(score), edit.__name__
        transaction.set_rollback(True)


def queries_of(step: Callable[[], object]) -> int:
    with CaptureQueriesContext(connection) as queries:
        step()
    return len(queries)


@pytest.mark.parametrize("clubs", [2, 9])
def test_a_result_arriving_reads_its_board_again_not_the_field(clubs: int) -> None:
    event_id = build_field(clubs, 3, 4, name=f"Field {clubs}")
    simultaneous = Simultaneous.objects.select_related("event").get(event_id=event_id)
    overall_of(simultaneous)
    line = TravellerLine.objects.filter(board__number=2).order_by("pk").first()
    assert line is not None
    TravellerLine.objects.filter(pk=line.pk).update(score_ns=-1430)
    with CaptureQueriesContext(connection) as queries:
        overall = overall_of(simultaneous)
    read = " ".join(q["sql"] for q in queries.captured_queries)
    assert read.count('FROM "scoring_travellerline"') == 1
    assert 'FROM "tournaments_pair"' not in read  # the pairs are kept
    assert len(queries) <= 8
    assert shape(overall) == afresh(lambda: overall_of(simultaneous))


def test_a_heat_added_later_enters_the_kept_overall() -> None:
    event_id = build_field(2, 3, 4, name="Early")
    simultaneous = Simultaneous.objects.select_related("event").get(event_id=event_id)
    before = overall_of(simultaneous)
    later = Heat.objects.order_by("pk").last()
    assert later is not None
    other = build_field(1, 3, 4, name="Late")  # its heat moved into the first
    Heat.objects.filter(simultaneous__event_id=other).update(simultaneous=simultaneous)
    after = overall_of(simultaneous)
    assert len(after.rows) == len(before.rows) + 6
    assert shape(after) == afresh(lambda: overall_of(simultaneous))
