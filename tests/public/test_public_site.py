"""The public results site: read-only, no login, published events only."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import make_result, make_small_evening, section_of
from tournaments.models import Event

if TYPE_CHECKING:  # the test client's response type exists only in django-stubs
    from django.test.client import _MonkeyPatchedWSGIResponse as TestResponse

pytestmark = pytest.mark.django_db


def text(response: TestResponse) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode()))


@pytest.fixture
def published() -> Event:
    return make_small_evening(published=True)


def test_clubs_lead_to_events_and_the_ranking(published: Event, client: Client) -> None:
    index = client.get(reverse("public:index"))
    assert published.club is not None
    club_url = reverse("public:club", args=[published.club.pk])
    assert club_url in index.content.decode()
    event_url = reverse("public:event", args=[published.pk])
    assert event_url in client.get(club_url).content.decode()
    session = published.sessions.get()
    assert (
        reverse("public:session", args=[session.pk])
        in client.get(event_url).content.decode()
    )


def test_the_ranking_shows_pairs_scores_and_links(
    published: Event, client: Client
) -> None:
    session = published.sessions.get()
    page = text(client.get(reverse("public:session", args=[session.pk])))
    assert re.search(r"1 2NS .*? 6\.00 75\.00% 2 2 3NS", page)
    pair = section_of(published).pairs.get(label="2NS")
    response = client.get(reverse("public:session", args=[session.pk]))
    assert reverse("public:pair", args=[pair.pk]) in response.content.decode()


def test_the_ranking_sorts_by_a_column(published: Event, client: Client) -> None:
    session = published.sessions.get()
    url = reverse("public:session", args=[session.pk])
    page = text(client.get(url, {"g0-sort": "percentage"}))
    ns = page[page.index("North-South") : page.index("East-West")]
    assert [m for m in re.findall(r"\b[123]NS\b", ns)] == ["1NS", "3NS", "2NS"]


def test_an_unpublished_event_is_not_reachable(client: Client) -> None:
    event = make_small_evening()  # not published
    session = event.sessions.get()
    pair = section_of(event).pairs.first()
    assert event.club is not None and pair is not None
    urls = [
        reverse("public:event", args=[event.pk]),
        reverse("public:club", args=[event.club.pk]),
        reverse("public:session", args=[session.pk]),
        reverse("public:live", args=[session.pk]),
        reverse("public:hands", args=[session.pk]),
        reverse("public:board", args=[session.pk, 1]),
        reverse("public:pair", args=[pair.pk]),
    ]
    assert [client.get(url).status_code for url in urls] == [404] * len(urls)
    assert event.name not in client.get(reverse("public:index")).content.decode()


def test_a_board_shows_its_traveller_frequencies_and_deal(
    published: Event, client: Client
) -> None:
    session = published.sessions.get()
    page = text(client.get(reverse("public:board", args=[session.pk, 1])))
    assert "♠ AKQ2 ♥ 1098 ♦ 76 ♣ 5432" in page  # North
    assert "Dealer: North" in page
    # Frequencies: each score once, best first, with who scored it.
    assert re.search(r"450 — 1 4\.00 0\.00 2NS–2EW 420 — 1 2\.00 2\.00 1NS–1EW", page)


def test_a_scorecard_and_the_hand_records(published: Event, client: Client) -> None:
    session = published.sessions.get()
    pair = section_of(published).pairs.get(label="2NS")
    card = text(client.get(reverse("public:pair", args=[pair.pk])))
    assert re.search(r"1 1 NS 2EW 4♠ N — \+1 450 — 4\.00 4\.00 100\.00% 4\.00", card)
    assert "Rank 1 · 75.00%" in card
    hands = text(client.get(reverse("public:hands", args=[session.pk])))
    assert "Board 1" in hands and "♣ A98" in hands


def test_spanish_numbers_use_a_decimal_comma(published: Event, client: Client) -> None:
    client.post(reverse("set_language"), {"language": "es", "next": "/"})
    session = published.sessions.get()
    page = text(client.get(reverse("public:session", args=[session.pk])))
    assert "75,00" in page and "Clasificación" in page


def test_live_standings_refresh_and_hide_the_round_in_play(client: Client) -> None:
    event = make_small_evening(published=True, hide_current_round=True)
    section = section_of(event)
    # Round 3 starts: one result of board 3 so far; it must not count yet.
    make_result(section, 3, "1NS", "3EW", "7NT S =", round_no=3, table=1)
    session = event.sessions.get()
    response = client.get(reverse("public:live", args=[session.pk]))
    page = text(response)
    # The page follows the change feed; a meta refresh only without scripts,
    # and the reader may pause the updates (WCAG 2.2.2).
    html = response.content.decode()
    assert 'data-live-feed="/results/events/' in html
    assert '<noscript><meta http-equiv="refresh" content="30"></noscript>' in html
    assert 'id="live-pause"' in html
    assert "Round 3 is in play" in page
    assert re.search(r"1 2NS — 6\.00 75\.00% 2 ", page)
    assert re.search(r"1NS — 2\.00 25\.00% 2 ", page)
    Event.objects.filter(pk=event.pk).update(hide_current_round=False)
    shown = text(client.get(reverse("public:live", args=[session.pk])))
    assert "Round 3 is in play" not in shown
    assert re.search(r"1NS — [\d.]+ [\d.]+% 3 ", shown)
