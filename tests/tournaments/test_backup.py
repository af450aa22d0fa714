"""backup and restore round-trip every club's events exactly; a bad file
restores nothing."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from scoring.models import ChangeLog, TravellerLine
from tests.factories import make_small_evening
from tournaments.models import Event

pytestmark = pytest.mark.django_db(transaction=True)


def results_json(event_id: int) -> dict[str, object]:
    out = StringIO()
    call_command("results", str(event_id), "--json", stdout=out)
    data: dict[str, object] = json.loads(out.getvalue())
    return data


def test_a_backup_restores_the_event_exactly(tmp_path: Path) -> None:
    event = make_small_evening()
    before = results_json(event.pk)
    lines = list(TravellerLine.objects.order_by("id").values())
    path = tmp_path / "club.json"
    call_command("backup", str(path), stdout=StringIO())
    Event.objects.all().delete()
    call_command("restore", str(path), stdout=StringIO())
    assert results_json(event.pk) == before
    assert list(TravellerLine.objects.order_by("id").values()) == lines
    assert ChangeLog.objects.filter(event_id=event.pk).count() == len(lines)


def test_a_broken_backup_restores_nothing(tmp_path: Path) -> None:
    event = make_small_evening()
    path = tmp_path / "club.json"
    call_command("backup", str(path), stdout=StringIO())
    rows = json.loads(path.read_text(encoding="utf-8"))
    rows.append({"model": "scoring.travellerline", "pk": 999, "fields": {"board": 0}})
    path.write_text(json.dumps(rows), encoding="utf-8")
    Event.objects.all().delete()
    with pytest.raises(CommandError, match="Nothing was restored"):
        call_command("restore", str(path), stdout=StringIO())
    assert not Event.objects.filter(pk=event.pk).exists()
    with pytest.raises(CommandError, match="not a backup"):
        (tmp_path / "x.json").write_text("{", encoding="utf-8")
        call_command("restore", str(tmp_path / "x.json"))
