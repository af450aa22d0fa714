"""What real programs write, imported as it is meant: NZ Scorer's generic PAIRS
event, its NP lines and its factored tops (a phantom's missing results), and
Compscore's written scores and unrounded Neuberg totals. Each small file in
``tests/data/usebio`` is shaped like the real ones and imported through the
command; its numbers must come back as written."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from scoring.models import AssignedScore, ChangeLog, TravellerLine
from tests.factories import CLUB, join
from tests.paths import FIXTURES
from tests.usebio import (
    DATA,
    edited,
    event_element,
    import_command,
    results_json,
    text,
    written_points,
    written_standings,
)
from tournaments.models import Director, Event, Section

PHANTOM = DATA / "nz_scorer_howell_phantom.xml"
NOT_PLAYED = DATA / "nz_scorer_not_played.xml"
NP_AS_PASS = DATA / "nz_scorer_np_as_pass.xml"
JFR_MEDIAN = DATA / "jfr_butler_median.xml"
ACROSS = DATA / "compscore_across_sections.xml"
WRITTEN = DATA / "compscore_written_score.xml"
UNROUNDED = DATA / "compscore_unrounded_neuberg.xml"
BUTLER = FIXTURES / "usebio_butler_howell_8pairs.xml"
CROSS_IMP = FIXTURES / "usebio_cross_imp_howell_9pairs.xml"

pytestmark = pytest.mark.django_db


def our_points(results: dict, *, factored: bool = False) -> dict:
    key = "factored" if factored else "points"
    return {
        (b["number"], x["ns"], x["ew"]): (
            Decimal(str(x[f"ns_{key}"])),
            Decimal(str(x[f"ew_{key}"])),
        )
        for b in results["boards"]
        for x in b["lines"]
        if x["ns_points"] is not None
    }


def our_standings(results: dict) -> dict[str, tuple[Decimal, Decimal, str]]:
    return {
        r["pair"]: (
            Decimal(str(r["score"])).quantize(Decimal("0.01")),
            Decimal(str(r["percentage"])).quantize(Decimal("0.01")),
            r["rank"].rstrip("="),
        )
        for r in results["rankings"]
    }


def percentages(standings: dict[str, tuple[Decimal, Decimal, str]]) -> dict:
    """Percentage and place only: NZ Scorer writes the percentage as the total."""
    return {pair: (pct, place) for pair, (_total, pct, place) in standings.items()}


def test_a_pairs_event_is_scored_as_its_lines_points_say() -> None:
    _out, event_id = import_command(PHANTOM)
    event = Event.objects.get(pk=event_id)
    assert (event.scoring, event.two_winners) == (Event.Scoring.MATCHPOINTS, False)


def test_a_phantoms_missing_results_are_expected_as_the_files_tops_say() -> None:
    out, event_id = import_command(PHANTOM)
    assert "section A: 3 results expected per board" in out
    assert Section.objects.get().expected_results == 3
    results = results_json(event_id)
    # two results a board, factored to the top of 4 that three results give
    assert {b["top_factored"] for b in results["boards"]} == {4.0}
    assert our_points(results, factored=True) == written_points(PHANTOM)
    assert percentages(our_standings(results)) == percentages(
        written_standings(PHANTOM)
    )


def test_a_board_not_played_is_a_line_without_a_result() -> None:
    out, event_id = import_command(NOT_PLAYED)
    assert (
        "not played, for the director: board 2, traveller line 3 (3 NS v 1 EW)" in out
    )
    event = Event.objects.get(pk=event_id)
    assert event.scoring == Event.Scoring.MATCHPOINTS
    line = TravellerLine.objects.get(board__number=2, ns_pair__label="3 NS")
    assert (line.no_result, line.score_ns, line.level) == (True, None, None)
    results = results_json(event_id)
    shown = next(x for x in results["boards"][1]["lines"] if x["ns"] == "3 NS")
    assert (shown["contract"], shown["score_ns"], shown["ns_points"]) == (
        None,
        None,
        None,
    )
    # the pairs of that table are scored on the board they played
    boards = {r["pair"]: r["boards"] for r in results["rankings"]}
    assert (boards["3 NS"], boards["1 EW"], boards["1 NS"]) == (1, 1, 2)
    written = written_points(NOT_PLAYED)
    del written[2, "3 NS", "1 EW"]  # its 0 and 0 are no points
    assert our_points(results, factored=True) == written
    assert percentages(our_standings(results)) == percentages(
        written_standings(NOT_PLAYED)
    )
    assert "1 line(s) not played" in ChangeLog.objects.get().description


def test_a_written_score_is_kept_as_the_score_of_record_on_request() -> None:
    out, event_id = import_command(WRITTEN, "--keep-written-scores")
    assert "kept as the score of record (shown as assigned) on 1 line(s)" in out
    assert "board 1, traveller line 1 (1NS v 1EW)" in out
    line = TravellerLine.objects.get(board__number=1, ns_pair__label="1NS")
    assert (line.level, line.strain, line.declarer, line.tricks) == (4, "H", "W", 10)
    assert line.score_ns == -420  # the contract's score, as the traveller says
    kept = AssignedScore.objects.get()
    assert (kept.line, kept.side, kept.weight_percent, kept.score_ns) == (
        line,
        "",
        100,
        420,
    )
    results = results_json(event_id)
    shown = results["boards"][0]["lines"][0]
    assert (shown["ns"], shown["adjusted"]) == ("1NS", "assigned")
    assert our_points(results) == written_points(WRITTEN)
    assert our_standings(results) == written_standings(WRITTEN)


def test_unrounded_factoring_is_recognised_from_the_totals() -> None:
    out, event_id = import_command(UNROUNDED)
    assert "factoring: Neuberg (exact)" in out
    event = Event.objects.get(pk=event_id)
    assert event.factoring == Event.Factoring.NEUBERG_EXACT
    results = results_json(event_id)
    assert our_points(results) == written_points(UNROUNDED)
    standings = our_standings(results)
    assert standings == written_standings(UNROUNDED)
    assert standings["2NS"][0] == Decimal("11.67")  # not 11.7


@pytest.mark.parametrize(
    "fixture",
    [
        "usebio_mp_mitchell_16pairs.xml",
        "usebio_butler_howell_8pairs.xml",
        "usebio_cross_imp_howell_9pairs.xml",
    ],
)
def test_the_fixtures_keep_the_default_conventions(fixture: str) -> None:
    out, event_id = import_command(FIXTURES / fixture)
    assert Event.objects.get(pk=event_id).factoring == Event.Factoring.NEUBERG_EBU
    assert Section.objects.get().expected_results is None
    assert len(out.strip().splitlines()) == 2  # nothing to report


@pytest.mark.parametrize(
    ("fixture", "changes", "scoring"),
    [
        (
            BUTLER,
            [
                ('<EVENT EVENT_TYPE="BUTLER_PAIRS">', '<EVENT EVENT_TYPE="PAIRS">'),
                (
                    "<PROGRAM_NAME>",
                    "<BOARD_SCORING_METHOD>BUTLER_IMPS</BOARD_SCORING_METHOD>"
                    "<PROGRAM_NAME>",
                ),
            ],
            Event.Scoring.BUTLER,
        ),
        (
            CROSS_IMP,
            [('<EVENT EVENT_TYPE="CROSS_IMP">', '<EVENT EVENT_TYPE="PAIRS">')],
            Event.Scoring.CROSS_IMPS,
        ),
    ],
    ids=["by BOARD_SCORING_METHOD", "by the lines' points"],
)
def test_a_pairs_event_scored_in_imps_gives_the_same_numbers(
    tmp_path: Path, fixture: Path, changes: list[tuple[str, str]], scoring: str
) -> None:
    _out, first = import_command(fixture)
    _out, second = import_command(edited(fixture, tmp_path, *changes))
    assert Event.objects.get(pk=second).scoring == scoring
    ours, theirs = results_json(second), results_json(first)
    assert ours["rankings"] == theirs["rankings"]
    assert ours["boards"] == theirs["boards"]


@pytest.fixture
def director(client: Client) -> Client:
    user = User.objects.create_user("td", password="pw")
    join(user)
    Director.objects.create(user=user, language="en")
    client.force_login(user)
    return client


def traveller_rows(client: Client, board: int) -> dict:
    section = Section.objects.get()
    url = reverse("scoring:board_entry", args=[section.pk, board])
    response = client.get(url)
    assert response.status_code == 200
    return {(x.ns, x.ew): x.row for x in response.context["rows"]}


def test_the_director_sees_the_line_not_played_and_the_kept_score(
    director: Client,
) -> None:
    import_command(NOT_PLAYED, "--club", CLUB)
    row = traveller_rows(director, 2)["3 NS", "1 EW"]
    assert (row.contract, row.score_ns, row.ns_points, row.adjusted) == (
        "",
        None,
        None,
        None,
    )
    Event.objects.all().delete()
    import_command(WRITTEN, "--club", CLUB, "--keep-written-scores")
    row = traveller_rows(director, 1)["1NS", "1EW"]
    assert (row.score_ns, row.adjusted, row.ns_points) == (-420, "assigned", 3)


def test_a_line_not_played_that_the_file_scored_as_a_pass_is_passed_out() -> None:
    out, event_id = import_command(NP_AS_PASS)
    assert (
        "convention: NP scored as a pass by the file (its points): imported passed "
        "out: board 2, traveller line 3 (3 NS v 1 EW)"
    ) in out
    assert "not played, for the director" not in out
    line = TravellerLine.objects.get(board__number=2, ns_pair__label="3 NS")
    assert (line.no_result, line.level, line.score_ns) == (False, None, 0)
    results = results_json(event_id)
    assert our_points(results) == written_points(NP_AS_PASS)
    assert percentages(our_standings(results)) == percentages(
        written_standings(NP_AS_PASS)
    )


def test_a_median_datum_is_recognised_from_the_board_averages() -> None:
    out, event_id = import_command(JFR_MEDIAN)
    assert (
        "convention: Butler datum: Median of the field (JFR) (the file's BOARD_AVERAGE)"
    ) in out
    event = Event.objects.get(pk=event_id)
    assert event.datum_source == Event.DatumSource.MEDIAN
    results = results_json(event_id)
    assert [b["datum"] for b in results["boards"]] == [420]


def test_sections_scored_across_the_field_are_recognised_from_the_tops() -> None:
    out, event_id = import_command(ACROSS)
    assert (
        "convention: scored across the field (each board's top is for the results "
        "of every section)"
    ) in out
    event = Event.objects.get(pk=event_id)
    assert event.section_scoring == Event.SectionScoring.ACROSS_FIELD
    assert Section.objects.filter(session__event=event).count() == 2
    results = results_json(event_id)
    assert our_points(results) == written_points(ACROSS)
    written = {
        text(p, "PAIR_NUMBER"): Decimal(text(p, "PERCENTAGE"))
        for p in event_element(ACROSS).iter("PAIR")
    }
    ours = {pair: pct for pair, (_total, pct, _rank) in our_standings(results).items()}
    assert ours == written
