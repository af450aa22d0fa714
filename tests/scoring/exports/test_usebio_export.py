"""USEBIO export: every pairs fixture imported, exported and imported again
scores the same, the file's numbers are ours, and hostile text stays text."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from scoring.engine.notation import Language, parse_entry
from scoring.entry.services import artificial_set, assigned_set, line_record
from scoring.formats.usebio import UsebioError, read_usebio
from scoring.interchange.exports import event_session, session_usebio
from scoring.interchange.usebio import usebio_import
from scoring.reports.results_json import event_json
from scoring.standings import session_results
from tests.factories import add_section, make_event, make_small_evening, pair
from tests.factories import section_of as section
from tests.paths import FIXTURES
from tournaments.models import Event, Player

pytestmark = pytest.mark.django_db

PAIRS_FIXTURES = [
    "usebio_mp_mitchell_16pairs.xml",
    "usebio_butler_howell_8pairs.xml",
    "usebio_cross_imp_howell_9pairs.xml",
]
HOSTILE = "<x>&\"' </PLAYER_NAME>]]>\x01"
# What an import restores of an event's settings (the file's own numbers tell).
SETTINGS = ("scoring", "two_winners", "datum_tie", "ximp_divisor", "factoring")


def exported(event: Event, folder: Path) -> Path:
    path = folder / f"event-{event.pk}.xml"
    path.write_bytes(session_usebio(event_session(event)))
    return path


def scored(event: Event) -> dict[str, Any]:
    """``results --json`` without what an import cannot keep: the event's id."""
    data = event_json(event)
    del data["event"]["id"]
    return data


def round_trip(event: Event, folder: Path) -> Event:
    return usebio_import(path=exported(event, folder))


@pytest.mark.parametrize("name", PAIRS_FIXTURES)
def test_a_fixture_exported_and_imported_again_scores_the_same(
    name: str, tmp_path: Path
) -> None:
    first = usebio_import(path=FIXTURES / name)
    again = round_trip(first, tmp_path)
    assert scored(again) == scored(first)
    assert [getattr(again, f) for f in SETTINGS] == [
        getattr(first, f) for f in SETTINGS
    ]


@pytest.mark.parametrize("name", PAIRS_FIXTURES)
def test_the_files_numbers_are_ours(name: str, tmp_path: Path) -> None:
    event = usebio_import(path=FIXTURES / name)
    ours = event_json(event)
    written = read_usebio(exported(event, tmp_path))
    pairs = {
        p.label: (Decimal(p.total), Decimal(p.percentage or "0"), p.place)
        for p in written.pairs
    }
    assert pairs == {
        r["pair"]: (
            Decimal(str(r["score"])),
            Decimal(str(r["percentage"] or 0)),
            r["rank"],
        )
        for r in ours["rankings"]
    }
    lines = {
        (x.board, x.ns.number, x.ew.number): tuple(Decimal(p) for p in x.points)
        for x in written.lines
    }
    assert lines == {
        (b["number"], int(x["ns"].rstrip("NSEW")), int(x["ew"].rstrip("NSEW"))): (
            Decimal(str(x["ns_points"])),
            Decimal(str(x["ew_points"])),
        )
        for b in ours["boards"]
        for x in b["lines"]
    }
    datums = {b["number"]: str(b["datum"]) for b in ours["boards"] if "datum" in b}
    assert written.datums == datums


@pytest.mark.parametrize("name", PAIRS_FIXTURES)
def test_names_member_numbers_and_deals_are_kept(name: str, tmp_path: Path) -> None:
    original = read_usebio(FIXTURES / name)
    written = read_usebio(exported(usebio_import(path=FIXTURES / name), tmp_path))
    assert {p.label: (p.names, p.national_ids) for p in written.pairs} == {
        p.label: (p.names, p.national_ids) for p in original.pairs
    }
    assert written.deals == original.deals
    assert written.club == original.club and written.date == original.date
    assert written.program == "bridgescore"


def test_the_file_is_utf8_with_its_declaration(tmp_path: Path) -> None:
    event = make_small_evening()
    content = exported(event, tmp_path).read_bytes()
    assert content.startswith(b'<?xml version="1.0" encoding="UTF-8"?>\n')
    assert "Círculo Bridge Ñandú".encode() in content


def test_a_hostile_name_stays_inert(tmp_path: Path) -> None:
    evening = make_small_evening()
    Event.objects.filter(pk=evening.pk).update(name=HOSTILE)
    event = Event.objects.get(pk=evening.pk)
    Player.objects.create(pair=pair(section(event), "2NS"), seat=3, name=HOSTILE)
    content = exported(event, tmp_path).read_bytes()
    assert b"&lt;x&gt;&amp;" in content and b"<x>" not in content
    assert b"\x01" not in content
    written = read_usebio(tmp_path / f"event-{event.pk}.xml")
    kept = HOSTILE.replace("\x01", "")
    assert written.name == kept
    assert [p.names for p in written.pairs if p.label == "2NS"] == [(kept,)]
    again = usebio_import(path=tmp_path / f"event-{event.pk}.xml")
    assert again.name == kept
    assert Player.objects.filter(pair__section__session__event=again, name=kept)


def test_adjusted_and_unplayed_lines_come_back_as_they_were(tmp_path: Path) -> None:
    event = make_small_evening()
    s = section(event)
    lines = s.lines.order_by("board__number", "table")
    artificial_set(line=lines[0], ns="A60", ew="A40")
    replaced = parse_entry("3NT S +1", Language.EN).result
    assigned_set(line=lines[4], side="", parts=[(Decimal(100), replaced)])
    line_record(
        section=s, board_number=3, ns_pair=pair(s, "1NS"),
        ew_pair=pair(s, "3EW"), result=None, round_no=3, table=1,
    )  # fmt: skip
    path = exported(event, tmp_path)
    written = {(x.board, x.ns.number): x for x in read_usebio(path).lines}
    assert written[1, 1].score == "A6040"
    assert (written[2, 2].contract, written[2, 2].score) == ("3NT", "630")
    assert written[3, 1].not_played
    again = usebio_import(path=path)
    assert scored(again)["rankings"] == scored(event)["rankings"]
    assert session_results(again.sessions.get()).boards[2].lines[0].points is None


def test_several_sections_are_numbered_by_section(tmp_path: Path) -> None:
    event = make_event(tables=2)
    add_section(event, "B", 2)
    for letter in ("A", "B"):
        line_record(
            section=section(event, letter), board_number=1,
            ns_pair=pair(section(event, letter), "1NS"),
            ew_pair=pair(section(event, letter), "1EW"),
            result=parse_entry("4S N =", Language.EN).result,
        )  # fmt: skip
    written = read_usebio(exported(event, tmp_path))
    assert {(p.label, p.ref.section) for p in written.pairs} >= {
        ("(A) 1NS", "A"),
        ("(B) 1NS", "B"),
    }
    assert {(x.ns.section, x.ns.number) for x in written.lines} == {
        ("A", 1),
        ("B", 1),
    }


def test_a_weighted_score_shows_the_table_result_with_its_adjusted_points(
    tmp_path: Path,
) -> None:
    event = make_small_evening()
    line = section(event).lines.get(board__number=2, table=2)
    parts = [
        (Decimal(50), parse_entry(text, Language.EN).result)
        for text in ("4H S =", "4H S -2")
    ]
    assigned_set(line=line, side="", parts=parts)
    written = {
        (x.board, x.ns.number): x for x in read_usebio(exported(event, tmp_path)).lines
    }
    ours = {
        (b["number"], x["ns"]): x
        for b in event_json(event)["boards"]
        for x in b["lines"]
    }
    shown = written[2, 2]
    assert (shown.contract, shown.tricks, shown.score) == ("4H", "9", "-100")
    assert tuple(Decimal(p) for p in shown.points) == (
        Decimal(str(ours[2, "2NS"]["ns_points"])),
        Decimal(str(ours[2, "2NS"]["ew_points"])),
    )
    # USEBIO has no weighted score: read back, the table result scores alone
    back = tmp_path / f"event-{event.pk}.xml"
    with pytest.raises(UsebioError, match="board 2, traveller line"):
        usebio_import(path=back)
    usebio_import(path=back, keep_file_points=True)
