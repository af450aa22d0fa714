"""The access matrix: every URL pattern of the URLconf has one row giving, for
GET and for POST against club A's objects, the kind of access it grants
(``kinds``); each persona's actual answer must be the one its kind expects.

A new URL pattern without its row fails ``test_every_url_pattern_has_its_row``.
POSTs carry an empty body: the point is the access decision, not the form. Each
request runs in a transaction rolled back after it, so that a delete or a
closed session spoils nothing for the next."""

from __future__ import annotations

from collections.abc import Iterator
from copy import deepcopy

import pytest
from django.db import transaction
from django.test import Client
from django.urls import reverse

from scoring.live import changes
from tests.urlconf import routes
from tournaments.models import Club, Event

from .clubs import Ids, club_objects, member, social_objects
from .kinds import (
    ADMIN,
    DIRECTOR,
    INVITED,
    KEYED,
    NO,
    OPERATOR,
    OWN_TABLE,
    PERSONAS,
    PUBLIC,
    PUBLISHED,
    PUBLISHED_OR_CLUB,
    SCORER,
    SIGNED_IN,
    SIGNED_IN_NO,
    TABLE,
    Kind,
    Persona,
    outcome,
)

pytestmark = pytest.mark.django_db

# name: (GET, POST)
ACCESS: dict[str, tuple[Kind, Kind]] = {
    "set_language": (PUBLIC, PUBLIC),
    "login": (PUBLIC, PUBLIC),
    "logout": (NO, PUBLIC),
    # A user's own account: their invitations and password.
    "accounts:account": (SIGNED_IN, SIGNED_IN_NO),
    "accounts:accept": (SIGNED_IN_NO, INVITED),
    "accounts:decline": (SIGNED_IN_NO, INVITED),
    "password_change": (SIGNED_IN, SIGNED_IN),
    "password_change_done": (SIGNED_IN, SIGNED_IN_NO),
    "password_reset": (PUBLIC, PUBLIC),
    "password_reset_done": (PUBLIC, NO),
    "password_reset_confirm": (PUBLIC, PUBLIC),
    "password_reset_complete": (PUBLIC, NO),
    # Django's admin, its own tested app: the index and one changelist.
    "admin:index": (OPERATOR, OPERATOR),
    "admin:tournaments_event_changelist": (OPERATOR, OPERATOR),
    # The public site.
    "public:index": (PUBLIC, NO),
    "public:club": (PUBLISHED, NO),
    "public:event": (PUBLISHED, NO),
    "public:session": (PUBLISHED, NO),
    "public:live": (PUBLISHED, NO),
    "public:hands": (PUBLISHED, NO),
    "public:board": (PUBLISHED, NO),
    "public:pair": (PUBLISHED, NO),
    "public:player": (PUBLISHED, NO),
    "public:session_usebio": (PUBLISHED, NO),
    "public:session_pbn": (PUBLISHED, NO),
    "public:verify": (PUBLIC, NO),
    "public:room": (KEYED, NO),
    "public:room_projector": (KEYED, NO),
    "public:personal": (KEYED, NO),
    "public:personal_member": (PUBLISHED, NO),
    "public:changes": (PUBLISHED_OR_CLUB, NO),
    "public:overall": (PUBLISHED, NO),
    # The table API: a phone's bearer token, never a director's login.
    "table_api:signin": (NO, PUBLIC),
    "table_api:round": (TABLE, NO),
    "table_api:results": (NO, TABLE),
    "table_api:confirm": (NO, OWN_TABLE),
    "table_api:reject": (NO, OWN_TABLE),
    "table_api:withdraw": (NO, OWN_TABLE),
    "table_api:round_confirm": (NO, TABLE),
    "table_api:board": (TABLE, NO),
    "table_api:call": (NO, TABLE),
    "table_api:score": (TABLE, NO),
    "table_api:players": (NO, TABLE),
    "table_api:openapi": (PUBLIC, NO),
    "table_api:notation": (PUBLIC, NO),
    # The players' phone page and the social table: no login.
    "table:signin": (PUBLIC, NO),
    "table:worker": (PUBLIC, NO),
    "table:code": (PUBLIC, NO),
    "social:start": (PUBLIC, PUBLIC),
    "social:session_start": (PUBLIC, PUBLIC),
    "social:session": (KEYED, KEYED),
    "social:session_pdf": (KEYED, KEYED),
    "social:pad": (KEYED, KEYED),
    "social:deal": (KEYED, KEYED),
    # Result entry: a scorer enters and corrects; a director does the rest.
    "scoring:board_entry": (SCORER, SCORER),
    "scoring:line_edit": (SCORER, SCORER),
    "scoring:line_delete": (SIGNED_IN_NO, DIRECTOR),
    "scoring:line_artificial": (SIGNED_IN_NO, DIRECTOR),
    "scoring:line_assigned": (SIGNED_IN_NO, DIRECTOR),
    "scoring:line_version": (SIGNED_IN_NO, DIRECTOR),
    "scoring:preview": (SIGNED_IN, SIGNED_IN_NO),
    "scoring:ranking": (SCORER, SIGNED_IN_NO),
    "scoring:changes": (DIRECTOR, SIGNED_IN_NO),
    "scoring:personal_send": (SIGNED_IN_NO, DIRECTOR),
    "scoring:change_undo": (SIGNED_IN_NO, DIRECTOR),
    "scoring:scorecard": (SCORER, SIGNED_IN_NO),
    "scoring:session_pdf": (PUBLISHED_OR_CLUB, NO),
    "scoring:session_xlsx": (PUBLISHED_OR_CLUB, NO),
    "scoring:hand_records_pdf": (PUBLISHED_OR_CLUB, NO),
    "scoring:session_usebio": (SCORER, SIGNED_IN_NO),
    "scoring:session_pbn": (SCORER, SIGNED_IN_NO),
    "scoring:deal": (SIGNED_IN_NO, DIRECTOR),
    "scoring:dealing_file": (DIRECTOR, SIGNED_IN_NO),
    # A simultaneous: the organiser's heats; a heat's director's upload and
    # overall so far (their own club's pairs until the release).
    "scoring:simultaneous_new": (SIGNED_IN, SIGNED_IN),
    "scoring:simultaneous": (ADMIN, ADMIN),
    "scoring:commentary": (ADMIN, ADMIN),
    "scoring:heat_overall": (DIRECTOR, SIGNED_IN_NO),
    "scoring:heat_upload": (DIRECTOR, DIRECTOR),
    # The control room.
    "table_room:room": (SCORER, SIGNED_IN_NO),
    "table_room:round": (SIGNED_IN_NO, DIRECTOR),
    "table_room:open": (SIGNED_IN_NO, DIRECTOR),
    "table_room:options": (SIGNED_IN_NO, DIRECTOR),
    "table_room:draw": (SIGNED_IN_NO, DIRECTOR),
    "table_room:cards": (DIRECTOR, SIGNED_IN_NO),
    "table_room:cards_pdf": (DIRECTOR, SIGNED_IN_NO),
    "table_room:answered": (SIGNED_IN_NO, SCORER),
    "table_room:renew": (SIGNED_IN_NO, DIRECTOR),
    "table_room:reopen": (SIGNED_IN_NO, SCORER),
    "table_room:settle": (SIGNED_IN_NO, DIRECTOR),
    # IMP and team results.
    "imps:ranking": (SCORER, SIGNED_IN_NO),
    "imps:traveller": (SCORER, SIGNED_IN_NO),
    "imps:scorecard": (SCORER, SIGNED_IN_NO),
    "imps:team_event": (SCORER, SIGNED_IN_NO),
    "imps:match": (SCORER, SIGNED_IN_NO),
    # Events, sessions, entries; the club's members and roster.
    "tournaments:event_list": (SIGNED_IN, SIGNED_IN),
    "tournaments:event_new": (SIGNED_IN, SIGNED_IN),
    "tournaments:event_start": (SIGNED_IN, SIGNED_IN),
    "tournaments:event_detail": (SCORER, DIRECTOR),
    "tournaments:event_settings": (DIRECTOR, DIRECTOR),
    "tournaments:session_new": (DIRECTOR, DIRECTOR),
    "tournaments:event_entries": (DIRECTOR, DIRECTOR),
    "tournaments:finals": (DIRECTOR, DIRECTOR),
    "tournaments:session_entries": (DIRECTOR, DIRECTOR),
    "tournaments:release": (SIGNED_IN_NO, DIRECTOR),
    "tournaments:session_finish": (DIRECTOR, DIRECTOR),
    "tournaments:hands": (DIRECTOR, DIRECTOR),
    "tournaments:section_pairs": (DIRECTOR, DIRECTOR),
    "tournaments:team_event_new": (SIGNED_IN, SIGNED_IN),
    "tournaments:notation": (SIGNED_IN_NO, SIGNED_IN),
    "tournaments:club_members": (ADMIN, ADMIN),
    "tournaments:person_list": (DIRECTOR, DIRECTOR),
    "tournaments:person_search": (DIRECTOR, SIGNED_IN_NO),
    "tournaments:people_import": (DIRECTOR, DIRECTOR),
    "tournaments:people_addresses": (DIRECTOR, DIRECTOR),
    "tournaments:players_publish": (SIGNED_IN_NO, DIRECTOR),
    "tournaments:person_results": (DIRECTOR, SIGNED_IN_NO),
    "tournaments:person_edit": (DIRECTOR, DIRECTOR),
    "tournaments:person_merge": (SIGNED_IN_NO, DIRECTOR),
    "tournaments:master_points": (DIRECTOR, DIRECTOR),
    "tournaments:team_schedule": (SIGNED_IN_NO, DIRECTOR),
    "tournaments:swiss_draw": (SIGNED_IN_NO, DIRECTOR),
    "tournaments:carry_over": (SIGNED_IN_NO, DIRECTOR),
    "tournaments:swiss_pairs_draw": (SIGNED_IN_NO, DIRECTOR),
    # Movements.
    "movements:setup": (DIRECTOR, DIRECTOR),
    "movements:change": (SIGNED_IN_NO, DIRECTOR),
    "movements:grid": (DIRECTOR, DIRECTOR),
    "movements:guide_cards": (SCORER, SIGNED_IN_NO),
    "movements:guide_cards_pdf": (SCORER, SIGNED_IN_NO),
    "movements:missing_results": (SCORER, SIGNED_IN_NO),
}

# Arguments whose object is not the one their name gives by default.
ARGUMENTS = {
    ("public:room", "key"): "room_key",
    ("public:room_projector", "key"): "room_key",
    ("public:personal", "key"): "personal_key",
    ("public:personal_member", "number"): "member",
    ("social:session", "key"): "session_key",
    ("social:session_pdf", "key"): "session_key",
    ("social:pad", "key"): "pad_key",
    ("social:deal", "key"): "pad_key",
    ("tournaments:swiss_pairs_draw", "event_id"): "swiss_pairs_event_id",
    ("password_reset_confirm", "token"): "reset_token",
    ("public:overall", "event_id"): "simultaneous_event_id",
    ("scoring:simultaneous", "event_id"): "simultaneous_event_id",
    ("scoring:commentary", "event_id"): "simultaneous_event_id",
    ("scoring:heat_overall", "session_id"): "heat_session_id",
    ("scoring:heat_upload", "session_id"): "heat_session_id",
}
# The change feed answers at once instead of waiting for a change.
QUERIES = {"public:changes": "?wait=0"}
ADMIN_ROWS = {name for name in ACCESS if name.startswith("admin:")}


@pytest.fixture(autouse=True)
def _listener_stopped() -> Iterator[None]:
    """The change feed's listening connection (PostgreSQL) closed after each
    test, so that the test database can be dropped."""
    yield
    changes.listener_stop()


def test_every_url_pattern_has_its_row() -> None:
    names = {route.name for route in routes()}
    missing = sorted(names - set(ACCESS))
    assert not missing, f"URL patterns without a row in ACCESS: {missing}"
    stale = sorted(set(ACCESS) - names - ADMIN_ROWS)
    assert not stale, f"rows of ACCESS naming no URL pattern: {stale}"
    admin = {route.name for route in routes(include_admin=True)}
    assert admin >= ADMIN_ROWS, ADMIN_ROWS - admin


def _url(name: str, ids: Ids) -> str:
    arguments = {r.name: r.arguments for r in routes(include_admin=True)}[name]
    kwargs = {a: ids[ARGUMENTS.get((name, a), a)] for a in arguments}
    return reverse(name, kwargs=kwargs) + QUERIES.get(name, "")


def _client(persona: Persona, ids: dict[str, Ids], *, csrf: bool = False) -> Client:
    client = Client(enforce_csrf_checks=csrf)
    if persona.role:
        client.force_login(member(f"Club {persona.club or 'X'}", persona.role))
    if persona.table:
        token = ids[persona.table]["token"] if persona.table != "forged" else "x.y.z"
        client.defaults["HTTP_AUTHORIZATION"] = f"Bearer {token}"
    return client


def _answer(client: Client, method: str, url: str) -> str:
    """The outcome of one request, whose writes are then rolled back (with the
    cookies: a logout must not log the persona out of the next row)."""
    cookies = deepcopy(client.cookies)
    with transaction.atomic():
        response = client.get(url) if method == "GET" else client.post(url, {})
        transaction.set_rollback(True)
    client.cookies = cookies
    return outcome(response)


def _world(*, published: bool) -> dict[str, Ids]:
    """Clubs A and B with their objects; club A's events published or not."""
    ids = {"A": club_objects("Club A"), "B": club_objects("Club B")}
    Event.objects.filter(club__name="Club A").update(published=published)
    Club.objects.filter(name="Club A").update(publish_players=True)
    ids["A"].update(social_objects())
    return ids


def _mismatches(rows: dict[str, tuple[Kind, Kind]], published: bool) -> list[str]:
    ids = _world(published=published)
    wrong = []
    for persona in PERSONAS:
        client = _client(persona, ids)
        for name, kinds in rows.items():
            url = _url(name, ids["A"])
            for method, kind in zip(("GET", "POST"), kinds, strict=True):
                expected = kind(persona, published)
                actual = _answer(client, method, url)
                if actual != expected:
                    wrong.append(f"{name} {method} as {persona.name}: "
                                 f"expected {expected}, got {actual}")  # fmt: skip
    return wrong


def test_every_page_answers_every_persona_as_its_row_says() -> None:
    wrong = _mismatches(ACCESS, published=True)
    assert not wrong, "\n".join(wrong)


# The rows of pages anyone may read: before the event is published, only a
# signed link and a club's own members still reach them.
PUBLIC_KINDS = (PUBLIC, PUBLISHED, PUBLISHED_OR_CLUB)


def test_no_public_page_shows_an_unpublished_event() -> None:
    rows = {n: kinds for n, kinds in ACCESS.items() if kinds[0] in PUBLIC_KINDS}
    assert len(rows) > 20
    wrong = _mismatches(rows, published=False)
    assert not wrong, "\n".join(wrong)


def test_no_form_is_taken_from_another_site() -> None:
    """Every POST but the table API's (a phone's bearer token, no cookie) needs
    the CSRF token: an operator, allowed everywhere, posting without it is
    refused."""
    ids = _world(published=True)
    client = _client(Persona("operator", role="operator"), ids, csrf=True)
    posted = [n for n, (_get, post) in ACCESS.items() if post is not NO]
    forms = [n for n in posted if not n.startswith("table_api:")]
    assert len(forms) > 50
    wrong = [n for n in forms if _answer(client, "POST", _url(n, ids["A"])) != "403"]
    assert not wrong, f"POST taken without the CSRF token: {wrong}"
