"""Reading the USEBIO files of the tests (the shared fixtures and the small files
in ``tests/data/usebio``) and writing edited copies: a missing element fails the
test."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from decimal import Decimal
from io import StringIO
from pathlib import Path

from django.core.management import call_command

from tests.paths import ROOT

DATA = ROOT / "tests" / "data" / "usebio"


def event_element(path: Path) -> ET.Element:
    """The file's <EVENT>."""
    event = ET.parse(path).getroot().find("EVENT")
    assert event is not None, f"no <EVENT> in {path.name}"
    return event


def text(element: ET.Element, tag: str) -> str:
    """The text of `element`'s child `tag`, which must be there."""
    found = element.findtext(tag)
    assert found is not None, f"no <{tag}> in <{element.tag}>"
    return found


def edited(source: Path, folder: Path, *changes: tuple[str, str]) -> Path:
    """A copy of `source` in `folder` with each (old, new) replaced everywhere;
    each `old` must be in the file."""
    content = source.read_text(encoding="utf-8")
    for old, new in changes:
        assert old in content, f"{old!r} is not in {source.name}"
        content = content.replace(old, new)
    path = folder / f"edited_{source.name}"
    path.write_text(content, encoding="utf-8")
    return path


def written_points(path: Path) -> dict[tuple[int, str, str], tuple[Decimal, Decimal]]:
    """Every line's NS and EW matchpoints, by (board, NS pair, EW pair)."""
    return {
        (
            int(text(b, "BOARD_NUMBER")),
            text(t, "NS_PAIR_NUMBER"),
            text(t, "EW_PAIR_NUMBER"),
        ): (Decimal(text(t, "NS_MATCH_POINTS")), Decimal(text(t, "EW_MATCH_POINTS")))
        for b in event_element(path).iter("BOARD")
        for t in b.findall("TRAVELLER_LINE")
    }


def written_standings(path: Path) -> dict[str, tuple[Decimal, Decimal, str]]:
    """Every pair's TOTAL_SCORE, PERCENTAGE and PLACE, by pair number."""
    return {
        text(p, "PAIR_NUMBER"): (
            Decimal(text(p, "TOTAL_SCORE")),
            Decimal(text(p, "PERCENTAGE")),
            text(p, "PLACE"),
        )
        for p in event_element(path).iter("PAIR")
    }


def import_command(path: Path, *options: str) -> tuple[str, int]:
    """``import_usebio``'s output and the id of the event it created."""
    out = StringIO()
    call_command("import_usebio", str(path), *options, stdout=out)
    last = out.getvalue().strip().splitlines()[-1]
    assert last.startswith("event "), out.getvalue()
    return out.getvalue(), int(last.removeprefix("event "))


def results_json(event_id: int) -> dict:
    out = StringIO()
    call_command("results", str(event_id), "--json", stdout=out)
    data: dict = json.loads(out.getvalue())
    return data
