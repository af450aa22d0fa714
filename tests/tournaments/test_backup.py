"""backup and restore round-trip every club's events exactly; a bad file
restores nothing."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.apps import apps
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from django.db import models

from scoring.live.results_cache import results_version
from scoring.models import (
    ChangeLog,
    PairPhone,
    RoundConfirmation,
    SocialPad,
    SocialSession,
    TableEntry,
    TravellerLine,
)
from scoring.table.play.codes import codes_ensure
from tests.factories import make_small_evening, section_of
from tournaments.management.commands.backup import APPS, LEFT_OUT
from tournaments.models import DealSet, Event, Invitation, Person, PersonMerge
from tournaments.setup.simultaneous import simultaneous_create

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


def test_the_freshness_stamps_are_made_anew_on_restore(tmp_path: Path) -> None:
    """The stamps are the database's own: left out of the file, and made by
    the triggers as the restored rows go in, so the pages read fresh results."""
    event = make_small_evening()
    session = event.sessions.get()
    path = tmp_path / "club.json"
    call_command("backup", str(path), stdout=StringIO())
    assert "scoring.resultsversion" not in path.read_text(encoding="utf-8")
    was = results_version(session)
    Event.objects.all().delete()
    call_command("restore", str(path), stdout=StringIO())
    now = results_version(session)
    assert now and now != was


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


def backed_up() -> list[type[models.Model]]:
    """Every model the backup writes (with the many-to-many tables)."""
    found: list[type[models.Model]] = []
    for label in APPS:
        if "." in label:
            found.append(apps.get_model(label))
        else:
            config = apps.get_app_config(label)
            found += config.get_models(include_auto_created=True)
    left_out = {apps.get_model(label) for label in LEFT_OUT}
    return [model for model in found if model not in left_out]


def timestamped(model: type[models.Model]) -> list[str]:
    return [
        f.attname
        for f in model._meta.concrete_fields
        if isinstance(f, models.DateTimeField | models.TimeField)
    ]


def every_row() -> dict[str, list[dict[str, Any]]]:
    return {
        m._meta.label: list(m._base_manager.order_by("pk").values())
        for m in backed_up()
    }


def rows_of_every_timestamped_kind() -> None:
    """A small evening with a phone's entry and confirmation, a social pad, a
    director who logged in, a merge of two people, a set of deals kept and a
    simultaneous with its release time."""
    event = make_small_evening()
    line = TravellerLine.objects.filter(section__session__event=event).first()
    assert line is not None
    code = codes_ensure(section_of(event).session)[0]
    TableEntry.objects.create(
        table=code, client_id="c1", round=1, board=line.board,
        ns_pair=line.ns_pair, ew_pair=line.ew_pair,
    )  # fmt: skip
    RoundConfirmation.objects.create(table=code, round=1, side="NS")
    PairPhone.objects.create(
        holder=line.ew_pair, signed_in=code, table=1, seat="EW",
        last_seen=datetime.now(UTC),
    )  # fmt: skip
    SocialSession.objects.create()
    SocialPad.objects.create(north="Ann", east="Bob", south="Cleo", west="Dan")
    director = User.objects.create_user("director", last_login=datetime.now(UTC))
    assert event.club is not None
    kept = Person.objects.create(club=event.club, name="Ann Roe")
    PersonMerge.objects.create(club=event.club, kept=kept, gone_name="A Roe", results=1)
    Invitation.objects.create(user=director, club=event.club, role="scorer")
    deals = {str(line.board.number): line.board.deal}  # the evening deals board 1
    DealSet.objects.create(
        club=event.club, session=line.board.session, fingerprint="f" * 64, deals=deals
    )
    release = datetime(2026, 3, 4, 20, 0, tzinfo=UTC)
    simultaneous_create(name="Sims", boards=24, release_at=release)


def test_a_restore_gives_back_every_value_to_the_microsecond(tmp_path: Path) -> None:
    rows_of_every_timestamped_kind()
    moment = datetime(2026, 3, 4, 12, 0, 0, 123456, tzinfo=UTC)
    for model in backed_up():
        fields = timestamped(model)
        if not fields:
            continue
        pks = list(model._base_manager.values_list("pk", flat=True))
        assert pks, f"no {model._meta.label} row to back up"
        for i, pk in enumerate(pks):
            at = moment + timedelta(days=i, microseconds=i)
            model._base_manager.filter(pk=pk).update(**dict.fromkeys(fields, at))
    before = every_row()
    path = tmp_path / "club.json"
    call_command("backup", str(path), stdout=StringIO())
    call_command("flush", interactive=False, verbosity=0)
    assert not any(every_row().values())
    call_command("restore", str(path), stdout=StringIO())
    assert every_row() == before
