"""A caching proxy may keep the public live parts a few seconds (their language
in the address), and asks again with their ETag; a room display's part, a part
asked without a language and every whole page stay private
(scoring/public/caching.py)."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse

from scoring.live.displays import display_key
from scoring.public.caching import LIVE_MAX_AGE
from tests.factories import make_small_evening
from tests.simultaneous.test_overall import sims  # noqa: F401  (the fixture)
from tests.simultaneous.test_overall_page import published
from tournaments.models import Session, Simultaneous

pytestmark = pytest.mark.django_db

PUBLIC = f"public, max-age={LIVE_MAX_AGE}"
PRIVATE = "private, no-cache"


@pytest.fixture
def session() -> Session:
    return make_small_evening(published=True).sessions.get()


def _live(session: Session) -> str:
    return reverse("public:live", args=[session.pk])


def test_the_live_part_in_the_addresss_language_is_public_with_a_304(
    client: Client, session: Session
) -> None:
    query = {"part": "live", "lang": "es"}
    part = client.get(_live(session), query)
    assert part.status_code == 200 and part["Cache-Control"] == PUBLIC
    assert "Esta página muestra cada resultado" in part.content.decode()
    assert part["Content-Language"] == "es"
    assert "Cookie" not in part.get("Vary", "")  # one copy for every visitor
    again = client.get(_live(session), query, headers={"If-None-Match": part["ETag"]})
    assert again.status_code == 304
    assert again["Cache-Control"] == PUBLIC and again["ETag"] == part["ETag"]


def test_the_language_is_the_addresss_not_the_visitors(
    client: Client, session: Session
) -> None:
    english = client.get(_live(session), {"part": "live", "lang": "en"})
    spanish = client.get(
        _live(session), {"part": "live", "lang": "en"}, HTTP_ACCEPT_LANGUAGE="es"
    )
    assert spanish.content == english.content
    assert "This page shows each result" in english.content.decode()


def test_the_page_asks_for_its_part_in_its_own_language(
    client: Client, session: Session
) -> None:
    page = client.get(_live(session), HTTP_ACCEPT_LANGUAGE="it").content.decode()
    address = re.search(r'id="live-part"[^>]* data-url="([^"]+)"', page)
    assert address is not None and address.group(1).endswith("part=live&amp;lang=it")


def test_private_without_a_language_for_a_room_and_for_whole_pages(
    client: Client, session: Session
) -> None:
    room = reverse("public:room", args=[display_key(session)])
    private = [
        client.get(_live(session), {"part": "live"}),
        client.get(_live(session), {"part": "live", "lang": "xx"}),
        client.get(room, {"part": "live", "lang": "es"}),
        client.get(_live(session)),
        client.get(room),
    ]
    for response in private:
        assert response.status_code == 200
        assert response["Cache-Control"] == PRIVATE


def test_the_overall_live_part_is_public_and_answers_304(
    client: Client,
    sims: Simultaneous,  # noqa: F811
) -> None:
    url = published(sims, released_in=-timedelta(minutes=1))
    query = {"part": "live", "lang": "it"}
    part = client.get(url, query)
    assert part.status_code == 200 and part["Cache-Control"] == PUBLIC
    again = client.get(url, query, headers={"If-None-Match": part["ETag"]})
    assert again.status_code == 304 and again["Cache-Control"] == PUBLIC
    whole = client.get(url)
    assert whole.status_code == 200 and whole["Cache-Control"] == PRIVATE
    assert "csrfmiddlewaretoken" in whole.content.decode()  # why it is private
