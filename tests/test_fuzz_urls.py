"""Fuzz run over every URL pattern (hypothesis, fixed seed): each page, form and
table API endpoint is asked with its real objects and with hostile values (NUL
characters, numbers huge, negative and beyond 64 bits, text of ten thousand
characters, nested JSON, lists where text is expected), by GET and by POST, as
the club's director, as an anonymous visitor, or as a table's signed-in phone.
No answer is a server error. It runs on PostgreSQL too when DATABASE_URL names
it (make test)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

import pytest
from django.contrib.auth.models import User
from django.db import transaction
from django.test import Client
from django.urls import NoReverseMatch, reverse
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from pytest_django.fixtures import Settings

from scoring.live.displays import display_key
from scoring.models import ChangeLog, SocialPad, SocialSession, TableEntry
from scoring.reports.personal import personal_link
from scoring.table.play.codes import codes_ensure
from tests.factories import join, make_small_evening, section_of
from tests.scoring.test_teams import four_teams
from tests.table.helpers import Phone
from tests.urlconf import Route, routes
from tournaments.models import Club, Match, Person, Player
from tournaments.setup.teams import round_robin_schedule

pytestmark = pytest.mark.django_db

# Examples of each route, each asking it by GET and by POST.
EXAMPLES = 4
DIRECTOR_NAMESPACES = {"scoring", "imps", "tournaments", "movements", "table_room"}
# Hypothesis draws the same first examples each run (derandomize).
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    phases=[Phase.explicit, Phase.generate],
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

HUGE_NUMBERS = [0, -1, 2**31, 2**63 - 1, 2**63, 2**70, -(2**70), 10**4000]
HOSTILE_TEXTS = ["", "\x00", "a\x00b", "x" * 10_000, "9" * 5000, "-1", "²", "٣",
                 "1e309", "NaN", "<script>", "../../", "%00", "\r\n", "4S N =",
                 "7NT S +1", " ", "null", "true", "[]", "{}"]  # fmt: skip
# Field names the program's forms and queries read, and a few that none reads.
FIELDS = ["entry", "ns", "ew", "table", "round", "round_no", "board", "language",
          "next", "q", "code", "seat", "contract", "declarer", "tricks", "lead",
          "username", "password", "name", "kind", "style", "tables", "sections",
          "boards_per_round", "player_1", "player_2", "player_3", "player_4",
          "north", "east", "south", "west", "level", "strain", "played",
          "doubling", "open", "after", "wait", "cards", "size", "results", "side",
          "score", "role", "email", "national_id", "first", "second", "into",
          "check", "import", "file", "day", "club", "publish", "page", "sort",
          "hide_current_round", "table_confirm", "version", "members",
          "zzz"]  # fmt: skip

TEXT = st.one_of(
    st.sampled_from(HOSTILE_TEXTS),
    st.integers(-(2**80), 2**80).map(str),
    st.sampled_from(HUGE_NUMBERS).map(str),
    st.text(st.characters(codec="utf-8"), max_size=20),
)
VALUE = st.one_of(TEXT, st.lists(TEXT, min_size=2, max_size=3))
FORM = st.dictionaries(st.sampled_from(FIELDS) | TEXT, VALUE, max_size=6)
JSON_LEAF = st.one_of(
    st.none(), st.booleans(), st.sampled_from(HUGE_NUMBERS), st.integers(),
    st.floats(allow_nan=False), TEXT,
)  # fmt: skip
JSON_VALUE = st.recursive(
    JSON_LEAF,
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(st.sampled_from(FIELDS) | TEXT, inner, max_size=4)
    ),
    max_leaves=8,
)
JSON_BODY = st.one_of(
    st.dictionaries(st.sampled_from(FIELDS), JSON_VALUE, max_size=6).map(json.dumps),
    JSON_VALUE.map(json.dumps),
    st.integers(1, 100_000).map(lambda depth: "[" * depth + "]" * depth),
    st.sampled_from(["", "{", "\x00", '{"board": 1e999}', '"\\u0000"', "[" * 10**5]),
)


@dataclass
class World:
    """A small evening with results, a team event, a table's phone, a roster
    person, a social pad and a social session: the real arguments of the URLs."""

    arguments: dict[str, list[object]]
    director: Client
    anonymous: Client
    phone: Phone


def _social_keys(client: Client) -> dict[str, list[object]]:
    names = {
        "north": "Ann",
        "east": "Bob",
        "south": "Cleo",
        "west": "Dan",
        "kind": "chicago",
        "style": "standard",
        "middle_deals": "dealer's side",
    }
    client.post(reverse("social:start"), names)
    players = {f"player_{n}": name for n, name in enumerate("ABCD", start=1)}
    client.post(
        reverse("social:session_start"),
        {"style": "standard", "middle_deals": "dealer's side", **players},
    )
    pad, session = SocialPad.objects.first(), SocialSession.objects.first()
    assert pad is not None and session is not None
    return {"key": [pad.key, session.key], "entry": [1]}  # fmt: skip


def _world() -> World:
    event = make_small_evening(published=True)
    section = section_of(event)
    session = section.session
    line = section.lines.order_by("pk").first()
    assert line is not None
    teams = four_teams()
    round_robin_schedule(event=teams)
    code = codes_ensure(session)[0]
    club = Club.objects.get(event=event)
    person = Person.objects.create(club=club, name="Ann Roster", national_id="1001")
    Player.objects.filter(pair=line.ns_pair).update(person=person, national_id="1001")
    entry = TableEntry.objects.create(
        table=code, client_id="fuzz", round=1, board=line.board,
        ns_pair=line.ns_pair, ew_pair=line.ew_pair, status=TableEntry.Status.DISPUTED,
    )  # fmt: skip
    user = User.objects.create_user("td")
    join(user, club.name, "admin")  # the club's director and its administrator
    director = Client(raise_request_exception=True)
    director.force_login(user)
    anonymous = Client(raise_request_exception=True)
    arguments: dict[str, list[object]] = {
        "event_id": [event.pk, teams.pk], "session_id": [session.pk],
        "section_id": [section.pk], "board": [1, 2], "number": [1, "1001"],
        "line_id": [line.pk], "pair_id": [line.ns_pair_id], "club_id": [club.pk],
        "match_id": [Match.objects.filter(session__event=teams)[0].pk],
        "change_id": [ChangeLog.objects.filter(line_id=line.pk)[0].pk],
        "code_id": [code.pk], "entry_id": [entry.pk], "person_id": [person.pk],
        "code": [code.code], "language": ["en", "es", "it"],
        **_social_keys(anonymous),
    }  # fmt: skip
    arguments["key"] += [
        display_key(session),
        personal_link(line.ns_pair).rstrip("/").rsplit("/")[-1],
    ]
    return World(arguments, director, anonymous, Phone(code))


@pytest.fixture
def world(settings: Settings) -> World:
    settings.LIVE_WAITS = 0  # the change feed answers at once, never waits
    return _world()


def _argument(world: World, name: str) -> st.SearchStrategy[object]:
    real = st.sampled_from(world.arguments.get(name, [1]))
    fuzzed = st.sampled_from(HUGE_NUMBERS).map(abs) | TEXT
    return st.one_of(real, real, fuzzed)


def _url(world: World, route: Route, data: st.DataObject) -> str:
    drawn = {name: data.draw(_argument(world, name)) for name in route.arguments}
    try:
        return reverse(route.name, kwargs=drawn)
    except NoReverseMatch:  # text where the pattern takes digits, or a "/"
        real = {name: world.arguments.get(name, [1])[0] for name in route.arguments}
        return reverse(route.name, kwargs=real)


def _asked(world: World, route: Route, url: str, data: st.DataObject) -> Iterator[Any]:
    """The route's answers to a GET and a POST, as its audience asks them."""
    query = data.draw(FORM, label="query")
    if route.namespace == "table_api":
        client, headers = world.phone.client, world.phone.headers()
        yield client.get(url, query, headers=headers)
        body = data.draw(JSON_BODY, label="json")
        yield client.post(url, body, content_type="application/json", headers=headers)
        return
    client = (
        world.director if route.namespace in DIRECTOR_NAMESPACES else world.anonymous
    )
    yield client.get(url, query)
    form = data.draw(FORM, label="form")
    encoded = data.draw(st.booleans(), label="urlencoded")
    if encoded:
        body = urlencode(form, doseq=True)
        yield client.post(url, body, content_type="application/x-www-form-urlencoded")
    else:
        yield client.post(url, form)


ROUTES = [route for route in routes() if route.name != "logout"]


def _fuzzed(world: World, route: Route) -> None:
    """A run of hypothesis over one route; each request starts from the same
    world (rolled back after it)."""

    @FUZZ
    @given(data=st.data())
    def ask(data: st.DataObject) -> None:
        url = _url(world, route, data)
        with transaction.atomic():
            for answer in _asked(world, route, url, data):
                assert answer.status_code < 500, (route.name, url[:200])
            transaction.set_rollback(True)

    ask()


def test_no_url_answers_a_server_error(world: World) -> None:
    assert len(ROUTES) > 90  # every pattern, not an empty list
    for route in ROUTES:
        _fuzzed(world, route)
