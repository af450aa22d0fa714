"""axe-core on every director page (issue 29), the list read from the URLconf:
every pattern of the director's namespaces whose arguments a demo evening
fills (tournaments/demo.py) and that answers a GET with an HTML page. No
serious or critical WCAG 2.2 AA violation at a laptop's 1280×900, and no
sideways scrolling on a tablet's 1024×768.

A pattern that answers otherwise (a POST-only action, a file, a team page the
pairs demo has no id for) is printed with its answer, not checked."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from pytest_django.live_server_helper import LiveServer

from scoring.models import TravellerLine
from tests.browser.checks import axe_results, axe_summary, overflowing
from tests.factories import join
from tests.urlconf import Route, routes
from tournaments.demo import build_demo
from tournaments.models import Club, Event, Pair, Person
from tournaments.setup.teams import (
    TeamEntry,
    round_robin_schedule,
    team_event_create,
)

if TYPE_CHECKING:  # at run time playwright may be missing: the module is skipped
    from playwright.sync_api import Browser, Page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
DIRECTOR = {"tournaments", "scoring", "table_room", "movements", "imps"}
LAPTOP = {"width": 1280, "height": 900}
TABLET = {"width": 1024, "height": 768}
AT_LEAST = 35  # pages checked: the list cannot quietly empty


def _ids(event: Event) -> dict[str, int]:
    """An id of the demo evening for each argument name of the URLconf."""
    session = event.sessions.get()
    section = session.sections.get()
    assert event.club is not None
    person = Person.objects.get_or_create(club=event.club, name="Ana López")[0]
    return {
        "event_id": event.pk,
        "session_id": session.pk,
        "section_id": section.pk,
        "club_id": event.club.pk,
        "person_id": person.pk,
        "pair_id": Pair.objects.filter(section=section).first().pk,  # type: ignore[union-attr]
        "line_id": TravellerLine.objects.filter(section=section).first().pk,  # type: ignore[union-attr]
        "board": 1,
        "number": 1,
    }


def _url(route: Route, ids: dict[str, int]) -> str | None:
    if any(name not in ids for name in route.arguments):
        return None
    return reverse(route.name, kwargs={name: ids[name] for name in route.arguments})


def _team_ids(club: Club) -> dict[str, int]:
    """A round robin of four teams in the same club, for the team pages."""
    event = team_event_create(
        club=club,
        name="Winter teams",
        kind=Event.Scoring.TEAMS,
        boards_per_match=2,
        teams=[TeamEntry(name) for name in ("Aces", "Kings", "Queens", "Jacks")],
    )
    match = round_robin_schedule(event=event)[0]
    session = event.sessions.get()
    pair = Pair.objects.filter(section__session=session).first()
    assert pair is not None
    section = session.sections.get()
    ids = {"event_id": event.pk, "session_id": session.pk, "section_id": section.pk}
    return ids | {"match_id": match.pk, "pair_id": pair.pk, "board": 1}


def director_pages(
    client: Client, ids: dict[str, int], names: set[str] | None = None
) -> tuple[list[tuple[str, str]], set[str]]:
    """(name, url) of every director page (of ``names``, when given) answering
    a GET with HTML, and the names of the others (no id for them, or not
    an HTML page on a GET)."""
    pages, others = [], []
    for route in routes():
        if route.namespace not in DIRECTOR or names and route.name not in names:
            continue
        url = _url(route, ids)
        if url is None:
            others.append(f"{route.name} (no id for {', '.join(route.arguments)})")
            continue
        answer = client.get(url)
        if answer.status_code == 200 and "text/html" in answer["Content-Type"]:
            pages.append((route.name, url))
        else:
            others.append(f"{route.name} {answer.status_code} {answer['Content-Type']}")
    print("not checked:", *others, sep="\n  ")
    return pages, {line.split()[0] for line in others}


def _signed_in(browser: Browser, client: Client, url: str) -> Page:
    context = browser.new_context(viewport=LAPTOP)  # type: ignore[arg-type]
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    context.add_cookies(
        [{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": url}]
    )
    return context.new_page()


def test_every_director_page_passes_axe_and_fits_a_tablet(
    live_server: LiveServer, browser: Browser
) -> None:
    event = build_demo()
    user = User.objects.create_user("td", password="a long director password")
    assert event.club is not None
    join(user, event.club.name, "admin")
    client = Client()
    client.force_login(user)
    pages, others = director_pages(client, _ids(event))
    pages += director_pages(client, _team_ids(event.club), others)[0]
    assert len(pages) >= AT_LEAST, pages
    page = _signed_in(browser, client, live_server.url)
    blocking, wide = [], []
    for name, url in pages:
        page.set_viewport_size(LAPTOP)  # type: ignore[arg-type]
        page.goto(live_server.url + url)
        results = axe_results(page)
        print(axe_summary(name, results))
        blocking += [
            f"{name}: {v['impact']} {v['id']} {[n['target'] for n in v['nodes']][:3]}"
            for v in results["violations"]
            if v["impact"] in ("serious", "critical")
        ]
        page.set_viewport_size(TABLET)  # type: ignore[arg-type]
        scroll = page.evaluate("document.documentElement.scrollWidth")
        if scroll > TABLET["width"]:
            wide.append(f"{name}: {scroll} px wide {overflowing(page)[:3]}")
    print(f"{len(pages)} director pages checked")
    assert blocking == [], "\n".join(blocking)
    assert wide == [], "\n".join(wide)
