"""import_pbn: a PBN results file becomes an event, re-scored by our engine and
checked against the file's own numbers; a file it cannot reproduce changes
nothing."""

from __future__ import annotations

import json
import re
from decimal import Decimal
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import CommandError, call_command

from scoring.formats.hand_records import read_hands_path
from scoring.models import ChangeLog, TravellerLine
from tests.paths import FIXTURES, ROOT
from tournaments.models import Board, Event, Pair

pytestmark = pytest.mark.django_db

DATA = ROOT / "tests" / "data" / "pbn"
RESULTS = DATA / "results_mitchell.pbn"
TOTAL = re.compile(r'^(\d \d "[NE]-[SW]"\s+)(\S+)( .*)$')
ROW = re.compile(r"^(\d \d \d \d \S+\s+\S+\s+\S+ \S+\s+\S+\s+\S+) (\S+) (\S+)(.*)$")


def run(*args: str) -> list[str]:
    out = StringIO()
    call_command(*args, stdout=out)
    return out.getvalue().splitlines()


def results_json(event_id: int) -> dict[str, Any]:
    out = StringIO()
    call_command("results", str(event_id), "--json", stdout=out)
    data: dict[str, Any] = json.loads(out.getvalue())
    return data


def variant(tmp_path: Path, *changes: tuple[str, str], text: str = "") -> Path:
    text = text or RESULTS.read_text(encoding="utf-8")
    for old, new in changes:
        assert old in text, old
        text = text.replace(old, new, 1)
    path = tmp_path / "variant.pbn"
    path.write_text(text, encoding="utf-8")
    return path


def written_lines(path: Path) -> dict[tuple[int, str, str], tuple[Decimal, Decimal]]:
    """Each line's MP_NS and MP_EW as the file writes them."""
    found = {}
    board = 0
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith('[Board "'):
            board = int(line.split('"')[1])
        elif ROW.match(line):
            cells = line.split()
            found[board, cells[2], cells[3]] = (Decimal(cells[-4]), Decimal(cells[-3]))
    return found


def test_the_event_is_imported_and_agrees_with_every_number_of_the_file() -> None:
    out = run("import_pbn", str(RESULTS), "--club", "Club room")
    event = Event.objects.get()
    assert out[-1] == f"event {event.pk}"
    assert out[0] == "imported 'Club pairs': 3 boards, 6 pairs"
    assert "2 / 1 / 0 per comparison" in out[1]
    assert out[2] == (
        "checked against the file: the matchpoints of 9 lines and the totals "
        "of 6 pairs agree"
    )
    assert (event.club and event.club.name, str(event.date)) == (
        "Club room",
        "2024-03-05",
    )
    assert event.source == "results_mitchell.pbn (Club scoring 3.1)"
    assert ChangeLog.objects.get(action="imported").description == event.source
    data = results_json(event.pk)
    ours = {
        (b["number"], x["ns"], x["ew"]): (Decimal(str(x["ns_points"])),
                                          Decimal(str(x["ew_points"])))
        for b in data["boards"] for x in b["lines"]
    }  # fmt: skip
    assert ours == written_lines(RESULTS)
    ranking = {r["pair"]: (r["direction"], r["score"], r["percentage"], r["rank"])
               for r in data["rankings"]}  # fmt: skip
    assert ranking == {
        "3": ("NS", 8.0, 66.67, "1"), "1": ("NS", 5.0, 41.67, "2="),
        "2": ("NS", 5.0, 41.67, "2="), "6": ("EW", 9.0, 75.0, "1"),
        "5": ("EW", 6.0, 50.0, "2"), "4": ("EW", 3.0, 25.0, "3"),
    }  # fmt: skip


def test_the_files_pairs_contracts_and_deals_are_kept() -> None:
    run("import_pbn", str(RESULTS))
    event = Event.objects.get()
    assert event.club is None and event.two_winners
    assert Pair.objects.get(label="3").names == "José Núñez – Ana Paz"
    board = next(b for b in results_json(event.pk)["boards"] if b["number"] == 1)
    first = board["lines"][0]
    assert (first["contract"], first["declarer"], first["tricks"]) == ("1NT", "N", 8)
    assert (first["lead"], first["score_ns"]) == ("SA", 120)
    deals = {n: h.deal for n, h in read_hands_path(RESULTS).items()}
    assert dict(Board.objects.values_list("number", "deal")) == deals
    passed = TravellerLine.objects.get(board__number=2, ns_pair__label="2")
    assert (passed.level, passed.score_ns) == (None, 0)


def test_matchpoints_written_one_per_comparison_are_recognised(tmp_path: Path) -> None:
    halved = []
    for line in RESULTS.read_text(encoding="utf-8").splitlines():
        row, total = ROW.match(line), TOTAL.match(line)
        if row:
            ns, ew = (Decimal(row[i]) / 2 for i in (2, 3))
            line = f"{row[1]} {ns:.1f} {ew:.1f}{row[4]}"
        elif total:
            line = f"{total[1]}{Decimal(total[2]) / 2:.1f}{total[3]}"
        halved.append(line)
    out = run("import_pbn", str(variant(tmp_path, text="\n".join(halved))))
    assert "1 / ½ / 0 per comparison" in out[1]
    assert Event.objects.get().mp_presentation == Event.Presentation.ACBL


# Board 3 at table 3 not played: factored on two results, pair 3 and 5 pro-rated.
NEUBERG = (
    ('3 3 3 5 2D   N  7 C3       -   "50" 4.0 0.0 100   0\n', ""),
    ("1.0 3.0  25  75\n2", "2.0 2.0  50  50\n2"),
    ("1.0 3.0  25  75\n", "2.0 2.0  50  50\n"),
    ('1 3 "N-S"  8.0 66.67', '1 3 "N-S"  6.0 50.00'),
    ('2 1 "N-S"  5.0 41.67', '1 1 "N-S"  6.0 50.00'),
    ('2 2 "N-S"  5.0 41.67', '1 2 "N-S"  6.0 50.00'),
    ('1 6 "E-W"  9.0 75.00', '2 6 "E-W"  8.0 66.67'),
    ('2 5 "E-W"  6.0 50.00', '1 5 "E-W"  9.0 75.00'),
    ('3 4 "E-W"  3.0 25.00', '3 4 "E-W"  2.0 16.67'),
)


def test_a_board_played_fewer_times_is_factored_as_the_file_did(tmp_path: Path) -> None:
    out = run("import_pbn", str(variant(tmp_path, *NEUBERG)))
    assert "Neuberg (EBU: nearest 0.1); totals pro-rated to the full session" in out[1]


def test_totals_summed_over_the_boards_played_are_recognised(tmp_path: Path) -> None:
    summed = (
        ('1 3 "N-S"  6.0', '1 3 "N-S"  4.0'),
        ('1 5 "E-W"  9.0', '1 5 "E-W"  6.0'),
    )
    out = run("import_pbn", str(variant(tmp_path, *NEUBERG, *summed)))
    assert out[1].endswith("totals summed over the boards played")


def test_pairs_without_a_direction_are_one_field(tmp_path: Path) -> None:
    text = RESULTS.read_text(encoding="utf-8").replace("Direction\\5R;", "")
    text = text.replace(' "N-S" ', " ").replace(' "E-W" ', " ")
    run("import_pbn", str(variant(tmp_path, text=text)))
    assert not Event.objects.get().two_winners
    assert set(Pair.objects.values_list("direction", flat=True)) == {""}


def test_a_latin_1_file_with_crlf_lines_is_read(tmp_path: Path) -> None:
    path = tmp_path / "latin.pbn"
    text = RESULTS.read_text(encoding="utf-8").replace(
        "charset=UTF-8", "charset=ISO-8859-1"
    )
    path.write_bytes(text.replace("\n", "\r\n").encode("latin-1"))
    run("import_pbn", str(path))
    assert Pair.objects.get(label="3").names == "José Núñez – Ana Paz"


FIRST_ROW = '1 1 1 4 1N   N  8 SA   "120"      - 4.0 0.0 100   0'


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (FIRST_ROW, FIRST_ROW.replace("4.0 0.0", "3.0 1.0"),
         "line 31: NS matchpoints: the file says 3.0, we make it 4.00"),
        (FIRST_ROW, FIRST_ROW.replace("100   0", " 75  25"),
         "line 31: NS percentage: the file says 75, we make it 100.00"),
        (FIRST_ROW, FIRST_ROW.replace('"120"', '"150"'),
         "line 31: the file says 150 for NS, but 1N by N taking 8 tricks scores +120"),
        (FIRST_ROW, FIRST_ROW.replace("1N ", "8N "), "line 31: level 8 is impossible"),
        (FIRST_ROW, FIRST_ROW.replace(" 8 SA", " - SA"), "line 31: no number of tri"),
        (FIRST_ROW, FIRST_ROW.replace("1 1 1 4", "1 1 1 5"),
         "line 32: pair 5 already played board 1 (line 31)"),
        ('2 1 "N-S"  5.0 41.67', '2 1 "N-S"  5.5 45.83',
         "line 25: total of pair 1: the file says 5.5, we make it 5.00"),
        ('[Board "2"]', "[Board 2]", "line 38: [Board 2] is not a tag pair"),
        ('[Vulnerable "NS"]', '[Vulnerable "EW"]',
         "line 40: board 2 is written EW, but a board 2 is NS by its number"),
        ("AKJ4.KT9.K76.J98", "AKJ4.KT9.K76.J9", "board 1 (line 16): the hand of S"),
    ],
)  # fmt: skip
def test_a_file_we_cannot_reproduce_is_refused_and_nothing_is_kept(
    tmp_path: Path, old: str, new: str, message: str
) -> None:
    with pytest.raises(CommandError, match=re.escape(message)) as refused:
        run("import_pbn", str(variant(tmp_path, (old, new))))
    assert "Nothing was imported" in str(refused.value)
    assert not Event.objects.exists()
    assert not Pair.objects.exists() and not Board.objects.exists()
    assert not TravellerLine.objects.exists() and not ChangeLog.objects.exists()


def test_a_hand_record_file_is_sent_to_import_hands() -> None:
    with pytest.raises(CommandError, match="imported with import_hands"):
        run("import_pbn", str(DATA / "hands_dealer.pbn"))


def test_our_own_pbn_export_reads_back_to_the_same_numbers(tmp_path: Path) -> None:
    """The Compscore Mitchell (Neuberg, a pair pro-rated) through our export."""
    exports = pytest.importorskip("scoring.interchange.exports")
    pbn_write = pytest.importorskip("scoring.formats.pbn_write")
    run("import_usebio", str(FIXTURES / "usebio_mp_mitchell_16pairs.xml"))
    first = Event.objects.get()
    results = exports.event_session(first)
    path = tmp_path / "ours.pbn"
    path.write_bytes(
        pbn_write.write_pbn(exports.scored_session(results), "test").content
    )
    out = run("import_pbn", str(path))
    assert "the matchpoints of 134 lines and the totals of 16 pairs agree" in out[2]
    again = results_json(int(out[-1].split()[1]))
    before = results_json(first.pk)
    assert [r["percentage"] for r in again["rankings"]] == [
        r["percentage"] for r in before["rankings"]
    ]


def test_a_total_score_table_written_on_every_game_is_read_once(
    tmp_path: Path,
) -> None:
    text = RESULTS.read_text(encoding="utf-8")
    start = text.index("[TotalScoreTable")
    table = text[start : text.index("\n\n", start)]
    path = variant(tmp_path, text=text.rstrip("\n") + "\n" + table + "\n")
    out = run("import_pbn", str(path))
    assert out[0] == "imported 'Club pairs': 3 boards, 6 pairs"
    assert "the totals of 6 pairs agree" in out[2]


def test_two_total_score_tables_that_differ_still_list_a_pair_twice(
    tmp_path: Path,
) -> None:
    text = RESULTS.read_text(encoding="utf-8")
    start = text.index("[TotalScoreTable")
    table = text[start : text.index("\n\n", start)].replace("66.67", "66.66")
    path = variant(tmp_path, text=text.rstrip("\n") + "\n" + table + "\n")
    with pytest.raises(CommandError, match="pair 3 is listed twice"):
        run("import_pbn", str(path))


def test_a_file_without_a_total_score_table_is_checked_line_by_line(
    tmp_path: Path,
) -> None:
    text = RESULTS.read_text(encoding="utf-8")
    start = text.index("[TotalScoreTable")
    path = variant(
        tmp_path, text=text[:start] + text[text.index("[ScoreTable", start) :]
    )
    out = run("import_pbn", str(path))
    assert out[0] == "imported 'Club pairs': 3 boards, 6 pairs"
    assert "the matchpoints of 9 lines" in out[2]
    event_id = int(out[-1].removeprefix("event "))
    keys = ("pair", "direction", "score", "percentage", "rank", "boards")
    theirs = run("import_pbn", str(RESULTS))[-1].removeprefix("event ")
    ranked = [
        [tuple(r[k] for k in keys) for r in results_json(int(pk))["rankings"]]
        for pk in (event_id, theirs)
    ]
    assert ranked[0] == ranked[1]
