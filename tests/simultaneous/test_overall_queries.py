"""The overall ranking reads every heat in the same few queries however many
heats, and loads each heat as its own ranking loads it."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from benchmarks.sims_field import build_field, rescore
from scoring.models import AssignedScore, TravellerLine
from scoring.standings.load import LoadedSession, load_session, load_sessions
from tournaments.models import Heat, Session

pytestmark = pytest.mark.django_db


def queries_of(event_id: int, *, public: bool = False) -> int:
    with CaptureQueriesContext(connection) as queries:
        overall = rescore(event_id, public=public)
    assert overall is not None and overall.rows
    return len(queries)


@pytest.mark.parametrize("public", [False, True], ids=["directors", "public"])
def test_the_queries_stay_the_same_as_heats_grow(public: bool) -> None:
    few = queries_of(build_field(2, 3, 4, name="Few"), public=public)
    many = queries_of(build_field(9, 3, 4, name="Many"), public=public)
    assert many == few
    assert few <= 12


def test_the_ranking_covers_every_heat_s_pairs_and_lines() -> None:
    overall = rescore(build_field(4, 3, 5))
    assert len(overall.rows) == 4 * 3 * 2
    assert {r.heat.club.name for r in overall.rows} == {
        f"Sims club {n:03}" for n in range(1, 5)
    }
    assert sorted(overall.boards) == [1, 2, 3, 4, 5]
    assert all(len(lines) == 4 * 3 for lines in overall.boards.values())


def shape(data: LoadedSession) -> tuple[object, ...]:
    """What a load holds, by ids and values (lines compare by identity)."""
    pools = [
        (p.number, p.section_id, p.expected,
         [(x.id, x.board.pk, x.section.pk, x.ns_pair.pk, x.ew_pair.pk, x.score_ns)
          for x in p.lines])
        for p in data.pools
    ]  # fmt: skip
    assigned = {k: [a.pk for a in v] for k, v in data.assigned.items() if v}
    return (data.session.pk, data.policy, data.across, sorted(data.sections),
            sorted(data.pairs), pools, assigned, dict(data.played))  # fmt: skip


def test_each_heat_is_loaded_as_load_session_loads_it() -> None:
    build_field(3, 3, 4)
    line = TravellerLine.objects.filter(board__number=2).order_by("pk")[4]
    AssignedScore.objects.create(line=line, score_ns=600, weight_percent=60)
    AssignedScore.objects.create(line=line, score_ns=-100, weight_percent=40)
    TravellerLine.objects.filter(board__number=3, table=1).delete()  # unplayed
    sessions = list(Session.objects.filter(heat__in=Heat.objects.all()))
    batched = load_sessions(sessions)
    assert sorted(batched) == sorted(s.pk for s in sessions)
    for session in sessions:
        assert shape(batched[session.pk]) == shape(load_session(session))
    assert any(batched[s.pk].assigned for s in sessions)
