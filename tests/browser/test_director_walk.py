"""Issue 29's proof: a new director's whole evening in the browser, counted.

A director who has never used the program opens the home page, signs in, sets
up tonight's 7-table Mitchell naming the pairs from the club's roster as the
names are typed, prints the table cards, lets the tables play the evening on
their phones (the table API, not the director's clicks), then finishes the
session: checks, publishes and releases, and e-mails every player their
personal results. Only what the page shows is clicked; the rest is typed.

The walk counts the pages (documents loaded) and the clicks it needed and
asserts at most 15 pages and 20 clicks; it prints the counts and each step's,
and saves a screenshot of every step at 1280x900 and at a tablet's 1024x768 in
$DIRECTOR_WALK_SHOTS (default .cache/director-walk, never committed).

The set-up is one function, ``evening_set_up``: the new-event flow is the part
most likely to change.
"""

from __future__ import annotations

import os
import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.urls import resolve
from pytest_django.live_server_helper import LiveServer

from scoring.reports.personal import pair_of_key
from tests.browser.phones import PASSWORD
from tests.factories import join
from tests.table.helpers import Phone, codes
from tournaments.models import Event, Person, Player, Session

if TYPE_CHECKING:  # at run time playwright may be missing: the module is skipped
    from playwright.sync_api import Browser, Locator, Page

expect = pytest.importorskip("playwright.sync_api").expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ROOT = Path(__file__).resolve().parents[2]
SHOTS = Path(os.environ.get("DIRECTOR_WALK_SHOTS", ROOT / ".cache/director-walk"))
SCREENS = ({"width": 1280, "height": 900}, {"width": 1024, "height": 768})
MOST_PAGES, MOST_CLICKS = 15, 20
TABLES = 7
# The club's roster: 28 players, each with an address, two with accents.
FIRST = ("Ana", "Bruno", "Carla", "Dario", "Elena", "Fabio", "Gloria", "Hugo",
         "Irene", "Jorge", "Karina", "Luis", "Marta", "Nico")  # fmt: skip
LAST = ("López", "Núñez")


@dataclass
class Walk:
    """The director's browser tab, what it took so far, and each step's
    counts (name, pages, clicks) for the closing note."""

    page: Page
    url: str
    pages: int = 0
    clicks: int = 0
    typed: int = 0
    steps: list[tuple[str, int, int]] = field(default_factory=list)

    def __post_init__(self) -> None:
        def loaded(_page: Page) -> None:
            self.pages += 1

        self.page.on("domcontentloaded", loaded)

    def click(self, target: Locator) -> None:
        """A click on something the page shows (it must be visible)."""
        target.wait_for(state="visible")
        self.clicks += 1
        target.click()

    def follow(self, target: Locator) -> None:
        """A click that opens another page; returns once it is loaded."""
        with self.page.expect_navigation():
            self.click(target)

    def type(self, target: Locator, text: str) -> None:
        """Typed over what the field holds (a person selects it first)."""
        self.typed += len(text)
        target.fill("")
        target.press_sequentially(text, delay=5)

    def step(self, name: str) -> None:
        """A screenshot of the step at each screen size; its counts noted."""
        SHOTS.mkdir(parents=True, exist_ok=True)
        number = len(list(SHOTS.glob("*-1280.png"))) + 1
        for screen in SCREENS:
            self.page.set_viewport_size(screen)  # type: ignore[arg-type]
            shot = SHOTS / f"{number:02d}-{name}-{screen['width']}.png"
            self.page.screenshot(path=str(shot), full_page=True)
        self.page.set_viewport_size(SCREENS[0])  # type: ignore[arg-type]
        self.steps.append((name, self.pages, self.clicks))

    def note(self) -> str:
        lines = [f"director's walk: {self.pages} pages, {self.clicks} clicks, "
                 f"{self.typed} characters typed"]  # fmt: skip
        before = (0, 0)
        for name, pages, clicks in self.steps:
            lines.append(f"  {name}: +{pages - before[0]} pages, "
                         f"+{clicks - before[1]} clicks")  # fmt: skip
            before = (pages, clicks)
        return "\n".join(lines)


def new_director() -> list[Person]:
    """A director of a club with a roster of 28 players, signed up tonight."""
    user = User.objects.create_user("newtd", password=PASSWORD)
    club = join(user, "Harbour bridge club").club
    people = []
    for number, first in enumerate(FIRST):
        for half, last in enumerate(LAST):
            name = f"{first} {last}"
            people.append(Person.objects.create(
                club=club, name=name, national_id=f"M{100 + 2 * number + half}",
                email=f"{first.lower()}.{half}@example.org"))  # fmt: skip
    return people


def signed_in(walk: Walk) -> None:
    """From the home page to the sign-in form, and back home signed in."""
    walk.page.goto(walk.url + "/")
    login = walk.page.get_by_role("link", name="Log in")
    if login.count():
        walk.follow(login)
    walk.type(walk.page.locator("#id_username"), "newtd")
    walk.type(walk.page.locator("#id_password"), PASSWORD)
    walk.follow(walk.page.get_by_role("button", name="Log in"))
    walk.step("home")


def plain(name: str) -> str:
    """A name as a hurried director types it: lower case, no accents."""
    letters = unicodedata.normalize("NFD", name.lower())
    return "".join(c for c in letters if not unicodedata.combining(c))


def named_from_the_roster(walk: Walk, people: list[Person]) -> None:
    """Every pair named by typing the start of each name and taking the
    roster's first offer with the keyboard (Down, Enter)."""
    page = walk.page
    people_left = iter(people)
    rows = page.locator("table.pair-names tbody tr")
    assert rows.first.locator("td").first.inner_text() == "1NS"  # NS first
    for row in rows.all():
        for box in row.get_by_role("combobox").all():
            person = next(people_left)
            walk.type(box, plain(person.name[:-2]))  # "ana lop" offers Ana López
            offers = page.get_by_role("listbox", name=box.get_attribute("aria-label"))
            # the roster's answer to the whole name typed offers them first
            expect(offers.get_by_role("option").first).to_have_text(
                re.compile("^" + re.escape(person.name))
            )
            box.press("ArrowDown")
            box.press("Enter")
            assert box.input_value() == person.name
    walk.step("names-typed")


def evening_set_up(walk: Walk, people: list[Person]) -> Session:
    """Tonight's 7-table Mitchell created and its pairs named from the
    roster: the new-event wizard (the kind of evening and its tables, then
    the proposed movement), which opens the pairs' names."""
    page = walk.page
    walk.follow(page.get_by_role("link", name="Start tonight's session"))
    walk.step("new-event")
    assert page.get_by_label("Pairs", exact=True).is_checked()
    walk.follow(page.get_by_role("button", name="Next"))
    walk.step("proposed")
    expect(page.locator("#proposal")).to_contain_text("7 tables: Mitchell")
    walk.type(page.get_by_label("Name"), "Tuesday pairs")
    walk.follow(page.get_by_role("button", name="Create"))
    named_from_the_roster(walk, people)
    walk.follow(page.get_by_role("button", name="Save"))
    walk.step("names-saved")
    session = Session.objects.get(event__name="Tuesday pairs")
    named = Player.objects.filter(pair__section__session=session, person__isnull=False)
    assert named.count() == len(people)
    return session


def cards_printed(walk: Walk) -> None:
    """The table cards, and their PDF to print."""
    page = walk.page
    walk.follow(page.get_by_role("link", name="Table cards"))
    walk.step("table-cards")
    assert page.locator(".table-card").count() == TABLES
    with page.context.expect_page() as opened:  # its own tab, to print
        walk.click(page.get_by_role("link", name="PDF to print"))
    walk.pages += 1
    pdf = opened.value
    pdf.wait_for_load_state()
    assert pdf.url.endswith(".pdf") or "pdf" in pdf.url, pdf.url
    pdf.close()  # printed: back to the cards' tab
    walk.steps.append(("cards-pdf", walk.pages, walk.clicks))


def evening_played(session: Session) -> None:
    """Each table's phone plays every board of its rounds and accepts it:
    the table API, not the director's clicks."""
    phones = [Phone(code) for code in codes(session).values()]
    for _round in range(session.sections.get().movement.rounds):
        for phone in phones:
            here = phone.round()
            for board in here["boards"]:
                tricks = 8 + (board["number"] + here["table"]) % 4
                played = phone.play(board["number"], "3NT", tricks=tricks)
                assert played.status_code == 200, played.content
            done = phone.post(f"rounds/{here['round']}/confirm")  # the scorecard
            assert done.status_code == 200, done.content


def room_followed(walk: Walk) -> None:
    """The control room, while the tables play."""
    walk.follow(walk.page.get_by_role("link", name="Control room"))
    walk.step("control-room")


def room_caught_up(page: Page) -> None:
    """The room followed the tables by itself, without a reload: every table
    finished and its rounds confirmed, the round to call the last one."""
    finished = page.locator(".room-table .state").filter(has_text="finished")
    expect(finished).to_have_count(TABLES)
    expect(page.get_by_label("Round to call")).to_have_value(str(TABLES))
    assert page.get_by_text("not confirmed").count() == 0


def session_finished(walk: Walk) -> None:
    """Finish the session from the room: nothing missing or disputed, then
    publish, release and e-mail every player in one confirmation."""
    page = walk.page
    room_caught_up(page)
    walk.step("room-played")
    walk.follow(page.get_by_role("link", name="Finish the session"))
    walk.step("finish")
    assert page.get_by_text("No result missing.").is_visible()
    assert page.get_by_text("No result disputed.").is_visible()
    assert page.get_by_label("Also e-mail each player").is_checked()
    walk.follow(page.get_by_role("button", name="Publish and release the results"))
    page.get_by_text(f"Personal results sent to {TABLES * 4} players.").wait_for()
    walk.step("published-and-e-mailed")


def mails_checked(people: list[Person]) -> None:
    """One letter to each player, with their pair's personal results."""
    by_address = {m.to[0]: m for m in mail.outbox}
    assert sorted(by_address) == sorted(p.email for p in people)
    for person in people:
        letter = by_address[person.email]
        player = Player.objects.get(person=person)
        assert letter.body.startswith(f"Hello {person.name},")
        assert letter.subject == "Your results: Tuesday pairs"
        (name, pdf, kind), = letter.attachments  # fmt: skip
        assert kind == "application/pdf" and pdf.startswith(b"%PDF")
        assert player.pair.label.lower() in name
        link = urlsplit(letter.body.split()[-1]).path  # their pair's page
        assert pair_of_key(*resolve(link).args, **resolve(link).kwargs) == player.pair


def test_a_new_director_runs_a_whole_evening_in_few_pages_and_clicks(
    live_server: LiveServer, browser: Browser
) -> None:
    people = new_director()
    context = browser.new_context(viewport=SCREENS[0])  # type: ignore[arg-type]
    walk = Walk(context.new_page(), live_server.url)
    signed_in(walk)
    session = evening_set_up(walk, people)
    cards_printed(walk)
    room_followed(walk)
    evening_played(session)
    session_finished(walk)
    print(walk.note())
    mails_checked(people)
    assert Event.objects.get(pk=session.event_id).published
    assert walk.pages <= MOST_PAGES, walk.note()
    assert walk.clicks <= MOST_CLICKS, walk.note()
