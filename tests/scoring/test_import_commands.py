"""import_usebio and results: what a director types at the command line."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from tournaments.models import Event, Pair

from .test_usebio_fixture import MITCHELL

pytestmark = pytest.mark.django_db

FIRST_LINE = """<CONTRACT>4H</CONTRACT>
    <PLAYED_BY>W</PLAYED_BY>
    <LEAD>QD</LEAD>
    <TRICKS>9</TRICKS>
    <SCORE>50</SCORE>"""


def broken_copy(tmp_path: Path, old: str, new: str) -> Path:
    text = MITCHELL.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "broken.xml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def run(*args: str) -> str:
    out = StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


def test_import_prints_the_event_id_as_its_last_line() -> None:
    out = run("import_usebio", str(MITCHELL))
    event = Event.objects.get()
    assert out.strip().splitlines()[-1] == f"event {event.pk}"


def test_results_json_has_the_stable_keys() -> None:
    run("import_usebio", str(MITCHELL))
    data = json.loads(run("results", str(Event.objects.get().pk), "--json"))
    assert set(data) >= {"event", "rankings", "boards"}
    assert set(data["event"]) >= {"id", "name", "scoring"}
    assert set(data["rankings"][0]) >= {
        "pair", "section", "direction", "names", "score", "percentage", "rank"
    }  # fmt: skip
    assert set(data["boards"][0]) >= {"number", "top", "lines"}
    assert set(data["boards"][0]["lines"][0]) >= {
        "ns", "ew", "contract", "declarer", "lead", "tricks", "score_ns",
        "adjusted", "ns_points", "ew_points",
    }  # fmt: skip


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (FIRST_LINE, FIRST_LINE.replace("<SCORE>50", "<SCORE>-50"),
         "the file says -50"),
        (FIRST_LINE, FIRST_LINE.replace("4H", "4Z"), "board 1, traveller line 1"),
        (FIRST_LINE, FIRST_LINE.replace("<TRICKS>9", "<TRICKS>14"), "13"),
        (FIRST_LINE, FIRST_LINE.replace("4H", "7NT"), "board 1, traveller line 1"),
        ("<NS_PAIR_NUMBER>2NS</NS_PAIR_NUMBER>", "<NS_PAIR_NUMBER>1NS</NS_PAIR_NUMBER>",
         "pair 1NS already played board 4"),
        ("<NS_PAIR_NUMBER>1NS", "<NS_PAIR_NUMBER>one", "pair number 'one'"),
        ('EVENT_TYPE="MP_PAIRS">', 'EVENT_TYPE="RUBBER">',
         "EVENT_TYPE 'RUBBER' is not supported"),
        ("</USEBIO>", "", "cannot read"),
    ],
)  # fmt: skip
def test_a_bad_file_is_refused_with_the_line_named_and_nothing_saved(
    tmp_path: Path, old: str, new: str, message: str
) -> None:
    path = broken_copy(tmp_path, old, new)
    with pytest.raises(CommandError, match=message) as refused:
        run("import_usebio", str(path))
    assert "Nothing was imported" in str(refused.value)
    assert Event.objects.count() == 0
    assert Pair.objects.count() == 0


def test_artificial_codes_become_adjusted_scores(tmp_path: Path) -> None:
    path = broken_copy(tmp_path, FIRST_LINE, "<SCORE>A6040</SCORE>")
    # the file's matchpoints are still those of the 4H down one it replaced
    out = run("import_usebio", str(path), "--keep-file-points")
    assert "--keep-file-points: imported with" in out
    data = json.loads(run("results", str(Event.objects.get().pk), "--json"))
    line = data["boards"][0]["lines"][0]
    assert line["adjusted"] == "A60/A40"
    assert line["contract"] is None


def test_section_qualified_pair_numbers_are_kept_as_written(tmp_path: Path) -> None:
    text = MITCHELL.read_text(encoding="utf-8")
    for n in range(1, 9):
        for d in ("NS", "EW"):
            text = text.replace(f">{n}{d}<", f">(A) {n} {d}<")
    path = tmp_path / "sectioned.xml"
    path.write_text(text, encoding="utf-8")
    run("import_usebio", str(path))
    assert Pair.objects.filter(label="(A) 1 NS", number=1, direction="NS").exists()


def test_results_for_an_unknown_event_is_an_error() -> None:
    with pytest.raises(CommandError, match="there is no event 999"):
        run("results", "999", "--json")
