"""The `table_codes` command: every table's code, made once and printed again."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from scoring.models import TableCode
from tests.factories import add_section, make_event
from tournaments.models import Session

pytestmark = pytest.mark.django_db


def run(*args: str) -> str:
    out = StringIO()
    call_command("table_codes", *args, stdout=out)
    return out.getvalue()


def test_json_lists_every_tables_code_and_a_second_run_gives_the_same() -> None:
    event = make_event(tables=3)
    add_section(event, "B", 2)
    session = Session.objects.get(event=event)
    printed = json.loads(run(str(session.pk), "--json"))
    assert [(row["section"], row["table"]) for row in printed] == [
        ("A", 1), ("A", 2), ("A", 3), ("B", 1), ("B", 2)
    ]  # fmt: skip
    assert all(set(row) == {"section", "table", "code"} for row in printed)
    stored = {
        (c.section.letter, c.table): c.code
        for c in TableCode.objects.select_related("section")
    }
    assert {(r["section"], r["table"]): r["code"] for r in printed} == stored
    assert json.loads(run(str(session.pk), "--json")) == printed


def test_text_prints_a_line_a_table() -> None:
    session = Session.objects.get(event=make_event(tables=2))
    lines = run(str(session.pk)).splitlines()
    codes = dict(TableCode.objects.values_list("table", "code"))
    assert lines == [f"A   1  {codes[1]}", f"A   2  {codes[2]}"]


def test_an_unknown_session_is_refused() -> None:
    with pytest.raises(CommandError, match="there is no session 999"):
        run("999")
    assert not TableCode.objects.exists()
