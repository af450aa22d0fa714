"""Every public output of a session as a visitor reads it, from the URLconf:
pages as text, PDFs through pypdf, workbooks through openpyxl, USEBIO, PBN and
the change feed as they come. A public URL pattern this module does not know
fails the matrix (``unknown_routes``), so a new one is covered the day it is
added."""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterator
from io import BytesIO

from django.test import Client
from django.urls import reverse
from openpyxl import load_workbook
from pypdf import PdfReader

from scoring.live.displays import display_key
from scoring.reports.personal import personal_link
from tests.factories import section_of
from tests.urlconf import routes
from tournaments.models import Heat, Person

from .in_play import BOARDS, MEMBER, InPlay

# Namespaces a visitor reaches without logging in, and where each is checked.
PUBLIC_NAMESPACES = {"public"}
# The anonymous downloads of the director's namespaces (tests/tournaments/
# test_access.py holds every other director URL to a login).
ANONYMOUS_DOWNLOADS = {
    "scoring:session_pdf",
    "scoring:session_xlsx",
    "scoring:hand_records_pdf",
}
# Covered by another matrix: the tables' phones see what their table may
# (the table API and the phone page that calls it).
ELSEWHERE = {
    "table_api": "the table API's own visibility matrix",
    "table": "the phone page: a shell that reads the table API",
    "social": "social pads and sessions: no tournament board",
    "": "language, login, logout and password pages: no results",
    "accounts": "a user's own account and club invitations: no results",
}
DIRECTOR_NAMESPACES = {"scoring", "imps", "tournaments", "movements", "table_room"}


def unknown_routes() -> list[str]:
    """Named URL patterns of no known namespace, or public ones not read here."""
    known = set(DIRECTOR_NAMESPACES) | set(ELSEWHERE) | PUBLIC_NAMESPACES
    return [
        r.name
        for r in routes()
        if r.namespace not in known
        or (
            r.namespace in PUBLIC_NAMESPACES
            and r.name not in READERS
            and r.name not in READ_WITH
        )
    ]


Addresses = Iterator[tuple[str, str]]  # (label, URL) of each output read


def _one(name: str) -> Callable[[InPlay], Addresses]:
    """A page of the session named by its id, or (index) of nothing."""

    def address(in_play: InPlay) -> Addresses:
        args = [] if name == "public:index" else [in_play.session.pk]
        yield name, reverse(name, args=args)

    return address


def _live(name: str) -> Callable[[InPlay], Addresses]:
    """A live page: whole, and its live part alone (``?part=live``)."""

    def address(in_play: InPlay) -> Addresses:
        session = in_play.session
        keyed = name in {"public:room", "public:room_projector"}
        key = display_key(session) if keyed else session.pk
        url = reverse(name, args=[key])
        yield from ((name, url), (f"{name} part", f"{url}?part=live"))

    return address


def _of_event(in_play: InPlay) -> Addresses:
    event = in_play.event
    yield "public:club", reverse("public:club", args=[event.club_id])
    yield "public:event", reverse("public:event", args=[event.pk])


def _changes(in_play: InPlay) -> Addresses:
    url = reverse("public:changes", args=[in_play.event.pk])
    yield "public:changes", f"{url}?after=0&wait=0"


def _boards(in_play: InPlay) -> Addresses:
    for number in range(1, BOARDS + 1):
        url = reverse("public:board", args=[in_play.session.pk, number])
        yield f"public:board {number}", url


def _pairs(in_play: InPlay) -> Addresses:
    """Every pair's page, and its personal page by its table card's link."""
    for pair in section_of(in_play.event).pairs.all():
        yield f"public:pair {pair.label}", reverse("public:pair", args=[pair.pk])
        yield f"public:personal {pair.label}", personal_link(pair)


def _member(in_play: InPlay) -> Addresses:
    """The club member's page of players, and his page by member number."""
    person = Person.objects.get(national_id=MEMBER, club=in_play.event.club)
    yield "public:player", reverse("public:player", args=[person.pk])
    url = reverse("public:personal_member", args=[in_play.session.pk, MEMBER])
    yield "public:personal_member", url


def _verify(in_play: InPlay) -> Addresses:
    """The verify page asked about the session with a seed not its own (one
    whose SHA-256 holds no board's score by chance: scores are digits)."""
    query = f"?seed={'01' * 32}&boards=1-{BOARDS}&session={in_play.session.pk}"
    yield "public:verify", reverse("public:verify") + query


def _overall(in_play: InPlay) -> Addresses:
    """A heat's simultaneous' overall page, whole and its live part (a session
    of no simultaneous has none)."""
    heat = Heat.objects.filter(session=in_play.session).first()
    if heat is not None:
        url = reverse("public:overall", args=[heat.simultaneous.event_id])
        yield "public:overall", url
        yield "public:overall part", f"{url}?part=live"


# What the matrix reads for each URL pattern (one reader may read two).
READERS: dict[str, Callable[[InPlay], Addresses]] = {
    **{
        n: _one(n)
        for n in (
            "public:index",
            "public:session",
            "public:hands",
            "public:session_usebio",
            "public:session_pbn",
            *sorted(ANONYMOUS_DOWNLOADS),
        )
    },  # fmt: skip
    "public:live": _live("public:live"),
    "public:room": _live("public:room"),
    "public:room_projector": _live("public:room_projector"),
    "public:board": _boards,
    "public:pair": _pairs,
    "public:changes": _changes,
    "public:player": _member,
    "public:event": _of_event,
    "public:verify": _verify,
    "public:overall": _overall,
}
# Patterns read by another pattern's reader: the pattern, and that other one.
READ_WITH = {"public:club": "public:event", "public:personal": "public:pair",
             "public:personal_member": "public:player"}  # fmt: skip


def public_outputs(client: Client, in_play: InPlay) -> dict[str, str]:
    """What a visitor reads of every public output of the session."""
    return {
        label: read(client, url)
        for reader in READERS.values()
        for label, url in reader(in_play)
    }


def read(client: Client, url: str) -> str:
    """What a reader reads at ``url``: a page's text, not its markup."""
    response = client.get(url)
    assert response.status_code == 200, (url, response.status_code)
    content, content_type = response.content, response.get("Content-Type", "")
    if content_type.startswith("application/pdf"):
        pages = PdfReader(BytesIO(content)).pages
        return "\n".join(p.extract_text() for p in pages)
    if "spreadsheet" in content_type:
        book = load_workbook(BytesIO(content))
        cells = (c.value for s in book for row in s.iter_rows() for c in row)
        return "\n".join(str(v) for v in cells if v is not None)
    charset = content_type.partition("charset=")[2] or "utf-8"
    text = content.decode(charset)
    if content_type.startswith("text/html"):
        text = html.unescape(re.sub(r"<[^>]*>", " ", text))
    return text
