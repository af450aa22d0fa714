"""A 5-table Rainbow individual ranked by compass line (spec §1.3, §1.5)."""

from __future__ import annotations

import pytest

from movements.engine.individual import compass_line, rainbow
from scoring.reports.results_json import event_json
from scoring.reports.rows import ranking_groups
from scoring.standings import session_results
from tests.individual import make_individual, play_individual
from tests.scoring.test_individual_standings import rotating

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("two_winners", [True, False])
def test_a_rainbow_ranks_each_compass_line_on_its_own_when_asked(
    two_winners: bool,
) -> None:
    movement = rainbow(5, boards_per_round=1)
    event = make_individual(movement=movement, two_winners=two_winners)
    play_individual(event, rotating, movement)
    results = session_results(event.sessions.get())
    assert len(results.standings) == 20
    groups = ranking_groups(results)
    if not two_winners:
        assert [title for title, _rows in groups] == ["Section A"]
        assert [s.compass for s in results.standings] == [""] * 20
        return
    titles = [title for title, _rows in groups]
    assert titles == [
        "Section A · North players",
        "Section A · East players",
        "Section A · South players",
        "Section A · West players",
    ]
    for s in results.standings:
        assert s.compass == compass_line(movement, s.pair.number)
    rankings = event_json(event)["rankings"]
    assert {(r["player"], r["compass"]) for r in rankings} == {
        (p, compass_line(movement, p)) for p in range(1, 21)
    }
    for _title, rows in groups:
        assert len(rows) == 5
        assert rows[0].rank.startswith("1")
        percentages = [row.percentage or 0 for row in rows]
        assert percentages == sorted(percentages, reverse=True)
