"""The Compscore Butler and cross-IMP Howell files are imported through the
`import_usebio` command and re-scored to the file's numbers."""

from __future__ import annotations

import json
from decimal import Decimal
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command

from tests.paths import FIXTURES
from tests.usebio import event_element, text
from tournaments.models import Event

BUTLER = FIXTURES / "usebio_butler_howell_8pairs.xml"
CROSS_IMP = FIXTURES / "usebio_cross_imp_howell_9pairs.xml"

pytestmark = pytest.mark.django_db


def imported(path: Path) -> dict:
    out = StringIO()
    call_command("import_usebio", str(path), stdout=out)
    event_id = out.getvalue().strip().splitlines()[-1].removeprefix("event ")
    out = StringIO()
    call_command("results", event_id, "--json", stdout=out)
    return json.loads(out.getvalue())


def written(path: Path, tag: str) -> dict[tuple[int, str, str], tuple[Decimal, ...]]:
    return {
        (
            int(text(b, "BOARD_NUMBER")),
            text(t, "NS_PAIR_NUMBER"),
            text(t, "EW_PAIR_NUMBER"),
        ): (Decimal(text(t, f"NS_{tag}")), Decimal(text(t, f"EW_{tag}")))
        for b in event_element(path).iter("BOARD")
        for t in b.findall("TRAVELLER_LINE")
    }


def written_pairs(path: Path) -> dict[str, tuple[Decimal, str]]:
    return {
        text(p, "PAIR_NUMBER"): (Decimal(text(p, "TOTAL_SCORE")), text(p, "PLACE"))
        for p in event_element(path).iter("PAIR")
    }


def our_lines(results: dict) -> dict[tuple[int, str, str], tuple[Decimal, ...]]:
    return {
        (b["number"], line["ns"], line["ew"]): (
            Decimal(str(line["ns_points"])),
            Decimal(str(line["ew_points"])),
        )
        for b in results["boards"]
        for line in b["lines"]
    }


def our_pairs(results: dict) -> dict[str, tuple[Decimal, str]]:
    return {
        r["pair"]: (
            Decimal(str(r["score"])).quantize(Decimal("0.01")),
            r["rank"].rstrip("="),
        )
        for r in results["rankings"]
    }


@pytest.fixture
def butler() -> dict:
    return imported(BUTLER)


@pytest.fixture
def cross_imp() -> dict:
    return imported(CROSS_IMP)


def test_butler_file_sets_the_kind_and_compscores_datum_rounding(
    butler: dict,
) -> None:
    event = Event.objects.get()
    assert butler["event"]["scoring"] == "butler"
    assert (event.scoring, event.datum_tie, event.two_winners) == (
        "butler",
        "away_from_zero",
        False,
    )


def test_every_butler_board_gets_the_files_datum(butler: dict) -> None:
    files = {
        int(text(b, "BOARD_NUMBER")): int(text(b, "BOARD_AVERAGE"))
        for b in event_element(BUTLER).iter("BOARD")
    }
    ours = {b["number"]: b["datum"] for b in butler["boards"]}
    assert ours == files
    assert (len(ours), ours[2], ours[17]) == (35, -450, 130)


def test_every_butler_line_gets_the_files_imps(butler: dict) -> None:
    ours = our_lines(butler)
    assert ours == written(BUTLER, "BUTLER_POINTS")
    assert len(ours) == 140
    assert ours[(2, "2", "7")] == (11, -11)


def test_every_butler_pair_gets_the_files_total_and_place(butler: dict) -> None:
    assert our_pairs(butler) == written_pairs(BUTLER)
    first = next(r for r in butler["rankings"] if r["rank"] == "1")
    assert (first["pair"], first["score"], first["percentage"]) == ("4", 34.0, None)


def test_every_cross_imp_line_gets_the_files_points(cross_imp: dict) -> None:
    ours = our_lines(cross_imp)
    assert ours == written(CROSS_IMP, "CROSS_IMP_POINTS")
    assert len(ours) == 108
    assert ours[(1, "2", "9")] == (Decimal("3.67"), Decimal("-3.67"))
    assert Event.objects.get().ximp_divisor == "n_minus_1"


def test_every_cross_imp_pair_gets_the_files_total_and_place(cross_imp: dict) -> None:
    assert our_pairs(cross_imp) == written_pairs(CROSS_IMP)
    assert {r["boards"] for r in cross_imp["rankings"]} == {24}


def test_cross_imp_boards_have_no_datum_and_no_top(cross_imp: dict) -> None:
    board = cross_imp["boards"][0]
    assert "datum" not in board
    assert (board["top"], board["lines"][0]["ns_factored"]) == (None, None)


def test_results_prints_imp_rankings_without_a_percentage(butler: dict) -> None:
    out = StringIO()
    call_command("results", str(butler["event"]["id"]), stdout=out)
    first = out.getvalue().splitlines()[0].split()
    assert first == ["1", "A", "4", "34.00", "PLAYER", "007", "–", "PLAYER", "008"]
