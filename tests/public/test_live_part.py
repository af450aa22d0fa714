"""The live part of the room display and live standings, rendered once for every
server process (kept in the database): a display told of change N by the feed
takes any copy showing N or later; what the public may see is never taken from
a copy made for another state."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from scoring.live import rendered
from scoring.live.changes import last_change
from scoring.models import RenderedPart
from scoring.public import views
from tests.factories import make_result, make_small_evening, section_of
from tournaments.models import Event, Session

pytestmark = pytest.mark.django_db


@pytest.fixture
def renders(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """Each rendering of the live part, counted; the process starts with no
    copy of its own (as another server process would)."""
    counted: list[int] = []
    scored = views.public_live

    def counting(session: Session) -> Any:
        counted.append(session.pk)
        return scored(session)

    monkeypatch.setattr(views, "public_live", counting)
    rendered._rendered_parts.clear()
    yield counted
    rendered._rendered_parts.clear()


def _part(client: Client, session: Session, change: int | None, **headers: str) -> Any:
    query = {"part": "live"} | ({} if change is None else {"change": change})
    return client.get(reverse("public:live", args=[session.pk]), query, headers=headers)


def _shows(response: Any) -> int:
    found = re.search(r'data-change="(\d+)"', response.content.decode())
    assert found, response.content
    return int(found.group(1))


def test_every_process_serves_the_one_rendering(
    client: Client, renders: list[int]
) -> None:
    session = make_small_evening(published=True).sessions.get()
    now = last_change(session.event_id)
    first = _part(client, session, now)
    assert first.status_code == 200 and _shows(first) == now and renders == [session.pk]
    rendered._rendered_parts.clear()  # another process: the copy is the database's
    again = _part(client, session, now)
    assert again.content == first.content and renders == [session.pk]
    assert again["ETag"] == first["ETag"]
    assert RenderedPart.objects.count() == 1
    unchanged = _part(client, session, now, If_None_Match=first["ETag"])
    assert unchanged.status_code == 304 and renders == [session.pk]
    # The sort links are the same for every display: no change in them.
    assert not re.search(r"[?&;]change=", first.content.decode())


def test_a_display_told_of_a_later_change_gets_a_copy_showing_it(
    client: Client, renders: list[int]
) -> None:
    event = make_small_evening(published=True)
    session = event.sessions.get()
    before = _part(client, session, last_change(event.pk))
    make_result(section_of(event), 3, "1NS", "3EW", "7NT S =", round_no=3, table=1)
    told = last_change(event.pk)
    after = _part(client, session, told, If_None_Match=before["ETag"])
    assert after.status_code == 200 and _shows(after) == told
    assert len(renders) == 2 and after["ETag"] != before["ETag"]
    assert RenderedPart.objects.get().change == told
    # A display asking for an earlier change takes the later copy.
    assert _part(client, session, told - 1).content == after.content
    assert len(renders) == 2


def test_a_page_asked_without_a_change_takes_only_the_version_now(
    client: Client, renders: list[int]
) -> None:
    event = make_small_evening(published=True)
    session = event.sessions.get()
    now = last_change(event.pk)
    _part(client, session, now)
    # A name changed without a log entry: the results' version moves.
    section_of(event).pairs.filter(label="1NS").update(label="19NS")
    fresh = _part(client, session, None)
    assert len(renders) == 2 and "19NS" in fresh.content.decode()


def test_a_copy_made_for_another_secrecy_is_never_served(
    client: Client, renders: list[int]
) -> None:
    event = make_small_evening(published=True, hide_current_round=False)
    section = section_of(event)
    make_result(section, 3, "1NS", "3EW", "7NT S =", round_no=3, table=1)
    session = event.sessions.get()
    now = last_change(event.pk)
    whole = _part(client, session, now).content.decode()
    assert "is in play" not in whole
    # The director hides the round in play (a setting, not a result).
    Event.objects.filter(pk=event.pk).update(hide_current_round=True)
    hiding = _part(client, session, now).content.decode()
    assert len(renders) == 2 and "Round 3 is in play" in hiding
    assert RenderedPart.objects.count() == 2


def test_a_rendering_begun_by_another_process_is_waited_for(
    client: Client, renders: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    session = make_small_evening(published=True).sessions.get()
    now = last_change(session.event_id)
    made = _part(client, session, now)
    row = RenderedPart.objects.get()
    rendered._rendered_parts.clear()
    # Another process has begun rendering a later change; it ends while we wait.
    RenderedPart.objects.update(change=0, claimed=time.time())
    waits: list[float] = []

    def other_process_ends(seconds: float) -> None:
        waits.append(seconds)
        RenderedPart.objects.update(change=row.change, claimed=None)

    monkeypatch.setattr(rendered.time, "sleep", other_process_ends)
    again = _part(client, session, now)
    assert again.content == made.content and len(renders) == 1 and len(waits) == 1


def test_a_rendering_left_unfinished_is_taken_over(
    client: Client, renders: list[int]
) -> None:
    session = make_small_evening(published=True).sessions.get()
    now = last_change(session.event_id)
    _part(client, session, now)
    rendered._rendered_parts.clear()
    stale = time.time() - rendered.CLAIM_SECONDS - 1
    RenderedPart.objects.update(change=0, claimed=stale)
    assert _shows(_part(client, session, now)) == now and len(renders) == 2
    assert RenderedPart.objects.get().claimed is None
