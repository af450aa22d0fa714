"""The USEBIO and PBN writers on plain values, without a database."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from datetime import date
from pathlib import Path

from scoring.formats.pbn import parse_pbn
from scoring.formats.pbn_write import write_pbn
from scoring.formats.scored_session import (
    DoubleDummy,
    Entrant,
    Kind,
    Line,
    MatchScore,
    Person,
    ScoredBoard,
    ScoredSession,
)
from scoring.formats.usebio import read_usebio
from scoring.formats.usebio_write import write_usebio

# Board 3 (dealer South, EW vulnerable) dealt from East.
EAST_FIRST = "E:KQJT5.QT64.74.K3 86.A952.KT2.T875 A72.KJ873.95.AJ6 943..AQJ863.Q942"
PASSED = Line("A", "1NS", "1EW", "PASS", "", None, "", 0, ns_points="5", ew_points="5")
NOT_PLAYED = Line("A", "2NS", "2EW", "", "", None, "", None)


def session(
    kind: Kind = Kind.MATCHPOINTS,
    *,
    standings: tuple[Entrant, ...] = (),
    boards: tuple[ScoredBoard, ...] = (
        ScoredBoard(3, EAST_FIRST, (PASSED, NOT_PLAYED)),
    ),
    matches: tuple[MatchScore, ...] = (),
) -> ScoredSession:
    return ScoredSession(
        kind=kind,
        identifier="7",
        name="Pairs",
        club="",
        day=date(2024, 3, 5),
        two_winners=True,
        sections=1,
        program="bridgescore",
        version="0.1.0",
        standings=standings,
        boards=boards,
        matches=matches,
    )


def test_usebio_writes_a_deal_dealt_from_any_seat_by_seat(tmp_path: Path) -> None:
    path = tmp_path / "x.xml"
    path.write_bytes(write_usebio(session()))
    assert read_usebio(path).deals == {
        3: "N:943..AQJ863.Q942 KQJT5.QT64.74.K3 86.A952.KT2.T875 A72.KJ873.95.AJ6"
    }


def test_usebio_writes_a_passed_out_and_an_unplayed_line(tmp_path: Path) -> None:
    path = tmp_path / "x.xml"
    path.write_bytes(write_usebio(session()))
    passed, unplayed = read_usebio(path).lines
    assert (passed.contract, passed.score, passed.tricks) == ("PASS", "0", "")
    assert passed.points == ("5", "5")
    assert unplayed.not_played
    assert "<CLUB>" not in path.read_text()  # no club, no element
    assert "<HEARTS></HEARTS>" in path.read_text()  # a void, as programs write it


def test_usebio_team_events_carry_teams_and_matches() -> None:
    pair = Entrant("A", "1NS", "NS", (Person("Ann", "123"),))
    team = Entrant("", "1", "", pair.players, "1", "12.50", name="Aces", pairs=(pair,))
    match = MatchScore(1, "1", "2", "12.50", "7.50", session().boards)
    root = ET.fromstring(
        write_usebio(session(Kind.BAM, standings=(team,), matches=(match,)))
    )
    event = root.find("EVENT")
    assert event is not None and event.get("EVENT_TYPE") == "TEAMS_OF_FOUR"
    assert event.findtext("BOARD_SCORING_METHOD") == "MATCH_POINTS"
    node = event.find("PARTICIPANTS/TEAM")
    assert node is not None and node.attrib == {"TEAM_ID": "1", "TEAM_NAME": "Aces"}
    assert node.findtext("PAIR/PLAYER/NATIONAL_ID_NUMBER") == "123"
    assert event.findtext("MATCH/OPPOSING_TEAM_SCORE") == "7.50"
    assert event.find("BOARD") is None  # a team event's boards are its matches'


def test_pbn_writes_a_passed_out_line_and_an_unplayed_one() -> None:
    game = parse_pbn(write_pbn(session(), "test").content.decode("latin-1")).games[0]
    assert (game.value("Dealer"), game.value("Vulnerable")) == ("S", "EW")
    table = game.table("ScoreTable")
    assert table is not None
    passed, unplayed = table.records()
    assert (passed["Contract"], passed["Score_NS"], passed["Score_EW"]) == (
        "Pass",
        "0",
        None,
    )
    assert set(unplayed.values()) == {None, "2NS", "2EW"}


def test_pbn_declares_each_columns_width_and_pads_to_it() -> None:
    text = write_pbn(session(), "test").content.decode("latin-1")
    spec = next(x for x in text.split("\r\n") if x.startswith("[ScoreTable"))
    assert spec.startswith('[ScoreTable "PairId_NS\\3R;PairId_EW\\3R;Contract\\4L;')
    rows = text.split(spec + "\r\n")[1].split("\r\n")[:2]
    assert rows[0].startswith("1NS 1EW Pass -")


def test_pbn_writes_an_ew_par_from_ew() -> None:
    optimum = DoubleDummy((("N", "NT", 6),), -620)
    board = ScoredBoard(3, EAST_FIRST, (), double_dummy=optimum)
    game = parse_pbn(
        write_pbn(session(boards=(board,)), "x").content.decode("latin-1")
    ).games[0]
    assert game.value("OptimumScore") == "EW 620"
    table = game.table("OptimumResultTable")
    assert table is not None and table.rows == (("N", "NT", "6"),)


def test_pbn_scoring_names_the_event_kind() -> None:
    for kind, scoring in ((Kind.BUTLER, "IMP"), (Kind.BAM, "BAM")):
        text = write_pbn(session(kind), "x").content.decode("latin-1")
        assert f'[Scoring "{scoring}"]' in text
