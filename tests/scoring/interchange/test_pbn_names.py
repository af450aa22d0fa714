"""A pair's names go out in our PBN export and come back as the same two players,
through our import_pbn and through endplay's parser, whatever they hold; a ";"
(PBN's separator of names) is written "," and a line break a space."""

from __future__ import annotations

import io
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from endplay.parsers import pbn as endplay_pbn

import scoring.interchange.exports as exports
from scoring.formats.pbn import unescape
from scoring.formats.pbn_write import write_pbn
from tests.paths import FIXTURES
from tournaments.models import Event, Pair, Player

pytestmark = pytest.mark.django_db

MITCHELL = FIXTURES / "usebio_mp_mitchell_16pairs.xml"
# (written, read back) for each player of a pair
HOSTILE = [
    (("O;Neil Ann", "Bob Ray"), ("O,Neil Ann", "Bob Ray")),
    (('Ann "Al" Lee', 'Bob"'), ('Ann "Al" Lee', 'Bob"')),
    (("C:\\Ann\\", "\\\\Bob"), ("C:\\Ann\\", "\\\\Bob")),
    (("Ann & Co", "Bob&Ray"), ("Ann & Co", "Bob&Ray")),
    (("Ann - Lee", "Bob / Ray"), ("Ann - Lee", "Bob / Ray")),
    (("Ann\r\nLee", "Bob\n"), ("Ann Lee", "Bob")),
    (('x";[Event "y"]', "{Bob}"), ('x",[Event "y"]', "{Bob}")),
]


def _named_event() -> tuple[Event, dict[str, tuple[str, ...]]]:
    """The Mitchell fixture with a hostile pair of names on each of its first
    pairs; the names expected back by pair label."""
    call_command("import_usebio", str(MITCHELL), stdout=StringIO())
    event = Event.objects.get()
    pairs = Pair.objects.filter(section__session__event=event).order_by("pk")
    expected: dict[str, tuple[str, ...]] = {}
    for pair, (written, back) in zip(pairs, HOSTILE, strict=False):
        pair.players.all().delete()
        Player.objects.bulk_create(
            Player(pair=pair, seat=seat, name=name)
            for seat, name in enumerate(written, start=1)
        )
        expected[pair.label] = back
    return event, expected


def _exported(event: Event, folder: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setattr(exports, "double_dummy", lambda deals: {})
    session = exports.scored_session(exports.event_session(event))
    path = folder / "names.pbn"
    path.write_bytes(write_pbn(session, "test").content)
    return path


def test_hostile_names_come_back_as_the_same_two_players_in_our_import(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    event, expected = _named_event()
    path = _exported(event, tmp_path, monkeypatch)
    out = StringIO()
    call_command("import_pbn", str(path), stdout=out)
    again = int(out.getvalue().strip().splitlines()[-1].split()[1])
    read = {
        pair.label: tuple(p.name for p in pair.players.order_by("seat"))
        for pair in Pair.objects.filter(section__session__event=again)
        if pair.label in expected
    }
    assert read == expected


def test_hostile_names_come_back_as_the_same_two_players_in_endplay(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    event, expected = _named_event()
    path = _exported(event, tmp_path, monkeypatch)
    text = path.read_bytes().decode("iso-8859-1")
    first = endplay_pbn.load(io.StringIO(text, newline=""))[0]
    table = first.info["TotalScoreTable"]
    headers = [c if isinstance(c, str) else c["name"] for c in table["headers"]]
    at = headers.index("Names")
    read = {}
    for cells in table["rows"]:
        # endplay splits a row at every space: the cells beyond the columns'
        # count belong to the (quoted) names
        extra = len(cells) - len(headers)
        names = " ".join(cells[at : at + extra + 1])
        assert names.startswith('"') and names.endswith('"')
        read[cells[headers.index("PairId")]] = tuple(
            name.strip() for name in unescape(names[1:-1]).split(";")
        )
    assert {label: read[label] for label in expected} == expected
