"""HOUSE RULES on the scorepad (individual-and-social.md §3.3): the club's
four-player game of three partidas of four hands, scored with its own table,
each player ranked by his own total; labelled, and never the default."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from scoring.models import SocialDeal, SocialPad

from .test_pad_views import NAMES, enter

pytestmark = pytest.mark.django_db

# Partida 1: NS Ann-Cleo v EW Bob-Dan; partida 2: NS Bob-Cleo v EW Dan-Ann
# (Cleo, South, keeps his seat). Vulnerable none, EW, NS, all in each partida.
HANDS: list[dict[str, Any]] = [
    {"level": 3, "strain": "NT", "declarer": "S", "tricks": 9},  # NS 100 + 300
    {"level": 4, "strain": "H", "declarer": "E", "tricks": 9},  # EW vul.: NS 100
    {"level": 2, "strain": "S", "declarer": "N", "tricks": 9},  # NS 60 + 50
    {"level": 1, "strain": "NT", "declarer": "W", "tricks": 7, "doubling": "X"},
    # ^ EW (40 + 50) × 2 = 180
    {"played": "pass"},  # partida 2, hand 1: nothing
    {"level": 3, "strain": "C", "declarer": "E", "tricks": 9},  # EW 60 + 50
    {"level": 4, "strain": "S", "declarer": "N", "tricks": 8, "doubling": "X"},
    # ^ NS vulnerable two down doubled: EW (100 + 200) × 2 = 600
]


def start_house(client: Client, **options: object) -> Any:
    data = {**NAMES, "kind": "house", "style": "standard",
            "middle_deals": "dealer's side", **options}  # fmt: skip
    return client.post(reverse("social:start"), data)


def players(client: Client, pad: SocialPad) -> list[tuple[str, str, int]]:
    page = client.get(reverse("social:pad", args=[pad.key])).content.decode()
    table = page.split('id="players"')[1]
    rows = re.findall(
        r'<td class="place">([^<]+)</td><th scope="row" class="name">([^<]+)</th>'
        r'<td class="num points">(-?\d+)</td>',
        table,
    )
    return [(place, name, int(points)) for place, name, points in rows]


def test_a_house_rules_game_gives_each_player_his_own_total() -> None:
    client = Client()
    assert start_house(client).status_code == 302
    pad = SocialPad.objects.get()
    for hand in HANDS:
        assert enter(client, pad, **hand).status_code == 302
    # Ann 400 + 100 + 110 (partida 1, NS) + 110 + 600 (partida 2, EW) = 1320;
    # Bob 180; Cleo 610 (NS both partidas); Dan 180 + 110 + 600 = 890.
    assert players(client, pad) == [
        ("1", "Ann", 1320), ("2", "Dan", 890), ("3", "Cleo", 610), ("4", "Bob", 180),
    ]  # fmt: skip
    page = client.get(reverse("social:pad", args=[pad.key])).content.decode()
    assert "House rules: the club's own scoring table" in page
    assert 'class="num points-ns">0</td><td class="num points-ew">180' in page
    # Hand 8 is partida 2's fourth: dealt by East, Dan in partida 2.
    assert "Dealer: Dan (E)" in page
    # Hand 1 corrected to 3NT-1: 50 to Bob and Dan, and every total follows.
    corrected = {**HANDS[0], "tricks": 8}
    assert enter(client, pad, 1, **corrected).status_code == 302
    assert players(client, pad) == [
        ("1", "Dan", 940), ("2", "Ann", 920), ("3", "Bob", 230), ("4", "Cleo", 210),
    ]  # fmt: skip


def test_the_game_ends_after_twelve_hands() -> None:
    client = Client()
    start_house(client)
    pad = SocialPad.objects.get()
    for _ in range(12):
        enter(client, pad, played="pass")
    response = enter(client, pad, played="pass")
    assert response.status_code == 400
    page = response.content.decode()
    assert "The game is over after three partidas of four hands." in page
    assert SocialDeal.objects.filter(pad=pad).count() == 12
    assert (
        "The game is over."
        in client.get(reverse("social:pad", args=[pad.key])).content.decode()
    )


def test_house_rules_count_no_honours_and_are_never_the_default() -> None:
    client = Client()
    response = start_house(client, honours="on")
    assert response.status_code == 200
    page = response.content.decode()
    assert "Honours: the house rules count no honours." in page
    assert not SocialPad.objects.exists()
    start_page = client.get(reverse("social:start")).content.decode()
    assert re.search(r'value="chicago"[^>]*checked', start_page)
    assert not re.search(r'value="house"[^>]*checked', start_page)
    assert SocialPad().kind == SocialPad.Kind.CHICAGO
    session_page = client.get(reverse("social:session_start")).content.decode()
    assert 'value="house"' not in session_page
