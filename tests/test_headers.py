"""Every page carries the Content-Security-Policy, Referrer-Policy and
X-Frame-Options headers, and holds nothing the policy would refuse: no inline
script, event handler or style (config/headers.py)."""

from __future__ import annotations

from collections.abc import Iterator
from html.parser import HTMLParser
from typing import TYPE_CHECKING

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from config.headers import POLICY
from scoring.models import ChangeLog, TravellerLine
from scoring.table.play.codes import codes_ensure
from tests.factories import join, make_small_evening, section_of
from tests.urlconf import routes
from tournaments.models import Event, Person

if TYPE_CHECKING:  # the test client's response type exists only in django-stubs
    from django.test.client import _MonkeyPatchedWSGIResponse as TestResponse

pytestmark = pytest.mark.django_db

JSON_NAMESPACES = {"table_api"}  # the phone's requests, not pages


class InlineCode(HTMLParser):
    """What a page holds that a policy without 'unsafe-inline' refuses."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        names = {name for name, _value in attrs}
        if tag == "style":
            self.found.append("<style>")
        if tag == "script" and "src" not in names:
            kind = dict(attrs).get("type") or ""
            if "json" not in kind:  # data for a script, never run
                self.found.append("<script> without src")
        self.found += [f"{tag} {n}" for n in names if n == "style" or n[:2] == "on"]


def ids_of(event: Event) -> dict[str, object]:
    """An object of each kind the director's URLs name, from a small evening."""
    section = section_of(event)
    line = TravellerLine.objects.filter(section=section).order_by("pk")[0]
    code = codes_ensure(section.session)[0]
    assert event.club is not None
    return {
        "event_id": event.pk, "session_id": section.session_id,
        "section_id": section.pk, "club_id": event.club.pk, "line_id": line.pk,
        "pair_id": line.ns_pair_id, "board": 1, "number": 1, "code_id": code.pk,
        "code": code.code, "change_id": ChangeLog.objects.filter(line_id=line.pk)[0].pk,
        "person_id": Person.objects.create(club=event.club, name="Ann Roe").pk,
    }  # fmt: skip


def pages(client: Client, ids: dict[str, object]) -> Iterator[tuple[str, TestResponse]]:
    """Every GET of a named URL whose arguments the evening gives, and the admin."""
    for route in routes():
        if route.namespace in JSON_NAMESPACES or not set(route.arguments) <= set(ids):
            continue
        url = reverse(route.name, kwargs={a: ids[a] for a in route.arguments})
        yield route.name, client.get(url)
    yield "admin:index", client.get(reverse("admin:index"))


def test_every_page_of_a_small_evening_carries_the_three_headers(
    client: Client,
) -> None:
    event = make_small_evening()
    user = User.objects.create_user("director", password="pw", is_staff=True)
    assert event.club is not None
    join(user, event.club.name)
    client.force_login(user)
    shown = 0
    for name, response in pages(client, ids_of(event)):
        assert response["X-Frame-Options"] == "DENY", name
        assert response["Referrer-Policy"] == "same-origin", name
        if not response["Content-Type"].startswith("text/html"):
            continue
        assert response["Content-Security-Policy"] == POLICY, name
        if response.status_code == 200:
            shown += 1
            parser = InlineCode()
            parser.feed(response.content.decode())
            assert parser.found == [], name
    assert shown >= 30  # the director's pages, not an empty sweep
