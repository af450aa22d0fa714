"""Golden outputs: every fixture's results, PDF and workbook, frozen as they are.

A refactor that only moves code must not change a single number or word of
what the program prints or exports. These tests drive the program only through
interfaces the refactor keeps: management commands (``import_usebio``,
``load_demo``, ``results --json``, ``export``), URL paths of the director's
pages (new team event, schedule, Swiss draw, keyboard traveller) and the models
(``Event``, ``Match``) for lookups. No other project module is imported.

Cases: the three USEBIO fixtures, the demo evening (load_demo) and one team
event of each kind (teams, board-a-match, Swiss) with results typed into the
travellers. For each case they compare

* ``results --json``: the parsed JSON, and its canonical text (so that an
  integer turning into a float shows);
* the English A4 PDF: the page count and the text of every page (pypdf);
* the English workbook (openpyxl): the sheet names and, for every sheet, its
  dimensions, merged ranges, every row's cell values (an int stays an int, a
  float is written by its exact repr) and the cells of each number format;
* for the demo, also the Spanish PDF and workbook.

The golden files live in ``tests/data/golden/<case>/``. After a deliberate
change of output, regenerate them and review the diff before committing::

    GOLDEN_UPDATE=1 .venv/bin/pytest tests/golden -q
    git diff --stat tests/data/golden

What would differ from run to run is pinned, never blanked out: the event id
in ``results --json`` is checked against the event's id, then dropped (no other
database id is printed or exported); load_demo dates the evening
``date.today()``, so its event and session are re-dated to a fixed day before
the exports; team events are created with a fixed date; the Swiss first round
is shuffled with the event id as seed, so the team tests reset the database
sequences and the Swiss event is always event 1.
"""

from __future__ import annotations

import json
import os
import re
from datetime import date, datetime, time
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client, override_settings
from openpyxl import load_workbook
from openpyxl.worksheet.worksheet import Worksheet
from pypdf import PdfReader

from tests.paths import FIXTURES, ROOT
from tournaments.models import Club, Event, Match, Membership

GOLDEN = ROOT / "tests" / "data" / "golden"
UPDATE = os.environ.get("GOLDEN_UPDATE") == "1"
DAY = date(2025, 3, 14)  # the fixed date of the demo and of the team events
USEBIO = [
    "usebio_mp_mitchell_16pairs.xml",
    "usebio_butler_howell_8pairs.xml",
    "usebio_cross_imp_howell_9pairs.xml",
]
TEAMS = (
    "Aces: Ann, Bob, Cy, Di\nKings: Ed, Flo, Gus, Hal\n"
    "Queens: Ines, Jo, Kim, Lou\nJacks: Max, Ned, Ola, Pat"
)
_LEAF_LIST = re.compile(r"\[\n\s*([^\[\]{}]*?)\n\s*\]")  # a list of plain values
_BREAK = re.compile(r",\n\s*")
# (match of the round by open table, board of the match, open room, closed room)
Script = list[tuple[int, int, str, str | None]]
ROUND_ONE: Script = [
    (0, 0, "4S N =", "4S N -1"),  # +420 against -50: 10 IMPs to home
    (0, 1, "3NT S +1 H4", "3NT S ="),  # +630 against +600: 1 IMP to home
    (1, 0, "1NT N =", "2SX N -2"),  # +90 against -300: 9 IMPs to home
    (1, 1, "4HX E -1", "4H E ="),  # +100 against -420: 11 IMPs to home
]
ROUND_TWO: Script = [
    (0, 0, "6NT S =", "3NT N +3"),  # +990 against +490: 11 IMPs to home
    (1, 1, "2D W +1", None),  # the closed room has not played yet
]


# --- comparing with the golden files -------------------------------------------


def _dump(data: Any, *, compact: bool = False) -> str:
    """Pretty JSON; compact puts each list of plain values (a row) on one line."""
    text = json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True)
    if compact:
        text = _LEAF_LIST.sub(lambda m: f"[{_BREAK.sub(', ', m[1])}]", text)
    return text + "\n"


def _check(name: str, data: Any, *, compact: bool = False) -> None:
    """Compare with tests/data/golden/<name>, or write it under GOLDEN_UPDATE=1."""
    path, text = GOLDEN / name, _dump(data, compact=compact)
    if UPDATE:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        return
    assert path.exists(), f"no golden file {name}: run with GOLDEN_UPDATE=1"
    golden = path.read_text(encoding="utf-8")
    assert json.loads(text) == json.loads(golden), name
    assert text == golden, f"{name}: same values, other types (1 against 1.0?)"


# --- reading the outputs ----------------------------------------------------------


def _results(event_id: int) -> dict[str, Any]:
    out = StringIO()
    call_command("results", str(event_id), "--json", stdout=out)
    data = json.loads(out.getvalue())
    assert data["event"].pop("id") == event_id  # the only database id printed
    return data


def _pdf(path: Path) -> dict[str, Any]:
    reader = PdfReader(path)
    box = reader.pages[0].mediabox
    return {
        "page_count": len(reader.pages),
        "page_size": [round(float(box.width)), round(float(box.height))],
        "pages": [page.extract_text() for page in reader.pages],
    }


def _value(value: object) -> object:
    """A cell value in JSON: numbers and text as they are (a float by its
    shortest exact repr), anything else tagged with its type."""
    if value is None or isinstance(value, str | int | float):
        return value
    if isinstance(value, datetime | date | time):
        return {type(value).__name__: value.isoformat()}
    return {type(value).__name__: str(value)}


def _sheet(sheet: Worksheet) -> dict[str, Any]:
    """Every row's values from column A, and where each number format is used."""
    rows: list[list[object]] = []
    formats: dict[str, list[str]] = {}
    for row in sheet.iter_rows():
        rows.append([_value(cell.value) for cell in row])
        for cell in row:
            if cell.number_format != "General":
                formats.setdefault(cell.number_format, []).append(cell.coordinate)
    return {
        "dimensions": sheet.dimensions,
        "merged": sorted(str(cells) for cells in sheet.merged_cells.ranges),
        "rows": rows,
        "number_formats": {f: " ".join(cells) for f, cells in formats.items()},
    }


def _workbook(path: Path) -> dict[str, Any]:
    book = load_workbook(path)
    return {
        "sheet_names": book.sheetnames,
        "sheets": {sheet.title: _sheet(sheet) for sheet in book.worksheets},
    }


def _check_event(
    case: str, event_id: int, folder: Path, languages: tuple[str, ...] = ("en",)
) -> None:
    _check(f"{case}/results.json", _results(event_id))
    for language in languages:
        pdf, xlsx = folder / f"{language}.pdf", folder / f"{language}.xlsx"
        call_command("export", str(event_id), "--pdf", str(pdf), "--xlsx", str(xlsx),
                     "--language", language, "--page-size", "A4",
                     stdout=StringIO())  # fmt: skip
        pages = _pdf(pdf)
        if language != "en":  # without compiled catalogues the text stays English
            assert "Page 1" not in pages["pages"][0], "run manage.py compilemessages"
        _check(f"{case}/pdf_{language}.json", pages)
        _check(f"{case}/workbook_{language}.json", _workbook(xlsx), compact=True)


# --- building the team events through the director's pages ------------------------


@pytest.fixture
def director(client: Client) -> Client:
    user = User.objects.create_user("director", password="pw")
    club = Club.objects.create(name="Winter club")
    Membership.objects.create(user=user, club=club, role=Membership.Role.DIRECTOR)
    client.force_login(user)
    return client


def _post(client: Client, url: str, data: dict[str, object] | None = None) -> None:
    response = client.post(url, data or {})
    assert response.status_code == 302, response.content.decode()[-2000:]


def _team_event(client: Client, kind: str) -> Event:
    _post(
        client,
        "/teams/new/",
        {
            "club": Club.objects.get(name="Winter club").pk,
            "name": f"Winter {kind}",
            "date": DAY.isoformat(),
            "kind": kind,
            "boards_per_match": 2,
            "vp_scale": "wbf2013_continuous",
            "teams": TEAMS,
        },
    )
    return Event.objects.get()


def _play(client: Client, event: Event, round_no: int, script: Script) -> None:
    """Type the script's results: home sits NS in the open room, away in the
    closed room; None is a room that has not played the board."""
    section = event.sessions.get().sections.get()
    matches = list(Match.objects.filter(session__event=event, round=round_no))
    for index, offset, open_room, closed_room in script:
        match = matches[index]
        home, away = match.home.number, match.away.number
        rooms = [
            (f"{home}NS", f"{away}EW", open_room, match.open_table),
            (f"{away}NS", f"{home}EW", closed_room, match.closed_table),
        ]
        board = match.first_board + offset
        for ns, ew, entry, table in rooms:
            if entry is not None:
                _post(client, f"/sections/{section.pk}/boards/{board}/",
                      {"ns": ns, "ew": ew, "entry": entry, "table": table,
                       "round_no": round_no})  # fmt: skip


# --- the cases -----------------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize("fixture", USEBIO)
def test_the_reports_of_every_imported_usebio_file_are_unchanged(
    fixture: str, tmp_path: Path
) -> None:
    out = StringIO()
    call_command("import_usebio", str(FIXTURES / fixture), stdout=out)
    last = out.getvalue().splitlines()[-1]
    assert last.startswith("event "), out.getvalue()
    _check_event(Path(fixture).stem, int(last.removeprefix("event ")), tmp_path)


@pytest.mark.django_db
def test_the_demo_evening_reports_are_unchanged(tmp_path: Path) -> None:
    # as `make run` does: DEBUG on (the tests run with it off)
    with override_settings(DEBUG=True):
        call_command("load_demo", stdout=StringIO())
    event = Event.objects.get()
    # load_demo dates the evening today: the reports print that day.
    Event.objects.filter(pk=event.pk).update(date=DAY)
    event.sessions.update(date=DAY)
    _check_event("demo", event.pk, tmp_path, languages=("en", "es"))


@pytest.mark.django_db(transaction=True, reset_sequences=True)
@pytest.mark.parametrize("kind", ["teams", "bam"])
def test_the_reports_of_a_round_robin_team_event_are_unchanged(
    kind: str, director: Client, tmp_path: Path
) -> None:
    event = _team_event(director, kind)
    _post(director, f"/teams/{event.pk}/schedule/")
    assert Match.objects.filter(session__event=event).count() == 6
    _play(director, event, 1, ROUND_ONE)
    _play(director, event, 2, ROUND_TWO)
    _check_event(kind, event.pk, tmp_path)


@pytest.mark.django_db(transaction=True, reset_sequences=True)
def test_the_reports_of_a_swiss_event_are_unchanged(
    director: Client, tmp_path: Path
) -> None:
    event = _team_event(director, "swiss")
    # The first round is shuffled with the event id as seed: keep the id fixed.
    assert event.pk == 1
    _post(director, f"/teams/{event.pk}/draw/")
    _play(director, event, 1, ROUND_ONE)
    _post(director, f"/teams/{event.pk}/draw/")  # round two, from the standings
    assert Match.objects.filter(session__event=event).count() == 4
    _play(director, event, 2, ROUND_TWO)
    _check_event("swiss", event.pk, tmp_path)
