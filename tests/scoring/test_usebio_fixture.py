"""The Compscore Mitchell file is imported and re-scored to the file's numbers."""

from __future__ import annotations

from decimal import Decimal

import pytest

from scoring.interchange.usebio import usebio_import
from scoring.reports.results_json import event_json
from tests.paths import FIXTURES
from tests.usebio import event_element, text

MITCHELL = FIXTURES / "usebio_mp_mitchell_16pairs.xml"

pytestmark = pytest.mark.django_db


def written_lines() -> dict[tuple[int, str, str], tuple[Decimal, Decimal]]:
    return {
        (
            int(text(b, "BOARD_NUMBER")),
            text(t, "NS_PAIR_NUMBER"),
            text(t, "EW_PAIR_NUMBER"),
        ): (
            Decimal(text(t, "NS_MATCH_POINTS")),
            Decimal(text(t, "EW_MATCH_POINTS")),
        )
        for b in event_element(MITCHELL).iter("BOARD")
        for t in b.findall("TRAVELLER_LINE")
    }


def written_pairs() -> dict[str, tuple[Decimal, Decimal, str]]:
    return {
        text(p, "PAIR_NUMBER"): (
            Decimal(text(p, "TOTAL_SCORE")),
            Decimal(text(p, "PERCENTAGE")),
            text(p, "PLACE"),
        )
        for p in event_element(MITCHELL).iter("PAIR")
    }


@pytest.fixture
def results() -> dict:
    return event_json(usebio_import(path=MITCHELL))


def test_every_line_gets_the_files_matchpoints(results: dict) -> None:
    ours = {
        (b["number"], line["ns"], line["ew"]): (
            Decimal(str(line["ns_points"])),
            Decimal(str(line["ew_points"])),
        )
        for b in results["boards"]
        for line in b["lines"]
    }
    assert ours == written_lines()
    assert len(ours) == 134


def test_every_pair_gets_the_files_total_percentage_and_place(results: dict) -> None:
    ours = {
        r["pair"]: (
            Decimal(str(r["score"])).quantize(Decimal("0.01")),
            Decimal(str(r["percentage"])).quantize(Decimal("0.01")),
            r["rank"].rstrip("="),
        )
        for r in results["rankings"]
    }
    assert ours == written_pairs()


def test_a_pair_that_played_fewer_boards_is_pro_rated(results: dict) -> None:
    one_ns = next(r for r in results["rankings"] if r["pair"] == "1NS")
    assert (one_ns["boards"], one_ns["score"], one_ns["percentage"]) == (
        15,
        65.96,
        38.8,
    )


def test_the_boards_keep_their_deals_and_tops(results: dict) -> None:
    from tournaments.models import Board

    assert Board.objects.get(number=1).deal.startswith("N:943..AQJ863.Q942 ")
    tops = {b["number"]: b["top"] for b in results["boards"]}
    assert (tops[1], tops[3], tops[6]) == (10, 8, 6)
