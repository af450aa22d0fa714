"""Each board's lines counted by result and points (``field_boards``), kept
from one overall to the next while the board's heat pools and its points are
the same objects, and counted again when either changes: the frequencies then
are those counted afresh."""

from __future__ import annotations

from collections import Counter

import pytest

from benchmarks.sims_field import build_field
from scoring.live.results_cache import fields_forget
from scoring.models import TravellerLine
from scoring.standings.field_boards import BoardCounts
from scoring.standings.simultaneous import Overall, overall_of
from tournaments.models import Event, Simultaneous

pytestmark = pytest.mark.django_db


def counted(overall: Overall) -> dict[int, BoardCounts]:
    return {board.number: board.counts for board in overall.fields}


def frequencies(overall: Overall) -> dict[int, Counter[object]]:
    """Each board's lines by score and points' values, however they share them."""
    found: dict[int, Counter[object]] = {}
    for number, counts in counted(overall).items():
        found[number] = Counter()
        for score, got, lines in counts:
            found[number][(score, got)] += lines
    return found


def by_lines(overall: Overall) -> dict[int, Counter[object]]:
    """The same from every line of every board, nothing kept."""
    found: dict[int, Counter[object]] = {}
    for number, lines in overall.boards.items():
        found[number] = Counter(
            (None if line.ns_artificial or line.ew_artificial else line.score_ns, got)
            for _heat, line, got in lines
        )
    return found


def afresh(simultaneous: Simultaneous) -> Overall:
    fields_forget()
    found = overall_of(simultaneous)
    fields_forget()
    return found


@pytest.fixture
def simultaneous() -> Simultaneous:
    fields_forget()
    event_id = build_field(3, 3, 4, name="Counted")
    return Simultaneous.objects.select_related("event").get(event_id=event_id)


def test_each_boards_counts_are_kept_while_nothing_changed(
    simultaneous: Simultaneous,
) -> None:
    before = counted(overall_of(simultaneous))
    after = counted(overall_of(simultaneous))
    assert before.keys() == after.keys() == {1, 2, 3, 4}
    assert all(after[n] is before[n] for n in before)


def test_a_result_counts_its_board_again_and_no_other(
    simultaneous: Simultaneous,
) -> None:
    before = counted(overall_of(simultaneous))
    line = TravellerLine.objects.filter(board__number=2).order_by("pk").first()
    assert line is not None
    TravellerLine.objects.filter(pk=line.pk).update(score_ns=-1430)
    overall = overall_of(simultaneous)
    after = counted(overall)
    assert after[2] is not before[2]
    assert all(after[n] is before[n] for n in (1, 3, 4))
    assert (-1430, 1) in {(score, lines) for score, _got, lines in after[2]}
    assert frequencies(overall) == by_lines(overall)
    assert frequencies(overall) == frequencies(afresh(simultaneous))


def test_new_points_on_the_same_pools_count_the_board_again(
    simultaneous: Simultaneous,
) -> None:
    """The factoring changed: a board short of a result has new points, its
    pools the same."""
    short = TravellerLine.objects.filter(board__number=1).order_by("pk").first()
    assert short is not None
    short.delete()
    before = overall_of(simultaneous)
    factoring = simultaneous.event.factoring
    other = next(f for f in Event.Factoring if f not in (factoring, "none"))
    Event.objects.filter(pk=simultaneous.event_id).update(factoring=other)
    simultaneous = Simultaneous.objects.select_related("event").get(pk=simultaneous.pk)
    overall = overall_of(simultaneous)
    was, now = (o.fields[0].parts for o in (before, overall))
    assert all(a is b for (_h, a), (_g, b) in zip(was, now, strict=True))
    assert frequencies(overall)[1] != frequencies(before)[1]
    assert frequencies(overall) == by_lines(overall)
    assert frequencies(overall) == frequencies(afresh(simultaneous))
