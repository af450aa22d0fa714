"""A social session (individual-and-social.md §3.1): the organiser names 4, 5 or 8
players, the session creates each chukker's pad with the rotation's partners,
and the players are ranked by their total points on a page and in a PDF."""

from __future__ import annotations

import io
import re
from itertools import combinations
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader

from movements.engine.individual import individual
from scoring.engine.types import Side
from scoring.models import SocialDeal, SocialPad, SocialPlayer, SocialSession
from scoring.social.sessions import seating_of

from .test_pad_views import C1, enter

pytestmark = pytest.mark.django_db

NAMES = ["Ann", "Bob", "Cleo", "Dan", "Eve", "Fay", "Gus", "Hal"]


def start(client: Client, players: int, **options: object) -> Any:
    data: dict[str, object] = {"style": "standard", "middle_deals": "dealer's side"}
    data |= {f"player_{n}": name for n, name in enumerate(NAMES[:players], start=1)}
    return client.post(reverse("social:session_start"), {**data, **options})


def started(client: Client, players: int) -> SocialSession:
    response = start(client, players)
    assert response.status_code == 302
    session = SocialSession.objects.get()
    assert response["Location"] == reverse("social:session", args=[session.key])
    return session


def pad_of(session: SocialSession, chukker: int, table: int = 1) -> SocialPad:
    return SocialPad.objects.get(session=session, chukker=chukker, table=table)


def ranking(client: Client, session: SocialSession) -> list[tuple[str, str, int]]:
    page = client.get(reverse("social:session", args=[session.key])).content.decode()
    rows = re.findall(
        r'<td class="place">([^<]+)</td><th scope="row" class="name">([^<]+)</th>'
        r'<td class="num points">(-?\d+)</td>',
        page,
    )
    return [(place, name, int(points)) for place, name, points in rows]


def test_four_players_play_three_chukkers_and_are_ranked_by_total_points() -> None:
    client = Client()
    session = started(client, 4)
    pads = list(session.pads.order_by("chukker"))
    assert [(p.chukker, p.table) for p in pads] == [(1, 1), (2, 1), (3, 1)]
    # AB-CD, AC-BD, AD-BC: Ann keeps North and partners Bob, Cleo, then Dan.
    assert [(p.north, p.south, p.east, p.west) for p in pads] == [
        ("Ann", "Bob", "Cleo", "Dan"),
        ("Ann", "Cleo", "Bob", "Dan"),
        ("Ann", "Dan", "Bob", "Cleo"),
    ]
    for fields in C1:  # §3.1 example C1: NS 720, EW 600
        assert enter(client, pad_of(session, 1), **fields).status_code == 302
    # Chukker 2, deal 1 (none vulnerable): Ann 4♠= is 120 + a game of 300.
    enter(client, pad_of(session, 2), level=4, strain="S", declarer="N", tricks=10)
    # Chukker 3, deal 1: Bob (East) 4♥= is 120 + 300 for Bob and Cleo.
    enter(client, pad_of(session, 3), level=4, strain="H", declarer="E", tricks=10)
    # Ann 720 + 420 + 0, Bob 720 + 0 + 420, Cleo 600 + 420 + 420, Dan 600.
    assert ranking(client, session) == [
        ("1", "Cleo", 1440), ("2=", "Ann", 1140), ("2=", "Bob", 1140),
        ("4", "Dan", 600),
    ]  # fmt: skip
    page = client.get(reverse("social:session", args=[session.key])).content.decode()
    assert "Ranking so far" in page
    assert page.count(reverse("social:pad", args=[pads[0].key])) == 1


def test_five_players_follow_the_five_player_individual() -> None:
    client = Client()
    session = started(client, 5)
    movement = individual(5)
    pads = list(session.pads.order_by("chukker"))
    assert len(pads) == len(movement.rounds) == 5
    page = client.get(reverse("social:session", args=[session.key])).content.decode()
    for pad, rnd in zip(pads, movement.rounds, strict=True):
        (seating,) = rnd.seatings
        assert seating_of(pad).players == seating.players
        (out,) = movement.sitting_out(rnd)
        assert out not in seating_of(pad).players
        chukker = page.split(f'id="chukker-{pad.chukker}"')[1].split("</section>")[0]
        assert f"Sits out: {NAMES[out - 1]}" in chukker
    partners = [frozenset(seating_of(p).side(s)) for p in pads for s in Side]
    assert len(set(partners)) == len(partners) == 10  # each pair once
    # Chukker 1 seats 5, 4, 2, 3 (N, E, S, W): player 1 (Ann) sits out it.
    enter(client, pads[0], level=4, strain="S", declarer="N", tricks=10)
    assert dict((name, points) for _, name, points in ranking(client, session)) == {
        "Eve": 420, "Bob": 420, "Dan": 0, "Cleo": 0, "Ann": 0,
    }  # fmt: skip


def test_eight_players_play_the_eight_player_individual_at_two_tables() -> None:
    session = started(Client(), 8)
    pads = list(session.pads.order_by("chukker", "table"))
    movement = individual(8)
    assert len(pads) == 14
    seatings = [s.players for r in movement.rounds for s in r.seatings]
    assert [seating_of(p).players for p in pads] == seatings
    partners = [frozenset(seating_of(p).side(s)) for p in pads for s in Side]
    assert set(partners) == {frozenset(c) for c in combinations(range(1, 9), 2)}
    assert list(session.players.values_list("name", flat=True)) == NAMES


def test_the_ranking_pdf_reads_as_the_page() -> None:
    client = Client()
    session = started(client, 4)
    enter(client, pad_of(session, 1), level=3, strain="NT", declarer="E", tricks=10)
    response = client.get(reverse("social:session_pdf", args=[session.key]))
    assert response["Content-Type"] == "application/pdf"
    text = PdfReader(io.BytesIO(response.content)).pages[0].extract_text()
    # Cleo and Dan (EW) 3NT+1 on deal 1: 100 + 30 + 300 = 430 each.
    assert ranking(client, session)[:2] == [("1=", "Cleo", 430), ("1=", "Dan", 430)]
    assert "Ranking by total points" in text
    assert re.search(r"1=\s*Cleo\s*430", text) and re.search(r"3=\s*Bob\s*0", text)
    assert "Chukkers" in text and "Ann · Bob" in text


@pytest.mark.parametrize(
    ("players", "options", "field", "message"),
    [
        (3, {}, "", "Players: a social session is for 4, 5 or 8 players, not 3."),
        (6, {}, "", "Players: a social session is for 4, 5 or 8 players, not 6."),
        (4, {"player_3": "ann"}, "player_3", "Players: two players have this name."),
        (4, {"style": "duplicate-style", "honours": "on"}, "honours",
         "Honours: duplicate-style Chicago counts no honours."),
        (4, {"middle_deals": "nobody"}, "middle_deals", "Select a valid choice."),
    ],
)  # fmt: skip
def test_a_refused_session_names_the_field_and_writes_nothing(
    players: int, options: dict[str, object], field: str, message: str
) -> None:
    response = start(Client(), players, **options)
    page = response.content.decode()
    assert response.status_code == 400
    assert message in page
    if field:
        assert f'id="e-{field}"' in page
    assert not SocialSession.objects.exists() and not SocialPad.objects.exists()
    assert not SocialPlayer.objects.exists()


def test_a_session_shows_only_itself() -> None:
    client = Client()
    session = started(client, 4)
    pad = pad_of(session, 1)
    enter(client, pad, **C1[0])
    other = started_again(client)
    for name in ("social:session", "social:session_pdf"):
        assert client.get(reverse(name, args=[pad.key])).status_code == 404
        assert client.get(reverse(name, args=["x" + session.key])).status_code == 404
    assert client.get(reverse("social:pad", args=[session.key])).status_code == 404
    page = client.get(reverse("social:session", args=[other.key])).content.decode()
    assert pad.key not in page and session.key not in page
    assert ranking(client, other)[0] == ("1=", "Ann", 0)
    pad_page = client.get(reverse("social:pad", args=[pad.key])).content.decode()
    assert reverse("social:session", args=[session.key]) in pad_page
    assert "Chukker 1, table 1" in pad_page
    assert SocialDeal.objects.filter(pad__session=other).count() == 0


def started_again(client: Client) -> SocialSession:
    assert start(client, 4).status_code == 302
    return SocialSession.objects.latest("pk")


def test_hostile_names_stay_inert_on_the_session_page() -> None:
    client = Client()
    response = start(client, 4, player_2="<script>alert(1)</script>")
    session = SocialSession.objects.get()
    assert response.status_code == 302
    page = client.get(reverse("social:session", args=[session.key])).content.decode()
    assert "<script>alert(1)</script>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
