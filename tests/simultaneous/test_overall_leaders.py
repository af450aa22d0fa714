"""The public overall page of a federation's field shows the leaders of each
ranking (a 200-club field's 4,800 rows are 1.3 MB, written at every result on
election night), every pair on asking, and every row of a club filtered."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from benchmarks.sims_field import build_field
from tournaments.models import Club

pytestmark = pytest.mark.django_db


def rows(page: str) -> int:
    return len(re.findall(r'<tr><td class="short">', page))


def test_the_leaders_of_each_ranking_then_every_pair_on_asking(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("scoring.public.overall.LEADERS", 10)
    url = reverse("public:overall", args=[build_field(9, 3, 4)])  # 54 pairs
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    ns = page.split("North-South</th></tr>")[1].split("</tbody>")[0]
    assert rows(ns) == 10 and rows(page) == 20
    assert "The first 10 of each ranking are shown, of 54 pairs." in page
    assert '<a href="?all=1">Show every pair</a>' in page
    every = client.get(url, {"all": "1"}).content.decode()
    assert rows(every) == 54 and "Show every pair" not in every
    live = client.get(url, {"all": "1", "part": "live"}).content.decode()
    assert rows(live) == 54 and "all=1&amp;part=live" in live
    assert rows(client.get(url, {"part": "live"}).content.decode()) == 20
    club = Club.objects.get(name="Sims club 004")
    mine = client.get(url, {"club": club.pk}).content.decode()
    assert rows(mine) == 6 and "Show every pair" not in mine


def test_the_leaders_sentence_in_spanish_and_italian(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("scoring.public.overall.LEADERS", 10)
    url = reverse("public:overall", args=[build_field(9, 3, 4)])
    for lang in ("es", "it"):
        page = client.get(url, {"lang": lang}, HTTP_ACCEPT_LANGUAGE=lang)
        text = page.content.decode()
        assert "Show every pair" not in text and "The first 10" not in text
        assert "54" in text.split('href="?all=1"')[0][-200:]
