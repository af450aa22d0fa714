"""The issue's proof: every fixture of ../shared/fixtures made an event of ours
(the USEBIO files with import_usebio, the RealBridge teams file with
import_pbn), exported to USEBIO and to PBN and read back gives the same results:
the same rankings or team standings, and every line's result and points. And a
file of each new kind that disagrees with our scoring is refused, the line
named, nothing kept."""

from __future__ import annotations

import re
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import CommandError, call_command

from scoring.formats.pbn_write import write_pbn
from scoring.interchange.exports import event_session, scored_session, session_usebio
from scoring.interchange.pbn_import import pbn_results_import
from scoring.interchange.usebio import import_file, usebio_import
from scoring.models import ChangeLog, TravellerLine
from scoring.reports.results_json import event_json
from tests.paths import FIXTURES
from tests.scoring.exports.realbridge import realbridge_event
from tournaments.models import Board, Event, Match, Pair, Team

pytestmark = pytest.mark.django_db

PAIRS_FIXTURES = [
    "usebio_mp_mitchell_16pairs.xml",
    "usebio_butler_howell_8pairs.xml",
    "usebio_cross_imp_howell_9pairs.xml",
]
TEAMS_FIXTURE = FIXTURES / "pbn_teams_imps_30tables.pbn"
# What an import restores of an event's settings (the file's own numbers tell).
SETTINGS = ("scoring", "datum_tie", "ximp_divisor", "factoring", "vp_scale")


def usebio_of(event: Event, folder: Path) -> Path:
    path = folder / f"event-{event.pk}.xml"
    path.write_bytes(session_usebio(event_session(event)))
    return path


def pbn_of(event: Event, folder: Path) -> Path:
    path = folder / f"event-{event.pk}.pbn"
    path.write_bytes(write_pbn(scored_session(event_session(event)), "test").content)
    return path


def lines(data: dict[str, Any]) -> dict[tuple[int, str, str], tuple[Any, ...]]:
    """Every line's result and points, by board and pairs."""
    keys = ("contract", "declarer", "lead", "tricks", "score_ns", "adjusted",
            "ns_points", "ew_points", "ns_factored", "ew_factored")  # fmt: skip
    return {
        (board["number"], x["ns"], x["ew"]): tuple(x[k] for k in keys)
        for board in data["boards"]
        for x in board["lines"]
    }


def pairs_results(event: Event) -> dict[str, Any]:
    data = event_json(event)
    keys = ("pair", "direction", "names", "score", "percentage", "rank", "boards")
    return {
        "rankings": [tuple(r[k] for k in keys) for r in data["rankings"]],
        "lines": lines(data),
        "datums": {b["number"]: b.get("datum") for b in data["boards"]},
    }


def team_results(event: Event, *, players: bool = True) -> dict[str, Any]:
    data = event_json(event)
    keys = ("team", "name", "vp", "imps_for", "imps_against", "matches", "rank")
    return {
        "standings": [
            tuple(s[k] for k in keys) + ((tuple(s["players"]),) if players else ())
            for s in data["standings"]
        ],
        # A match's line-ups name players: our teams PBN names none.
        "matches": sorted(
            tuple(v for k, v in m.items() if players or k != "lineups")
            for m in data["matches"]
            if m["vp_home"] is not None
        ),
        "lines": lines(data),
    }


def settings(event: Event) -> list[str]:
    return [str(getattr(event, name)) for name in SETTINGS]


@pytest.mark.parametrize("name", PAIRS_FIXTURES)
def test_a_pairs_fixture_comes_back_from_usebio_and_from_pbn(
    name: str, tmp_path: Path
) -> None:
    first = usebio_import(path=FIXTURES / name)
    expected = pairs_results(first)
    assert len(expected["lines"]) > 100
    from_usebio = usebio_import(path=usebio_of(first, tmp_path))
    from_pbn = pbn_results_import(path=pbn_of(first, tmp_path)).event
    for again in (from_usebio, from_pbn):
        assert pairs_results(again) == expected
        assert settings(again) == settings(first)


def test_the_teams_fixture_read_by_import_pbn_is_the_event_entered_table_by_table() -> (
    None
):
    done = pbn_results_import(path=TEAMS_FIXTURE, club="RealBridge")
    entered = realbridge_event()
    assert team_results(done.event) == team_results(entered)
    assert "the IMPs of 278 tables agree (it writes no VPs)" in done.checked
    assert Match.objects.filter(session__event=done.event).count() == 15
    boards = Board.objects.filter(session__event=done.event).exclude(deal="")
    assert boards.count() == 10


def test_import_pbn_says_what_it_read_of_a_teams_file() -> None:
    out = run("import_pbn", str(TEAMS_FIXTURE), "--club", "RealBridge")
    assert out[:3] == [
        "imported '2021 Online Qual: Open R2': 10 boards, 30 teams",
        "the file's conventions: WBF 2013 continuous 20-VP",
        "checked against the file: the IMPs of 278 tables agree (it writes no VPs)",
    ]
    event = Event.objects.get(pk=int(out[-1].split()[1]))
    assert event.club is not None and event.club.name == "RealBridge"
    assert event.source == "pbn_teams_imps_30tables.pbn"


def test_the_teams_fixture_comes_back_from_usebio_and_from_pbn(tmp_path: Path) -> None:
    first = pbn_results_import(path=TEAMS_FIXTURE).event
    expected = team_results(first)
    assert len(expected["standings"]) == 30 and len(expected["lines"]) == 279
    from_usebio = import_file(path=usebio_of(first, tmp_path)).event
    assert team_results(from_usebio) == expected
    done = pbn_results_import(path=pbn_of(first, tmp_path))
    # Our teams PBN names each team, not its players.
    assert team_results(done.event, players=False) == team_results(first, players=False)
    assert "the IMPs of 278 tables and the VPs of 30 teams agree" in done.checked
    for again in (from_usebio, done.event):
        assert settings(again) == settings(first)


def run(*args: str) -> list[str]:
    out = StringIO()
    call_command(*args, stdout=out)
    return out.getvalue().splitlines()


def changed(path: Path, old: str, new: str, occurrence: int = 1) -> tuple[Path, int]:
    """The file with the ``occurrence``-th ``old`` made ``new``, and its line."""
    text = path.read_bytes().decode("iso-8859-1")
    at = -1
    for _ in range(occurrence):
        at = text.index(old, at + 1)
    line = text.count("\n", 0, at) + 1
    path.write_bytes((text[:at] + new + text[at + len(old) :]).encode("iso-8859-1"))
    return path, line


def assert_refused_and_nothing_kept(path: Path, message: str) -> None:
    before = (Event.objects.count(), Pair.objects.count(), Team.objects.count())
    counts = (TravellerLine.objects.count(), Board.objects.count())
    logged = ChangeLog.objects.count()
    with pytest.raises(CommandError, match=message) as refused:
        run("import_pbn", str(path))
    assert "Nothing was imported" in str(refused.value)
    assert (Event.objects.count(), Pair.objects.count(), Team.objects.count()) == (
        before
    )
    assert (TravellerLine.objects.count(), Board.objects.count()) == counts
    assert ChangeLog.objects.count() == logged


@pytest.mark.parametrize(
    ("name", "old", "new", "message"),
    [
        ("usebio_butler_howell_8pairs.xml", "170 -  0 0", "170 -  2 0",
         "NS IMPs: the file says 2, we make it 0.00"),
        ("usebio_cross_imp_howell_9pairs.xml", "-3.67", "-3.76",
         "EW IMPs: the file says -3.76, we make it -3.67"),
        ("usebio_cross_imp_howell_9pairs.xml", " 30.33", " 31.33",
         "total of pair 2: the file says 31.33, we make it 30.33"),
    ],
)  # fmt: skip
def test_an_imp_pairs_file_that_disagrees_is_refused_at_its_line(
    name: str, old: str, new: str, message: str, tmp_path: Path
) -> None:
    path, line = changed(
        pbn_of(usebio_import(path=FIXTURES / name), tmp_path), old, new
    )
    assert_refused_and_nothing_kept(path, re.escape(f"line {line}: {message}"))


def test_a_file_mixing_matchpoints_and_imps_is_refused_at_the_table(
    tmp_path: Path,
) -> None:
    first = usebio_import(path=FIXTURES / "usebio_butler_howell_8pairs.xml")
    path, line = changed(pbn_of(first, tmp_path), "IMP_NS", "MP_NS", occurrence=2)
    message = f"line {line}: this ScoreTable writes MP, the file's first writes IMP"
    assert_refused_and_nothing_kept(path, re.escape(message))


def test_a_teams_file_whose_imps_disagree_is_refused_at_the_table(
    tmp_path: Path,
) -> None:
    text = TEAMS_FIXTURE.read_text(encoding="iso-8859-1")
    # Board 11 at table 4 (Romania v Israel): +120, 1 IMP won.
    table = '[Score "NS 120"]\n[Table "4"]\n[HomeTeam "ROMANIA"]'
    line = text.count("\n", 0, text.index(table)) + 1
    copy = tmp_path / "realbridge.pbn"
    imps = '\n[VisitTeam "ISRAEL"]\n[ScoreIMP "NS %s EW -%s"]'
    changed_text = text.replace(table + imps % (1, 1), table + imps % (3, 3))
    copy.write_text(changed_text, encoding="iso-8859-1")
    assert copy.read_text(encoding="iso-8859-1") != text
    assert_refused_and_nothing_kept(
        copy, re.escape(f"line {line}: NS IMPs: the file says 3, we make it 1.00")
    )


def test_a_teams_file_seating_a_team_in_two_matches_is_refused(
    tmp_path: Path,
) -> None:
    text = TEAMS_FIXTURE.read_text(encoding="iso-8859-1")
    # Italy (whose match was never played) at Israel's place on board 11.
    text = text.replace('[HomeTeam "ROMANIA"]\n[VisitTeam "ISRAEL"]',
                        '[HomeTeam "ROMANIA"]\n[VisitTeam "ITALY"]', 1)  # fmt: skip
    copy = tmp_path / "realbridge.pbn"
    copy.write_text(text, encoding="iso-8859-1")
    message = r"line (\d+): team (ITALY|ROMANIA) plays two matches in round 1"
    assert_refused_and_nothing_kept(copy, message)
    with pytest.raises(CommandError) as refused:
        run("import_pbn", str(copy))
    found = re.search(message, str(refused.value))
    assert found is not None
    game = text.splitlines()[int(found[1]) - 1 :]
    game = game[: game.index("")]  # the game the message names
    assert game[0].startswith("[Event") and f'"{found[2]}"]' in "\n".join(game)


@pytest.mark.parametrize(
    ("old", "new", "occurrence", "message"),
    [
        (" 4 1 21NS 13EW 1NT  N 8 D4 120   -  1 -1",
         " 4 1 21NS 13EW 1NT  N 8 D4 120   -  2 -2", 1,
         "NS IMPs: the file says 2, we make it 1.00"),
        ("SWEDEN      18.15", "SWEDEN      18.51", 1,
         "VPs of team SWEDEN: the file says 18.51, we make it 18.15"),
        ("21NS 13EW 1NT  N 8 D4 120", "21NS 13EW 1NT  N 9 D4 120", 1,
         "the file says 120 for NS, but 1NT by N taking 9 tricks scores +150"),
        ("12 1 27NS 28EW", "12 1 27NS 26EW", 1,
         "pair 26EW already played board 11 (line 25)"),
    ],
)  # fmt: skip
def test_our_teams_pbn_that_disagrees_is_refused_at_its_line(
    old: str, new: str, occurrence: int, message: str, tmp_path: Path
) -> None:
    first = realbridge_event()
    path, line = changed(pbn_of(first, tmp_path), old, new, occurrence)
    assert_refused_and_nothing_kept(path, re.escape(f"line {line}: {message}"))


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("<OPPOSING_TEAM>18</", "<OPPOSING_TEAM>99</",
         "match 2: OPPOSING_TEAM '99' is not a team of PARTICIPANTS"),
        ('TEAM_ID="26"', 'TEAM_ID="X"', "TEAM_ID 'X' is not a team number"),
        ("<EW_PAIR_NUMBER>18EW</", "<EW_PAIR_NUMBER>5EW</",
         "match 2 (24 v 18), board 11, traveller line 1 (24NS v 5EW): the pairs "
         "are not of the match's teams"),
        ("<NS_PAIR_NUMBER>18NS</NS_PAIR_NUMBER>\n          <EW_PAIR_NUMBER>24EW<",
         "<NS_PAIR_NUMBER>24NS</NS_PAIR_NUMBER>\n          <EW_PAIR_NUMBER>18EW<",
         "board 11, traveller line 2 (24NS v 18EW): pair 24NS already played "
         "board 11"),
    ],
)  # fmt: skip
def test_a_teams_usebio_file_that_does_not_hold_together_is_refused(
    old: str, new: str, message: str, tmp_path: Path
) -> None:
    path = usebio_of(realbridge_event(), tmp_path)
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    counts = (Event.objects.count(), Team.objects.count(), Board.objects.count())
    with pytest.raises(CommandError, match=re.escape(message)) as refused:
        call_command("import_usebio", str(path), stdout=StringIO())
    assert "Nothing was imported" in str(refused.value)
    assert (Event.objects.count(), Team.objects.count(), Board.objects.count()) == (
        counts
    )


def test_a_teams_usebio_line_not_played_is_left_for_the_director(
    tmp_path: Path,
) -> None:
    path = usebio_of(realbridge_event(), tmp_path)
    text = path.read_text(encoding="utf-8")
    for old, new in (("<CONTRACT>1NT<", "<CONTRACT>NP<"), ("<SCORE>90<", "<SCORE>0<")):
        text = text.replace(old, new, 1)  # match 2's first line
    path.write_text(text, encoding="utf-8")
    done = import_file(path=path)
    assert done.not_played == [
        "match 2 (24 v 18), board 11, traveller line 1 (24NS v 18EW)"
    ]
    line = TravellerLine.objects.get(
        board__session__event=done.event, board__number=11, ns_pair__label="24NS"
    )
    assert line.no_result
