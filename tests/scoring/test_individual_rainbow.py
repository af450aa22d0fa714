"""A 5-table Rainbow individual ranked by compass line (spec §1.3, §1.5)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from movements.engine.individual import compass_line
from scoring.reports.results_json import event_json
from scoring.reports.rows import ranking_groups
from scoring.standings import session_results
from scoring.standings.families import score_loaded
from scoring.standings.load import load_session
from tests.individuals.factory import make_individual, play_individual
from tests.scoring.test_individual_standings import rotating
from tournaments.models import Event, Player
from tournaments.setup.individuals import RAINBOW

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("two_winners", [True, False])
def test_a_rainbow_ranks_each_compass_line_on_its_own_when_asked(
    two_winners: bool,
) -> None:
    event = make_individual(
        kind=RAINBOW, tables=5, boards_per_round=1, two_winners=two_winners
    )
    movement = play_individual(event, rotating)
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


def test_a_handicapped_rainbow_ranks_each_line_on_percentage_plus_handicap() -> None:
    event = make_individual(
        kind=RAINBOW, tables=5, boards_per_round=1, two_winners=True
    )
    Event.objects.filter(pk=event.pk).update(handicapped=True)
    Player.objects.filter(pair__section__session__event=event).update(handicap=0)
    # North's last player on percentage gets a handicap that puts him first
    play_individual(event, rotating)
    plain = score_loaded(load_session(event.sessions.get()))  # not kept
    north = [s for s in plain.standings if s.compass == "N"]
    last = north[-1].pair
    Player.objects.filter(pair=last).update(handicap=Decimal(50))
    results = session_results(event.sessions.get())
    titles = [title for title, _rows in ranking_groups(results)]
    assert titles[0] == "Section A · North players" and len(titles) == 4
    first = results.standings[0]
    assert first.pair.pk == last.pk and first.rank == "1" and first.compass == "N"
    assert first.handicapped == (first.percentage or 0) + 50
    assert [s.compass for s in results.standings] == ["N"] * 5 + ["E"] * 5 + [
        "S"
    ] * 5 + ["W"] * 5
    assert [s.rank for s in results.standings if s.compass == "E"][0].startswith("1")
