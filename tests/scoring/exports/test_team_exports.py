"""The RealBridge teams fixture, entered as a team event, exported to PBN and
USEBIO: each table's IMPs are the file's ScoreIMP, our double-dummy figures are
the file's, and the standings and match scores are ours."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET
from collections import Counter
from dataclasses import dataclass
from decimal import Decimal

import pytest
from django.db import transaction
from endplay.parsers import pbn as endplay_pbn
from endplay.types import Deal
from pytest_django import DjangoDbBlocker

from scoring.formats.pbn import PbnFile, PbnGame, parse_pbn, side_value
from scoring.interchange.exports import session_pbn, session_usebio
from scoring.reports.results_json import event_json
from scoring.standings import session_results
from tests.scoring.exports.realbridge import (
    FIRST,
    LAST,
    games,
    realbridge_event,
    scored_games,
)

# The tests read plain data; the marker gives the module fixture its database.
pytestmark = pytest.mark.django_db

PbnKey = tuple[int, str, str]  # board, NS team, EW team


@dataclass(frozen=True)
class Exported:
    pbn: bytes
    usebio: bytes
    ours: dict  # results --json of the event
    teams: dict[str, str]  # team number -> name


@pytest.fixture(scope="module")
def exported(django_db_setup: None, django_db_blocker: DjangoDbBlocker) -> Exported:
    """The fixture entered and exported once for the module (then rolled back)."""
    with django_db_blocker.unblock(), transaction.atomic():
        event = realbridge_event()
        results = session_results(event.sessions.get())
        found = Exported(
            pbn=session_pbn(results).content,
            usebio=session_usebio(results),
            ours=event_json(event),
            teams={str(t.number): t.name for t in event.teams.all()},
        )
        transaction.set_rollback(True)
    return found


def file_games() -> dict[PbnKey, PbnGame]:
    return {
        (g.board or 0, g.value("HomeTeam") or "", g.value("VisitTeam") or ""): g
        for g in games()
    }


def ours(exported: Exported) -> PbnFile:
    return parse_pbn(exported.pbn.decode("iso-8859-1"))


def team_of(pair: str, exported: Exported) -> str:
    """The team of pair "3NS"."""
    return exported.teams[pair.rstrip("NSEW")]


def test_every_table_scores_the_files_score_and_imps(exported: Exported) -> None:
    written = file_games()
    compared = 0
    for game in ours(exported).games:
        table = game.table("ScoreTable")
        assert table is not None
        for row in table.records():
            ns, ew = row["PairId_NS"] or "", row["PairId_EW"] or ""
            theirs = written[
                game.board or 0, team_of(ns, exported), team_of(ew, exported)
            ]
            score = int(row["Score_NS"] or 0) - int(row["Score_EW"] or 0)
            assert score == theirs.score_ns
            if theirs.score_imp_ns is not None and row["IMP_NS"] is not None:
                assert Decimal(row["IMP_NS"]) == theirs.score_imp_ns
                assert Decimal(row["IMP_EW"] or "") == -theirs.score_imp_ns
                compared += 1
    assert compared == 278  # the 139 boards both tables of a match played


def test_our_double_dummy_figures_are_the_files(exported: Exported) -> None:
    written = {g.board: g for g in games()}
    boards = ours(exported).games
    assert [g.board for g in boards] == list(range(FIRST, LAST + 1))
    for game in boards:
        theirs = written[game.board]
        mine, file_table = (
            game.table("OptimumResultTable"),
            theirs.table("OptimumResultTable"),
        )
        assert mine is not None and file_table is not None
        assert mine.rows == file_table.rows
        assert side_value(game.value("OptimumScore")) == side_value(
            theirs.value("OptimumScore")
        )


def test_endplay_reads_every_board_and_deal(exported: Exported) -> None:
    boards = endplay_pbn.load(io.StringIO(exported.pbn.decode("iso-8859-1")))
    written = {g.board: g.value("Deal") for g in games()}
    played = Counter(g.board for g in scored_games())
    assert [b.board_num for b in boards] == list(range(FIRST, LAST + 1))
    for board in boards:
        assert board.deal.to_pbn() == Deal(written[board.board_num]).to_pbn()
        assert len(board.info["ScoreTable"]["rows"]) == played[board.board_num]
    assert sum(played.values()) == 279  # Italy v Wales never scored


def test_the_total_score_table_is_our_vp_standings(exported: Exported) -> None:
    first = ours(exported).games[0]
    table = first.table("TotalScoreTable")
    assert table is not None
    rows = [(r["Rank"], r["Names"], r["TotalScore"]) for r in table.records()]
    standings = [
        (s["rank"], s["name"], f"{Decimal(str(s['vp'])):.2f}")
        for s in exported.ours["standings"]
    ]
    assert rows == standings
    assert len(rows) == 30


def test_usebio_carries_the_teams_and_their_places_and_vps(exported: Exported) -> None:
    event = ET.fromstring(exported.usebio).find("EVENT")
    assert event is not None and event.get("EVENT_TYPE") == "TEAMS_OF_FOUR"
    teams = {
        t.get("TEAM_NAME"): (t.findtext("PLACE"), t.findtext("TOTAL_SCORE"))
        for t in event.iter("TEAM")
        if t.get("TEAM_NAME")
    }
    assert teams == {
        s["name"]: (s["rank"], f"{Decimal(str(s['vp'])):.2f}")
        for s in exported.ours["standings"]
    }


def test_usebio_carries_each_matchs_vps(exported: Exported) -> None:
    event = ET.fromstring(exported.usebio).find("EVENT")
    assert event is not None
    name = exported.teams
    written = {
        (name[m.findtext("TEAM") or ""], name[m.findtext("OPPOSING_TEAM") or ""]): (
            Decimal(m.findtext("TEAM_SCORE") or "0"),
            Decimal(m.findtext("OPPOSING_TEAM_SCORE") or "0"),
        )
        for m in event.iter("MATCH")
        if m.findtext("TEAM_SCORE")
    }
    assert len(event.findall("MATCH")) == 15
    assert written == {
        (m["home"], m["away"]): (
            Decimal(str(m["vp_home"])).quantize(Decimal("0.01")),
            Decimal(str(m["vp_away"])).quantize(Decimal("0.01")),
        )
        for m in exported.ours["matches"]
        if m["vp_home"] is not None
    }
    assert len(written) == 14  # Italy v Wales has no result


def test_usebio_gives_each_room_the_files_imps(exported: Exported) -> None:
    event = ET.fromstring(exported.usebio).find("EVENT")
    assert event is not None
    written = file_games()
    compared = 0
    for board in event.iter("BOARD"):
        number = int(board.findtext("BOARD_NUMBER") or 0)
        for line in board.iter("TRAVELLER_LINE"):
            ns = team_of(line.findtext("NS_PAIR_NUMBER") or "", exported)
            ew = team_of(line.findtext("EW_PAIR_NUMBER") or "", exported)
            theirs = written[number, ns, ew]
            assert int(line.findtext("SCORE") or "") == theirs.score_ns
            home = line.findtext("DIRECTION")
            assert home in ("NS", "EW")
            if line.findtext("NS_IMPS") is not None:
                assert Decimal(line.findtext("NS_IMPS") or "") == theirs.score_imp_ns
                compared += 1
    assert compared == 278
