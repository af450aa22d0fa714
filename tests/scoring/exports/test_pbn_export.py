"""PBN export: every pairs fixture exported in PBN 2.1 export format loads in
endplay's parser and in ours with the scores, points and totals we show."""

from __future__ import annotations

import io
import re
from decimal import Decimal
from typing import Any

import pytest
from endplay.parsers import pbn as endplay_pbn
from endplay.types import Deal

import scoring.interchange.exports as exports
from scoring.engine.boards import dealer, vulnerability
from scoring.entry.services import artificial_set
from scoring.formats.par import par
from scoring.formats.pbn import parse_pbn, side_value
from scoring.formats.pbn_write import PbnFile
from scoring.interchange.exports import event_session, session_pbn
from scoring.interchange.usebio import usebio_import
from scoring.reports.results_json import event_json
from tests.factories import make_small_evening, pair
from tests.factories import section_of as section
from tests.paths import FIXTURES
from tournaments.models import Event, Player

pytestmark = pytest.mark.django_db

PAIRS_FIXTURES = [
    "usebio_mp_mitchell_16pairs.xml",
    "usebio_butler_howell_8pairs.xml",
    "usebio_cross_imp_howell_9pairs.xml",
]
MANDATORY = ["Event", "Site", "Date", "Board", "West", "North", "East", "South",
             "Dealer", "Vulnerable", "Deal", "Scoring", "Declarer", "Contract",
             "Result"]  # fmt: skip
_TAG = re.compile(r'\[(\w+) "(?:[^"\\]|\\.)*"\]')


@pytest.fixture
def unsolved(monkeypatch: pytest.MonkeyPatch) -> None:
    """No double dummy (about 80 ms a deal) where the test is not about it."""
    monkeypatch.setattr(exports, "double_dummy", lambda deals: {})


def exported(event: Event) -> PbnFile:
    return session_pbn(event_session(event))


def text_of(pbn: PbnFile) -> str:
    return pbn.content.decode(pbn.charset)


def our_lines(event: Event) -> dict[tuple[int, str, str], dict[str, Any]]:
    return {
        (b["number"], x["ns"], x["ew"]): x
        for b in event_json(event)["boards"]
        for x in b["lines"]
    }


def number(cell: str | None) -> Decimal | None:
    return None if cell is None else Decimal(cell.lstrip("^"))


def json_number(value: float | None) -> Decimal | None:
    return None if value is None else Decimal(str(value))


@pytest.mark.parametrize("name", PAIRS_FIXTURES)
def test_our_reader_reads_every_line_with_our_scores_and_points(
    name: str, unsolved: None
) -> None:
    event = usebio_import(path=FIXTURES / name)
    ours = our_lines(event)
    units = "MP" if event.scoring == "mp" else "IMP"
    read = parse_pbn(text_of(exported(event)))
    rows = {}
    for game in read.games:
        table = game.table("ScoreTable")
        assert table is not None
        for row in table.records():
            key = (game.board or 0, row["PairId_NS"] or "", row["PairId_EW"] or "")
            rows[key] = (
                int(row["Score_NS"] or 0) - int(row["Score_EW"] or 0),
                number(row[f"{units}_NS"]),
                number(row[f"{units}_EW"]),
            )
    assert rows == {
        key: (x["score_ns"], json_number(x["ns_points"]), json_number(x["ew_points"]))
        for key, x in ours.items()
    }


@pytest.mark.parametrize("name", PAIRS_FIXTURES)
def test_endplay_reads_every_board_deal_and_score(name: str, unsolved: None) -> None:
    event = usebio_import(path=FIXTURES / name)
    ours = our_lines(event)
    boards = endplay_pbn.load(io.StringIO(text_of(exported(event)), newline=""))
    deals = {b.number: b.deal for b in event.sessions.get().boards.all()}
    assert [b.board_num for b in boards] == sorted(deals)
    for board in boards:
        number = board.board_num
        assert number is not None and board.dealer is not None
        assert board.deal.to_pbn() == Deal(deals[number]).to_pbn()
        assert board.dealer.abbr == dealer(number).value
        table = board.info["ScoreTable"]
        names = [c if isinstance(c, str) else c["name"] for c in table["headers"]]
        for cells in table["rows"]:
            row = dict(zip(names, cells, strict=True))
            line = ours[number, row["PairId_NS"], row["PairId_EW"]]
            score = row["Score_NS"] if row["Score_NS"] != "-" else "-" + row["Score_EW"]
            assert int(score) == line["score_ns"]


@pytest.mark.parametrize("name", PAIRS_FIXTURES)
def test_the_first_board_carries_our_totals(name: str, unsolved: None) -> None:
    event = usebio_import(path=FIXTURES / name)
    read = parse_pbn(text_of(exported(event)))
    first, *others = read.games
    assert all(g.table("TotalScoreTable") is None for g in others)
    table = first.table("TotalScoreTable")
    assert table is not None
    total = "TotalMP" if event.scoring == "mp" else "TotalIMP"
    rows = [
        (r["Rank"], r["PairId"], r["Names"], number(r[total]), r.get("TotalPercentage"))
        for r in table.records()
    ]
    assert rows == [
        (
            r["rank"],
            r["pair"],
            r["names"].replace(" – ", ";"),
            json_number(r["score"]),
            None if r["percentage"] is None else f"{r['percentage']:.2f}",
        )
        for r in event_json(event)["rankings"]
    ]


def test_the_file_is_in_export_format(unsolved: None) -> None:
    event = usebio_import(path=FIXTURES / PAIRS_FIXTURES[0])
    pbn = exported(event)
    assert pbn.charset == "ISO-8859-1"
    assert pbn.content.startswith(
        b"% PBN 2.1\r\n% EXPORT\r\n%Content-type: text/x-pbn; charset=ISO-8859-1\r\n"
    )
    assert pbn.content.count(b"\n") == pbn.content.count(b"\r\n")
    assert b"\t" not in pbn.content
    games = text_of(pbn).split("\r\n\r\n")
    assert games[-1] == ""  # every game ends with a blank line
    for game in games[:-1]:
        lines = game.split("\r\n")
        tags = [m[1] for line in lines if (m := _TAG.match(line))]
        assert tags[: len(MANDATORY)] == MANDATORY
        assert tags[len(MANDATORY) :] == sorted(tags[len(MANDATORY) :])
        # a tag pair alone on its line, one space between name and value
        assert all(_TAG.fullmatch(x) for x in lines if x.startswith("["))


def test_the_optimum_score_is_the_par_of_the_deal() -> None:
    event = usebio_import(path=FIXTURES / PAIRS_FIXTURES[0])
    games = parse_pbn(text_of(exported(event))).games
    deals = {b.number: b.deal for b in event.sessions.get().boards.all()}
    for game in games:
        n = game.board or 0
        expected = par(deals[n], vulnerability(n), dealer(n)).score_ns
        assert side_value(game.value("OptimumScore")) == expected
        table = game.table("OptimumResultTable")
        assert table is not None and len(table.rows) == 20


def test_an_unknown_deal_is_written_empty_and_not_solved(unsolved: None) -> None:
    event = make_small_evening()
    games = {g.board: g for g in parse_pbn(text_of(exported(event))).games}
    assert games[2].value("Deal") == ""
    assert games[2].value("OptimumScore") is None
    assert endplay_pbn.loads(text_of(exported(event)))[1].board_num == 2


def test_an_artificial_score_is_marked_with_a_caret(unsolved: None) -> None:
    event = make_small_evening()
    line = section(event).lines.get(board__number=1, table=1)
    artificial_set(line=line, ns="A60", ew="A40")
    game = parse_pbn(text_of(exported(event))).games[0]
    table = game.table("ScoreTable")
    assert table is not None
    row = next(r for r in table.records() if r["PairId_NS"] == "1NS")
    assert (row["Contract"], row["Score_NS"], row["Score_EW"]) == (None, "^A60", "^A40")


def test_hostile_text_stays_in_its_value(unsolved: None) -> None:
    evening = make_small_evening()
    hostile = 'Smith "x" \\ ;{}\r\n[Event "evil"]'
    Event.objects.filter(pk=evening.pk).update(name=hostile)
    event = Event.objects.get(pk=evening.pk)
    Player.objects.create(pair=pair(section(event), "2NS"), seat=3, name=hostile)
    text = text_of(exported(event))
    read = parse_pbn(text)
    for game in read.games:
        assert game.values("Event") == [hostile.replace("\r\n", "  ")]
    totals = read.games[0].table("TotalScoreTable")
    assert totals is not None
    names = [r["Names"] for r in totals.records() if r["PairId"] == "2NS"]
    assert names == ['Smith "x" \\ ,{} [Event "evil"]']
    boards = endplay_pbn.loads(text)
    assert [b.board_num for b in boards] == [1, 2]


def test_a_name_beyond_latin_1_makes_the_file_utf8(unsolved: None) -> None:
    event = make_small_evening()
    Player.objects.create(pair=pair(section(event), "2NS"), seat=3, name="Łukasz")
    pbn = exported(event)
    assert pbn.charset == "UTF-8"
    assert b"charset=UTF-8\r\n" in pbn.content
    assert "Łukasz" in pbn.content.decode("utf-8")
