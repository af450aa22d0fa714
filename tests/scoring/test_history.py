"""The change log: every change of a result is readable and can be undone; an
undo restores the exact previous state, is logged, and can itself be undone."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.django import TestCase

from scoring.engine.notation import Language, parse_entry
from scoring.entry import services
from scoring.entry.history import change_undo, snapshot
from scoring.models import ChangeLog, TravellerLine
from tests.factories import join, make_event, make_result, section_of
from tournaments.models import Section

pytestmark = pytest.mark.django_db


def state(section_id: int) -> list[object]:
    """Every line of the section with its assigned scores, as stored."""
    lines = TravellerLine.objects.filter(section_id=section_id).order_by("id")
    return [snapshot(line) for line in lines]


def last_change() -> ChangeLog:
    change = ChangeLog.objects.order_by("-id").first()
    assert change is not None
    return change


def test_each_kind_of_change_is_undone_to_the_exact_previous_state() -> None:
    section = section_of(make_event())
    line = make_result(section, 1, "1NS", "1EW", "4S N =")
    steps = [
        lambda: services.line_record(
            section=section, board_number=1, ns_pair=line.ns_pair,
            ew_pair=line.ew_pair, result=parse_entry("4S N -1", Language.EN).result,
            line=TravellerLine.objects.get(pk=line.pk),
        ),
        lambda: services.artificial_set(
            line=TravellerLine.objects.get(pk=line.pk), ns="A60", ew="A40"
        ),
        lambda: services.assigned_set(
            line=TravellerLine.objects.get(pk=line.pk), side="",
            parts=[(Decimal(40), parse_entry("4S N =", Language.EN).result),
                   (Decimal(60), parse_entry("4S N -1", Language.EN).result)],
        ),
        lambda: services.line_delete(line=TravellerLine.objects.get(pk=line.pk)),
    ]  # fmt: skip
    for step in steps:
        before = state(section.pk)
        step()
        change_undo(change=last_change(), user=None)
        assert state(section.pk) == before
        assert last_change().action == "undone"


def test_an_undo_can_be_undone_and_a_later_change_blocks_an_earlier_undo() -> None:
    section = section_of(make_event())
    make_result(section, 1, "1NS", "1EW", "4S N =")
    entered = last_change()
    line = make_result(section, 2, "1NS", "1EW", "3NT S =")
    services.artificial_set(line=line, ns="A50", ew="A50")
    with pytest.raises(ValidationError, match="changed since"):
        change_undo(change=ChangeLog.objects.get(line_id=line.pk, action="entered"),
                    user=None)  # fmt: skip
    change_undo(change=entered, user=None)
    assert not TravellerLine.objects.filter(board__number=1).exists()
    change_undo(change=last_change(), user=None)
    assert TravellerLine.objects.filter(board__number=1).count() == 1


def test_the_directors_page_lists_changes_and_undoes_one(client: Client) -> None:
    event = make_event()
    section = section_of(event)
    user = User.objects.create_user("td", password="pw")
    join(user)
    client.force_login(user)
    entry = reverse("scoring:board_entry", args=[section.pk, 1])
    client.post(entry, {"ns": "1", "ew": "1", "entry": "4S N ="})
    line = TravellerLine.objects.get()
    url = reverse("scoring:changes", args=[section.session_id])
    page = client.get(url, {"board": 1}).content.decode()
    assert "B1 1NS-1EW 4S N = +420" in page and "td" in page
    client.post(reverse("scoring:change_undo", args=[last_change().pk]))
    assert not TravellerLine.objects.filter(pk=line.pk).exists()
    assert "undone" in client.get(url).content.decode()


ENTRIES = st.sampled_from(["4S N =", "4S N -1", "3NT S +1", "2H E =", "pass"])
ACTIONS = st.lists(
    st.tuples(st.sampled_from(["record", "artificial", "delete"]), ENTRIES),
    min_size=1, max_size=6,
)  # fmt: skip


class UndoEverythingTest(TestCase):
    @settings(max_examples=25, deadline=None)
    @given(ACTIONS)
    def test_undoing_every_change_in_reverse_restores_the_start(
        self, actions: list[tuple[str, str]]
    ) -> None:
        section = section_of(make_event())
        start, first = state(section.pk), ChangeLog.objects.count()
        for action, entry in actions:
            _apply(section, action, entry)
        made = ChangeLog.objects.count() - first
        for change in ChangeLog.objects.order_by("-id")[:made]:
            change_undo(change=change, user=None)
        assert state(section.pk) == start


def _apply(section: Section, action: str, entry: str) -> None:
    line = TravellerLine.objects.filter(section=section, board__number=1).first()
    if action == "record" or line is None:
        result = parse_entry(entry, Language.EN).result
        services.line_record(
            section=section, board_number=1,
            ns_pair=section.pairs.get(label="1NS"),
            ew_pair=section.pairs.get(label="1EW"),
            result=result, line=line,
        )  # fmt: skip
    elif action == "artificial":
        services.artificial_set(line=line, ns="A60", ew="A40")
    else:
        services.line_delete(line=line)


def test_imports_and_movement_changes_are_logged(client: Client) -> None:
    from django.core.management import call_command

    from tests.paths import FIXTURES

    call_command("import_usebio", str(FIXTURES / "usebio_mp_mitchell_16pairs.xml"))
    assert last_change().action == "imported"
    event = make_event(tables=7)
    user = User.objects.create_user("td", password="pw")
    join(user)
    client.force_login(user)
    section = section_of(event)
    url = reverse("movements:change", args=[section.pk])
    client.post(url, {"action": "leaves", "pair": "7NS", "from_round": 2})
    change = last_change()
    assert (change.action, change.description) == (
        "movement", "section A: changed from round 2",
    )  # fmt: skip
    assert change.user == user
