"""The social table's scorepad pages: start, enter, correct, refuse, and keep
each pad to its own link. The expected scores come from the engine."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from scoring.engine.social.chicago import ChicagoPad, ChicagoRules
from scoring.engine.social.deal import Deal, Honours, HonoursHeld
from scoring.engine.types import Contract, Result, Seat, Side, Strain
from scoring.models import SocialDeal, SocialPad

pytestmark = pytest.mark.django_db

NAMES = {"north": "Ann", "east": "Bob", "south": "Cleo", "west": "Dan"}
# §3.1 example C1: 2♥+1 by N, 3NT= by E, 2♠= by N, 1NT+1 by N.
C1: list[dict[str, Any]] = [
    {"level": 2, "strain": "H", "declarer": "N", "tricks": 9},
    {"level": 3, "strain": "NT", "declarer": "E", "tricks": 9},
    {"level": 2, "strain": "S", "declarer": "N", "tricks": 8},
    {"level": 1, "strain": "NT", "declarer": "N", "tricks": 8},
]


def deal(level: int, strain: str, declarer: str, tricks: int) -> Deal:
    contract = Contract(level, Strain(strain))
    return Deal(Result(contract, Seat(declarer), tricks))


def start(client: Client, **options: object) -> SocialPad:
    data = {**NAMES, "kind": "chicago", "style": "standard",
            "middle_deals": "dealer's side", **options}  # fmt: skip
    response = client.post(reverse("social:start"), data)
    assert response.status_code == 302
    pad = SocialPad.objects.get()
    assert response["Location"] == reverse("social:pad", args=[pad.key])
    return pad


def enter(
    client: Client, pad: SocialPad, entry: int | None = None, **fields: Any
) -> Any:
    data = {"played": "played", "doubling": "", **fields}
    if entry is None:
        return client.post(reverse("social:pad", args=[pad.key]), data)
    return client.post(reverse("social:deal", args=[pad.key, entry]), data)


def totals(client: Client, pad: SocialPad) -> tuple[int, int]:
    page = client.get(reverse("social:pad", args=[pad.key])).content.decode()
    ns = re.search(r'id="total-ns">(-?\d+)<', page)
    ew = re.search(r'id="total-ew">(-?\d+)<', page)
    assert ns and ew
    return int(ns.group(1)), int(ew.group(1))


def test_a_chukker_is_scored_and_a_corrected_deal_scores_all_after_it() -> None:
    client = Client()
    pad = start(client)
    assert len(pad.key) >= 20
    for fields in C1:
        assert enter(client, pad, **fields).status_code == 302
    engine = ChicagoPad(deals=tuple(deal(**fields) for fields in C1))
    assert (engine.totals.ns, engine.totals.ew) == (720, 600)
    assert totals(client, pad) == (720, 600)
    page = client.get(reverse("social:pad", args=[pad.key])).content.decode()
    assert "The chukker is over." in page and 'id="deal-form"' not in page
    # deal 2 was 3NT-1 (NS +100): NS's 60 still counts, so deal 3 completes a
    # game, vulnerable (+500), and deal 4's part-score earns 100.
    corrected = {**C1[1], "tricks": 8}
    assert enter(client, pad, 2, **corrected).status_code == 302
    engine = engine.with_correction(2, deal(**corrected))
    assert totals(client, pad) == (engine.totals.ns, engine.totals.ew)
    assert (engine.totals.ns, engine.totals.ew) == (920, 0)
    assert SocialDeal.objects.get(pad=pad, number=2).tricks == 8


def test_a_deal_after_the_chukker_is_refused_and_nothing_is_written() -> None:
    client = Client()
    pad = start(client)
    for fields in C1:
        enter(client, pad, **fields)
    response = enter(client, pad, **C1[0])
    assert response.status_code == 400
    assert "The chukker is over after four deals." in response.content.decode()
    assert SocialDeal.objects.filter(pad=pad).count() == 4


def test_refusals_name_the_field_and_change_nothing() -> None:
    client = Client()
    pad = start(client, honours="on")
    enter(client, pad, **C1[0])
    before = list(SocialDeal.objects.values())
    missing = enter(client, pad, level=2, strain="H", declarer="N")
    assert missing.status_code == 400
    assert 'id="e-tricks"' in missing.content.decode()
    aces = enter(client, pad, **C1[0], honours="four aces at no trump",
                 honours_side="NS")  # fmt: skip
    assert aces.status_code == 400
    assert "Honours: four aces count only at no trump" in aces.content.decode()
    passed = client.post(
        reverse("social:deal", args=[pad.key, 1]),
        {"played": "pass", "honours": "four trump honours", "honours_side": "EW"},
    )
    assert passed.status_code == 400
    assert "Honours: a passed-out deal has no honours." in passed.content.decode()
    assert list(SocialDeal.objects.values()) == before


def test_honours_are_counted_by_the_side_that_holds_them() -> None:
    client = Client()
    pad = start(client, honours="on")
    enter(client, pad, **C1[0], honours="four trump honours", honours_side="EW")
    held = HonoursHeld(Honours.FOUR_TRUMP, Side.EW)
    engine = ChicagoPad(ChicagoRules(honours=True), (Deal(deal(**C1[0]).result, held),))
    assert totals(client, pad) == (engine.totals.ns, engine.totals.ew) == (90, 100)


def test_duplicate_style_with_honours_is_refused_at_the_start() -> None:
    data = {**NAMES, "kind": "chicago", "style": "duplicate-style",
            "middle_deals": "dealer's side", "honours": "on"}  # fmt: skip
    response = Client().post(reverse("social:start"), data)
    assert response.status_code == 200
    assert "duplicate-style Chicago counts no honours" in response.content.decode()
    assert not SocialPad.objects.exists()


def test_a_rubber_shows_its_bonus_and_end() -> None:
    client = Client()
    pad = start(client, kind="rubber", honours="on")
    enter(client, pad, level=4, strain="S", declarer="N", tricks=10)
    enter(client, pad, level=3, strain="NT", declarer="S", tricks=10)
    page = client.get(reverse("social:pad", args=[pad.key])).content.decode()
    assert totals(client, pad) == (950, 0)  # §3.2 example R1
    assert 'id="bonus-ns">700<' in page and "The rubber is over." in page


def test_a_pad_shows_only_itself() -> None:
    client = Client()
    pad = start(client)
    enter(client, pad, **C1[0])
    other = SocialPad.objects.create(**NAMES, kind="rubber")
    assert client.get(reverse("social:pad", args=["x" + pad.key])).status_code == 404
    assert client.get(reverse("social:deal", args=[other.key, 1])).status_code == 404
    response = enter(client, other, 1, **C1[1])
    assert response.status_code == 404
    assert SocialDeal.objects.get(pad=pad).declarer == "N"
    other_page = client.get(reverse("social:pad", args=[other.key])).content.decode()
    assert "2♥" not in other_page and f"/social/{pad.key}/" not in other_page


def test_hostile_names_stay_inert() -> None:
    client = Client()
    pad = start(client, north="<script>alert(1)</script>", east='=cmd|" x')
    page = client.get(reverse("social:pad", args=[pad.key])).content.decode()
    assert "<script>alert(1)</script>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
